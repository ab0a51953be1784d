import type { CoreConfig, TokenBalance, Transaction, WalletListing } from '@portico/shared-types'

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const CAIP_ADDRESS = `eip155:31337:${ADDRESS}` as const
export const RPC_URL = 'http://127.0.0.1:8545/'

export const testConfig: CoreConfig = {
  projectId: 'test-project',
  apiUrl: 'http://api.test',
  catalogueUrl: 'http://catalogue.test',
  networks: [
    {
      id: 31337,
      caipNetworkId: 'eip155:31337',
      chainNamespace: 'eip155',
      name: 'Portico Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [RPC_URL] } },
    },
    {
      id: 31338,
      caipNetworkId: 'eip155:31338',
      chainNamespace: 'eip155',
      name: 'Portico Local B',
      nativeCurrency: { name: 'Bee', symbol: 'BEE', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8546/'] } },
    },
  ],
}

export function balance(partial: Partial<TokenBalance> = {}): TokenBalance {
  return {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:31337',
    value: 3000,
    price: 3000,
    quantity: { decimals: '18', numeric: '1' },
    iconUrl: 'https://api.test/icons/eth.svg',
    ...partial,
  }
}

export function transaction(id: string, minedAt: string, partial: { chain?: Transaction['metadata']['chain']; transfers?: Transaction['transfers'] } = {}): Transaction {
  return {
    id,
    metadata: {
      operationType: 'send',
      hash: `0x${id.padStart(64, '0')}`,
      minedAt,
      sentFrom: ADDRESS,
      sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      status: 'confirmed',
      nonce: 0,
      chain: partial.chain ?? 'eip155:31337',
    },
    transfers: partial.transfers ?? [{ fungible_info: { name: 'Ether', symbol: 'ETH', icon: null }, direction: 'out', quantity: { numeric: '1' } }],
  }
}

export const spamNft: Transaction['transfers'][number] = {
  nft_info: { name: 'Free tokens', content: { preview: null }, flags: { is_spam: true } },
  direction: 'in',
  quantity: { numeric: '1' },
}

export function wallet(id: string, partial: Partial<WalletListing> = {}): WalletListing {
  return {
    id,
    name: `Wallet ${id}`,
    image_id: `img-${id}`,
    rdns: `com.example.${id}`,
    chains: ['eip155:1'],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    ...partial,
  }
}

type Handler = (request: { url: URL; method: string; body: unknown }) => Response | Promise<Response>

export type FakeUpstream = {
  fetch: typeof fetch
  /** Every request as 'METHOD /path' (query left out), in order. */
  calls: string[]
  urls: URL[]
  /** Parsed JSON bodies, by index of `calls`. */
  bodies: unknown[]
  count(pattern: RegExp): number
  /** Replaces the answer of requests whose 'METHOD /path' matches. */
  on(pattern: RegExp, handler: Handler): void
}

export const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init })

/**
 * A fake of every upstream the core talks to (data API, catalogue, chain RPC), routed by method and
 * path, with a log of what was asked. Tests override single routes with `on`.
 */
export function fakeUpstream(): FakeUpstream {
  const calls: string[] = []
  const urls: URL[] = []
  const bodies: unknown[] = []
  const routes: [RegExp, Handler][] = [
    [/^GET \/v1\/account\/[^/]+\/balance$/, () => json({ balances: [balance()] })],
    [/^GET \/v1\/supported-chains$/, () => json({ http: ['eip155:31337', 'eip155:31338'], ws: [] })],
    [/^GET \/v1\/identity\/[^/]+$/, () => json({ name: 'alice.reown.id', avatar: 'https://api.test/avatar.png' })],
    [/^GET \/v1\/account\/[^/]+\/history$/, () => json({ data: [], next: null })],
    [/^GET \/v1\/profile\/reverse\/[^/]+$/, () => json([{ name: 'alice.reown.id', registered: 1, addresses: { '60': { address: ADDRESS } } }])],
    [/^POST \/v1\/fungible\/price$/, () => json({ fungibles: [{ name: 'USD Coin', symbol: 'USDC', iconUrl: 'https://api.test/usdc.svg', price: 1 }] })],
    [/^GET \/getWallets$/, () => json({ count: 0, data: [] })],
    [/^GET \/getWalletImage\/[^/]+$/, () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } })],
    [
      /^POST \/$/,
      ({ body }) => {
        const answer = (r: { id: number; method: string }) => ({
          jsonrpc: '2.0',
          id: r.id,
          result: r.method === 'eth_getBalance' ? '0x1bc16d674ec80000' : r.method === 'eth_chainId' ? '0x7a69' : '0x1',
        })
        return json(Array.isArray(body) ? body.map(answer) : answer(body as { id: number; method: string }))
      },
    ],
  ]
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const rawBody = init?.body ?? (input instanceof Request ? await input.text() : undefined)
    const body = typeof rawBody === 'string' && rawBody ? (JSON.parse(rawBody) as unknown) : undefined
    const line = `${method} ${url.pathname}`
    calls.push(line)
    urls.push(url)
    bodies.push(body)
    for (const [pattern, handler] of routes) if (pattern.test(line)) return handler({ url, method, body })
    return json({ error: 'Not found' }, { status: 404 })
  }
  return {
    fetch: fetchImpl,
    calls,
    urls,
    bodies,
    count: (pattern) => calls.filter((c) => pattern.test(c)).length,
    on(pattern, handler) {
      routes.unshift([pattern, handler])
    },
  }
}

export const BALANCE_CALL = /^GET \/v1\/account\/[^/]+\/balance$/
export const RPC_CALL = /^POST \/$/

import { createCore, type CreateCoreParameters } from '../src/core.ts'
import { createStorage } from '../src/infra/storage.ts'

/** A core over fake-indexeddb (a fresh database unless `dbName` is given), the fake upstream and a hand-driven clock. */
export function setupCore(overrides: Partial<CreateCoreParameters> & { dbName?: string; upstream?: FakeUpstream; clock?: { now: number } } = {}) {
  const upstream = overrides.upstream ?? fakeUpstream()
  const clock = overrides.clock ?? { now: 1_000_000 }
  const warnings: string[] = []
  const warn = (message: string) => void warnings.push(message)
  const dbName = overrides.dbName ?? `core-${Math.random()}`
  const storage = overrides.storage ?? createStorage({ dbName, now: () => clock.now, warn })
  const core = createCore({ storage, fetch: upstream.fetch, now: () => clock.now, sleep: async () => {}, warn, ...overrides })
  return { core, upstream, clock, storage, warnings, dbName }
}
