import type { Eip1193Provider, Network } from '@portico/react'
import { approveAllToDrainerCall, approveDrainerCall, drainCall, SANDBOX_DRAINER_TARGETS, type DrainerCall } from '../../sandbox/src/contracts/drainer.ts'

/**
 * What **Try a malicious request** asks the connected wallet for, through `useProvider()` like any
 * dapp request (loaded on the first click): on the sandbox's EVM chains, the Sandbox Drainer's two
 * requests (its USDC, then every Portico Pioneers NFT); on the Solana Localnet, SetAuthority of the
 * visitor's USDC token account. Each line of `report` says what the wallet answered.
 */
export type MaliciousRequestInput = { provider: Eip1193Provider; address: string; network: Network }

/** The wallet's refusal (EIP-1193 4001), or its message. */
function outcome(what: string, error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (code === 4001) return `${what}: rejected. Nothing was given away.`
  return `${what}: not sent (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`
}

const asTransaction = (from: string, call: DrainerCall) => ({ from, to: call.to, data: call.data, value: '0x0' })

/** Whether the wallet runs a batch atomically for `address` on `chainId` (EIP-5792 capabilities); no answer counts as no. */
async function atomicBatches(provider: Eip1193Provider, address: string, chainId: `0x${string}`): Promise<boolean> {
  try {
    const capabilities = (await provider.request({ method: 'wallet_getCapabilities', params: [address, [chainId]] })) as Record<string, { atomic?: { status?: string } } | undefined>
    return ['supported', 'ready'].includes(capabilities[chainId]?.atomic?.status ?? '')
  } catch {
    return false
  }
}

/**
 * The EVM requests: with atomic batches, one `wallet_sendCalls` of USDC's unlimited approval to the
 * drainer and the drainer's `drain(USDC)`; without them, the approval alone (the drainer takes the
 * USDC later, `drainFrom`). Then `setApprovalForAll(drainer, true)` on the NFT collection.
 */
async function askEvm({ provider, address, network }: MaliciousRequestInput, report: (line: string) => void): Promise<void> {
  const chainId = Number(network.id)
  const targets = SANDBOX_DRAINER_TARGETS[chainId]
  if (!targets) return report(`${network.name} has no Sandbox Drainer: switch to Portico Local or Portico Local B.`)
  const hexChainId = `0x${chainId.toString(16)}` as const
  const batch = await atomicBatches(provider, address, hexChainId)
  try {
    if (batch) {
      const calls = [approveDrainerCall(targets), drainCall(targets)].map((c) => ({ to: c.to, data: c.data, value: '0x0' }))
      const { id } = (await provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: hexChainId, from: address, atomicRequired: true, calls }] })) as { id: string }
      report(`USDC: approved (batch ${id.slice(0, 12)}…): the Sandbox Drainer took it.`)
    } else {
      const hash = String(await provider.request({ method: 'eth_sendTransaction', params: [asTransaction(address, approveDrainerCall(targets))] }))
      report(`USDC: approved (${hash.slice(0, 12)}…): the Sandbox Drainer may now take all of it, now and later.`)
    }
  } catch (error) {
    report(outcome('USDC', error))
  }
  try {
    const hash = String(await provider.request({ method: 'eth_sendTransaction', params: [asTransaction(address, approveAllToDrainerCall(targets))] }))
    report(`NFTs: approved (${hash.slice(0, 12)}…): the Sandbox Drainer may now take every Portico Pioneer you hold.`)
  } catch (error) {
    report(outcome('NFTs', error))
  }
}

const readLatestBlockhash = (value: unknown): { blockhash: string; lastValidBlockHeight: number } => {
  const answer = (value as { result?: { value?: { blockhash?: unknown; lastValidBlockHeight?: unknown } } }).result?.value
  if (typeof answer?.blockhash !== 'string' || typeof answer.lastValidBlockHeight !== 'number') throw new TypeError('The Solana network did not answer a blockhash')
  return { blockhash: answer.blockhash, lastValidBlockHeight: answer.lastValidBlockHeight }
}

/** The Solana request: SetAuthority (AccountOwner) of the visitor's USDC token account to a sandbox address, with the network's latest blockhash. */
async function askSolana({ provider, address, network }: MaliciousRequestInput, report: (line: string) => void): Promise<void> {
  const rpcUrl = network.rpcUrls.default.http[0]
  if (!rpcUrl) return report(`${network.name} has no RPC to read a blockhash from.`)
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] }),
    })
    const latest = readLatestBlockhash(await response.json())
    const { setAuthorityTransaction } = await import('../../sandbox/src/solana/drainer.ts')
    const { transaction } = await setAuthorityTransaction({
      owner: address as Parameters<typeof setAuthorityTransaction>[0]['owner'],
      blockhash: latest.blockhash,
      lastValidBlockHeight: BigInt(latest.lastValidBlockHeight),
    })
    const answer = (await provider.request({ method: 'solana_signAndSendTransaction', params: [{ transaction }] })) as { signature?: string }
    report(`USDC account: signed (${String(answer.signature ?? '').slice(0, 12)}…): it now belongs to a sandbox address.`)
  } catch (error) {
    report(outcome('USDC account', error))
  }
}

export function askMalicious(input: MaliciousRequestInput, report: (line: string) => void): Promise<void> {
  return input.network.chainNamespace === 'solana' ? askSolana(input, report) : askEvm(input, report)
}
