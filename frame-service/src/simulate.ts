import { simulateCalls, SIMULATION_TIMEOUT_MS, type SimulatedCall, type Simulation } from '@portico/simulation'
import { createPublicClient, http, type Address } from 'viem'
import { readToken, type Rpc } from './page/reads.ts'
import type { FrameChain } from './rpc.ts'

/**
 * What a request would do to the visitor's account, before it is approved: the calls simulated on the
 * chain's own node by `@portico/simulation` (the same preview the modal's Review step shows), with the
 * tokens named as the approval names them (page/reads.ts: its rule for hidden characters).
 */
export async function simulateForAccount(chain: FrameChain, account: Address, calls: readonly SimulatedCall[]): Promise<Simulation> {
  const client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl, { timeout: SIMULATION_TIMEOUT_MS, retryCount: 0 }) })
  const rpc: Rpc = (method, params) => client.request({ method, params } as never)
  return simulateCalls({
    client,
    account,
    calls,
    readToken: async (address) => {
      const token = await readToken(rpc, chain.id, address)
      return { symbol: token?.symbol, decimals: token && !token.nft ? token.decimals : undefined }
    },
  })
}
