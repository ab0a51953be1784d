import type { PublicClient } from 'viem'
import type * as Client from './rpcClient.ts'
import { HOSTED_RPC_CHAINS, HTTP_RPC_TIMEOUT_MS } from '@portico/shared-types/constants'
import { planRpcTransport } from './rpcPlan.ts'
import type { CaipNetworkId, CoreConfig, CoreOptions, Network } from '@portico/shared-types'

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
  /**
   * The startup ping (SPEC.md §7): one JSON-RPC test method (`eth_chainId`) posted to an eip155
   * network's first RPC URL, its answer left unread. A plain POST: the ping is the core's only chain
   * call on a first open, and it must not load viem's client for that.
   */
  ping(caipNetworkId: CaipNetworkId): Promise<void>
}

export type CreateRpcRegistryParameters = {
  config: CoreConfig
  options: CoreOptions
  fetchFn?: typeof fetch | undefined
  onRequest?: ((url: string) => void) | undefined
}

let loaded: Promise<typeof Client> | null = null
/** viem's client, its transports and the actions the core uses: loaded with a network's first read. */
const clientCode = () => (loaded ??= import('./rpcClient.ts'))

/**
 * A viem client per network, made lazily so nothing is asked before a tab needs it. Each client is
 * answered at once and its code (viem's client, transports and errors) loads with its first call:
 * a visitor who only opens Connect never fetches it.
 */
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
      const chain = { id: n.id, name: n.name, nativeCurrency: n.nativeCurrency, rpcUrls: { default: { http: n.rpcUrls.default.http } } }
      const { urls } = urlsOf(n)
      // Planned now, so a network without a URL fails here as before, not in the loaded code.
      planRpcTransport(urls)
      let made: Promise<Client.EvmRpcClient> | null = null
      const base = () => (made ??= clientCode().then((code) => code.createEvmRpcClient({ chain, urls, fetchFn, onRequest })))
      // The generic signatures of viem's actions are the public client's: the object is typed as one.
      const client = {
        chain,
        request: async (args: Parameters<Client.EvmRpcClient['request']>[0]) => (await base()).request(args),
        getBalance: async (args: Parameters<Client.EvmRpcClient['getBalance']>[0]) => (await base()).getBalance(args),
        getGasPrice: async () => (await base()).getGasPrice(),
        readContract: async (args: Parameters<Client.EvmRpcClient['readContract']>[0]) => (await base()).readContract(args),
        estimateGas: async (args: Parameters<Client.EvmRpcClient['estimateGas']>[0]) => (await base()).estimateGas(args),
        waitForTransactionReceipt: async (args: Parameters<Client.EvmRpcClient['waitForTransactionReceipt']>[0]) => (await base()).waitForTransactionReceipt(args),
      } as unknown as RpcClient
      clients.set(caipNetworkId, client)
      return client
    },
    solana(caipNetworkId) {
      const existing = solanaClients.get(caipNetworkId)
      if (existing) return existing
      const n = network(caipNetworkId)
      if (!n || n.chainNamespace !== 'solana') return null
      const { urls } = urlsOf(n)
      planRpcTransport(urls)
      let made: Promise<SolanaRpcClient> | null = null
      const base = () => (made ??= clientCode().then((code) => code.createSolanaRpcClient({ urls, fetchFn, onRequest })))
      const client: SolanaRpcClient = {
        request: async (method, params) => (await base()).request(method, params),
        getBalance: async (address) => (await base()).getBalance(address),
      }
      solanaClients.set(caipNetworkId, client)
      return client
    },
    async ping(caipNetworkId) {
      const n = network(caipNetworkId)
      const url = n && n.chainNamespace === 'eip155' ? urlsOf(n).urls[0] : undefined
      if (!url) return
      onRequest?.(url)
      const answer = await (fetchFn ?? fetch)(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(HTTP_RPC_TIMEOUT_MS),
      })
      await answer.body?.cancel()
    },
    source(caipNetworkId) {
      const n = network(caipNetworkId)
      return n ? urlsOf(n).source : null
    },
  }
}
