import { createClient, fallback, hexToBigInt, http, type PublicClient, type Transport } from 'viem'
import type * as Actions from './rpcActions.ts'
import { FALLBACK_TRANSPORT, HOSTED_RPC_CHAINS, HTTP_RPC_BATCH_SIZE, HTTP_RPC_TIMEOUT_MS, RETRY_BASE_DELAY_MS, RETRY_DEFAULT_COUNT } from '@portico/shared-types/constants'
import { parseWith } from '@portico/shared-types/parse'
import { MESSAGES, PorticoError, type CaipNetworkId, type CoreConfig, type CoreOptions, type Network } from '@portico/shared-types'

export type RpcSource = 'rpcMap' | 'hosted' | 'default'

export type GetRpcUrlsParameters = {
  network: Network
  projectId: string
  rpcMap?: Record<string, string> | undefined
  /** Base of the project's hosted RPC. */
  hostedRpcUrl: string
  hostedRpcChains?: readonly CaipNetworkId[]
}

/**
 * Where a network's JSON-RPC goes (SPEC.md §7): the rpcMap entry when configured; for the hosted
 * chains the project's RPC path first, then the network's own URLs; otherwise the network's own URLs.
 */
export function getRpcUrls({ network, projectId, rpcMap, hostedRpcUrl, hostedRpcChains = HOSTED_RPC_CHAINS }: GetRpcUrlsParameters): { source: RpcSource; urls: string[] } {
  const mapped = rpcMap?.[network.caipNetworkId]
  if (mapped) return { source: 'rpcMap', urls: [mapped] }
  const own = network.rpcUrls.default.http
  if (hostedRpcChains.includes(network.caipNetworkId)) {
    const base = hostedRpcUrl.endsWith('/') ? hostedRpcUrl : `${hostedRpcUrl}/`
    const hosted = new URL('v1/', base)
    hosted.searchParams.set('chainId', network.caipNetworkId)
    hosted.searchParams.set('projectId', projectId)
    return { source: 'hosted', urls: [...new Set([hosted.toString(), ...own])] }
  }
  return { source: 'default', urls: [...own] }
}

export type CreateRpcTransportParameters = {
  urls: readonly string[]
  fetchFn?: typeof fetch | undefined
  onRequest?: ((url: string) => void) | undefined
}

export type RpcTransportPlan =
  | { kind: 'http'; url: string }
  | { kind: 'fallback'; urls: string[]; rank: { interval: number; sampleCount: number; timeout: number; weights: { stability: number; latency: number } } }

/** One URL: viem's http transport. Several: viem's fallback transport, ranked with the SPEC.md §9 settings. */
export function planRpcTransport(urls: readonly string[]): RpcTransportPlan {
  if (urls.length === 0) throw new PorticoError(MESSAGES.noRpcUrl)
  if (urls.length === 1) return { kind: 'http', url: urls[0]! }
  return {
    kind: 'fallback',
    urls: [...urls],
    rank: {
      interval: FALLBACK_TRANSPORT.rankingIntervalMs,
      sampleCount: FALLBACK_TRANSPORT.sampleCount,
      timeout: FALLBACK_TRANSPORT.pingTimeoutMs,
      weights: { ...FALLBACK_TRANSPORT.weights },
    },
  }
}

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

/**
 * What the core asks a chain: the few viem actions it uses, on a bare viem client. A public client
 * (`createPublicClient`) fits too, but it carries every public action into the worker's bundle.
 */
export type RpcClient = Pick<PublicClient, 'chain' | 'request' | 'getBalance' | 'getGasPrice' | 'readContract' | 'estimateGas' | 'waitForTransactionReceipt'>

/**
 * What the core asks a Solana cluster, through the same transport as EVM chains (viem's http
 * transport, its fallback and ranking where a network has several URLs: Solana's RPC is JSON-RPC
 * 2.0 too). Every answer is checked by its schema (`@portico/shared-types/solana`).
 */
export type SolanaRpcClient = {
  request(method: string, params: readonly unknown[]): Promise<unknown>
  /** An account's SOL in lamports. */
  getBalance(address: string): Promise<bigint>
}

export type RpcRegistry = {
  /** The viem client of a configured eip155 network, created on first use; null for other networks. */
  client(caipNetworkId: CaipNetworkId): RpcClient | null
  /** The JSON-RPC client of a configured solana network, created on first use; null for other networks. */
  solana(caipNetworkId: CaipNetworkId): SolanaRpcClient | null
  source(caipNetworkId: CaipNetworkId): RpcSource | null
}

export type CreateRpcRegistryParameters = {
  config: CoreConfig
  options: CoreOptions
  fetchFn?: typeof fetch | undefined
  onRequest?: ((url: string) => void) | undefined
}

let loaded: Promise<typeof Actions> | null = null
/** The write path's viem actions, loaded on first use. */
const actions = () => (loaded ??= import('./rpcActions.ts'))

/** A viem public client per network, made lazily so nothing is asked before a tab needs it. */
export function createRpcRegistry({ config, options, fetchFn, onRequest }: CreateRpcRegistryParameters): RpcRegistry {
  const clients = new Map<CaipNetworkId, RpcClient>()
  const solanaClients = new Map<CaipNetworkId, SolanaRpcClient>()
  const network = (id: CaipNetworkId) => config.networks.find((n) => n.caipNetworkId === id)
  const urlsOf = (n: Network) =>
    getRpcUrls({
      network: n,
      projectId: config.projectId,
      rpcMap: config.rpcMap,
      hostedRpcUrl: options.rpcUrl ?? config.apiUrl,
      ...(options.hostedRpcChains ? { hostedRpcChains: options.hostedRpcChains } : {}),
    })
  return {
    client(caipNetworkId) {
      const existing = clients.get(caipNetworkId)
      if (existing) return existing
      const n = network(caipNetworkId)
      if (!n || n.chainNamespace !== 'eip155' || typeof n.id !== 'number') return null
      const base = createClient({
        chain: {
          id: n.id,
          name: n.name,
          nativeCurrency: n.nativeCurrency,
          rpcUrls: { default: { http: n.rpcUrls.default.http } },
        },
        transport: createRpcTransport({ urls: urlsOf(n).urls, fetchFn, onRequest }),
      })
      // The generic signatures of viem's actions are the public client's: the object is typed as one.
      const client = {
        chain: base.chain,
        request: base.request,
        // eth_getBalance straight through the transport (batched, with fallback): viem's getBalance
        // action would bring its multicall path (the whole `call` action) into the first bundle.
        getBalance: async ({ address, blockTag = 'latest' }: { address: `0x${string}`; blockTag?: 'latest' | 'pending' | 'safe' | 'finalized' | 'earliest' }) =>
          hexToBigInt(await base.request({ method: 'eth_getBalance', params: [address, blockTag] })),
        getGasPrice: async () => (await actions()).getGasPrice(base),
        readContract: async (args: Parameters<typeof Actions.readContract>[1]) => (await actions()).readContract(base, args),
        estimateGas: async (args: Parameters<typeof Actions.estimateGas>[1]) => (await actions()).estimateGas(base, args),
        waitForTransactionReceipt: async (args: Parameters<typeof Actions.waitForTransactionReceipt>[1]) => (await actions()).waitForTransactionReceipt(base, args),
      } as unknown as RpcClient
      clients.set(caipNetworkId, client)
      return client
    },
    solana(caipNetworkId) {
      const existing = solanaClients.get(caipNetworkId)
      if (existing) return existing
      const n = network(caipNetworkId)
      if (!n || n.chainNamespace !== 'solana') return null
      const base = createClient({ transport: createRpcTransport({ urls: urlsOf(n).urls, fetchFn, onRequest }) })
      // Solana's methods are not in viem's EVM method list: the transport is called untyped.
      const request = (method: string, params: readonly unknown[]) => (base.request as (args: { method: string; params: readonly unknown[] }) => Promise<unknown>)({ method, params })
      const client: SolanaRpcClient = {
        request,
        async getBalance(address) {
          // The Solana answers' schemas load with the first Solana read: the core's entry stays EVM-only.
          const [{ solanaBalanceAnswerSchema }, raw] = await Promise.all([import('@portico/shared-types/solana'), request('getBalance', [address, { commitment: 'confirmed' }])])
          const answer = parseWith(solanaBalanceAnswerSchema, raw, 'Solana getBalance answer')
          return BigInt(answer.value)
        },
      }
      solanaClients.set(caipNetworkId, client)
      return client
    },
    source(caipNetworkId) {
      const n = network(caipNetworkId)
      return n ? urlsOf(n).source : null
    },
  }
}
