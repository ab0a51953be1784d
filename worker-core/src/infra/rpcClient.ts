/**
 * viem's client and transports for the core's chain reads, loaded by `rpc.ts` with a network's first
 * read: the worker's first bundle carries none of viem's client, its batching, retries and JSON-RPC
 * errors, so a visitor who only opens Connect never fetches them.
 */
import { createClient, fallback, hexToBigInt, http, type Transport } from 'viem'
import { HTTP_RPC_BATCH_SIZE, HTTP_RPC_TIMEOUT_MS, RETRY_BASE_DELAY_MS, RETRY_DEFAULT_COUNT } from '@portico/shared-types/constants'
import { parseWith } from '@portico/shared-types/parse'
import type { SolanaRpcClient } from './rpc.ts'
import { planRpcTransport, type CreateRpcTransportParameters } from './rpcPlan.ts'
import type * as Actions from './rpcActions.ts'

export function createRpcTransport({ urls, fetchFn, onRequest }: CreateRpcTransportParameters): Transport {
  const one = (url: string) =>
    http(url, {
      timeout: HTTP_RPC_TIMEOUT_MS,
      retryCount: RETRY_DEFAULT_COUNT,
      retryDelay: RETRY_BASE_DELAY_MS,
      batch: { batchSize: HTTP_RPC_BATCH_SIZE },
      ...(fetchFn ? { fetchFn } : {}),
      ...(onRequest ? { onFetchRequest: (request: Request) => onRequest(request.url) } : {}),
    })
  const plan = planRpcTransport(urls)
  return plan.kind === 'http' ? one(plan.url) : fallback(plan.urls.map(one), { rank: plan.rank })
}

let loaded: Promise<typeof Actions> | null = null
/** The write path's viem actions (and the Send and Swap reads'), loaded on first use. */
const actions = () => (loaded ??= import('./rpcActions.ts'))

type EvmChain = { id: number; name: string; nativeCurrency: { name: string; symbol: string; decimals: number }; rpcUrls: { default: { http: readonly string[] } } }

export type CreateEvmRpcClientParameters = CreateRpcTransportParameters & { chain: EvmChain }

/** What the core asks an EVM chain, on a bare viem client (a public client carries every public action). */
export function createEvmRpcClient({ chain, urls, fetchFn, onRequest }: CreateEvmRpcClientParameters) {
  const base = createClient({ chain, transport: createRpcTransport({ urls, fetchFn, onRequest }) })
  return {
    chain: base.chain,
    request: base.request,
    // eth_getBalance straight through the transport (batched, with fallback): viem's getBalance
    // action would bring its multicall path (the whole `call` action) in.
    getBalance: async ({ address, blockTag = 'latest' }: { address: `0x${string}`; blockTag?: 'latest' | 'pending' | 'safe' | 'finalized' | 'earliest' }) =>
      hexToBigInt(await base.request({ method: 'eth_getBalance', params: [address, blockTag] })),
    getGasPrice: async () => (await actions()).getGasPrice(base),
    readContract: async (args: Parameters<typeof Actions.readContract>[1]) => (await actions()).readContract(base, args),
    estimateGas: async (args: Parameters<typeof Actions.estimateGas>[1]) => (await actions()).estimateGas(base, args),
    waitForTransactionReceipt: async (args: Parameters<typeof Actions.waitForTransactionReceipt>[1]) => (await actions()).waitForTransactionReceipt(base, args),
  }
}
export type EvmRpcClient = ReturnType<typeof createEvmRpcClient>

/**
 * What the core asks a Solana cluster, through the same transport as EVM chains (Solana's RPC is
 * JSON-RPC 2.0 too); every answer is checked by its schema (`@portico/shared-types/solana`).
 */
export function createSolanaRpcClient({ urls, fetchFn, onRequest }: CreateRpcTransportParameters): SolanaRpcClient {
  const base = createClient({ transport: createRpcTransport({ urls, fetchFn, onRequest }) })
  // Solana's methods are not in viem's EVM method list: the transport is called untyped.
  const request = (method: string, params: readonly unknown[]) => (base.request as (args: { method: string; params: readonly unknown[] }) => Promise<unknown>)({ method, params })
  return {
    request,
    async getBalance(address) {
      // The Solana answers' schemas load with the first Solana read: the core's entry stays EVM-only.
      const [{ solanaBalanceAnswerSchema }, raw] = await Promise.all([import('@portico/shared-types/solana'), request('getBalance', [address, { commitment: 'confirmed' }])])
      const answer = parseWith(solanaBalanceAnswerSchema, raw, 'Solana getBalance answer')
      return BigInt(answer.value)
    },
  }
}
