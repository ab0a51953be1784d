/**
 * Shared fixtures of the main-thread tests: a client over an in-page core (no worker), a fake EIP-6963
 * wallet whose answers the test controls, and a fake of the remotes (data API, wallet catalogue).
 * Test code only: nothing here is exported by the package.
 */
import { act, render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi, type Mock } from 'vitest'
import { createCore, createStorage, type Core } from '@portico/worker-core'
import type { CaipAddress, Network, PorticoConfigInput, PorticoCoreApi, WalletListing } from '@portico/shared-types'
import { createClient, type PorticoClient } from '../src/client/createClient.ts'
import type { View } from '../src/client/router.ts'
import type { SpawnedCore } from '../src/client/spawnCore.ts'
import { PorticoProvider } from '../src/PorticoProvider.tsx'

export const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const API_URL = 'http://api.test'
export const CATALOGUE_URL = 'https://catalogue.test'

export function testNetwork(id: number, name: string, extra: Partial<Network> = {}): Network {
  return {
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${id}`] } },
    ...extra,
  } as Network
}

export const LOCAL = testNetwork(31337, 'Portico Local', { blockExplorers: { default: { name: 'Local scan', url: 'https://scan.test' } } } as Partial<Network>)
export const LOCAL_B = testNetwork(31338, 'Portico Local B')

export function testConfig(extra: Partial<PorticoConfigInput> = {}): PorticoConfigInput {
  return { projectId: 'p', networks: [LOCAL, LOCAL_B], metadata: { name: 'Test', url: 'http://localhost' }, apiUrl: API_URL, serviceWorker: false, ...extra }
}

export function listing(id: string, partial: Partial<WalletListing> = {}): WalletListing {
  return { id, name: id, image_id: `img-${id}`, rdns: null, chains: [], mobile_link: null, desktop_link: null, webapp_link: null, ...partial }
}

/** `count` catalogue wallets named "Wallet 0001" and up. */
export function catalogue(count: number): WalletListing[] {
  return Array.from({ length: count }, (_, i) => listing(`w${i + 1}`, { name: `Wallet ${String(i + 1).padStart(4, '0')}` }))
}

type Json = Record<string, unknown>

/** The data API's balances of a funded account on the local chain: 1 ETH and 10 USDC (the Send view's tokens). */
export const TOKEN_BALANCES = {
  balances: [
    { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' },
    {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:31337',
      address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
      value: 10,
      price: 1,
      quantity: { decimals: '6', numeric: '10' },
      iconUrl: '',
    },
  ],
}

export type FakeRemotes = {
  /** Wallets of the catalogue (GET /getWallets honours page, entries, search, badge_type, include, exclude). */
  wallets?: readonly WalletListing[]
  balances?: Json
  history?: (cursor: string | null) => Json
  identity?: Json
  /** GET /v1/account/{address}/nfts: the NFT holdings answer (none by default). */
  nfts?: Json
}

/** The fetch of the in-page core: answers the data API and the catalogue like the sandbox does. */
export function fakeFetch(remotes: FakeRemotes = {}): Mock<typeof fetch> {
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    if (url.pathname.startsWith('/getWalletImage/')) return new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', { headers: { 'content-type': 'image/svg+xml' } })
    if (url.pathname === '/getWallets') {
      const q = url.searchParams
      const include = q.get('include')?.split(',')
      const exclude = new Set(q.get('exclude')?.split(',') ?? [])
      const search = q.get('search')?.toLowerCase()
      const badge = q.get('badge_type')
      const matching = (remotes.wallets ?? []).filter(
        (w) => (!include || include.includes(w.id)) && !exclude.has(w.id) && (!search || w.name.toLowerCase().includes(search)) && (!badge || badge === 'none' || w.badge_type === badge),
      )
      const page = Number(q.get('page') ?? 1)
      const entries = Number(q.get('entries') ?? 40)
      return json({ count: matching.length, data: matching.slice((page - 1) * entries, page * entries) })
    }
    if (url.pathname.endsWith('/balance')) return json(remotes.balances ?? { balances: [] })
    if (url.pathname.endsWith('/history')) return json(remotes.history?.(url.searchParams.get('cursor')) ?? { data: [], next: null })
    if (url.pathname.startsWith('/v1/identity/')) return json(remotes.identity ?? { name: null, avatar: null })
    if (url.pathname.endsWith('/nfts')) return json(remotes.nfts ?? { data: [] })
    return new Response('not found', { status: 404 })
  })
}

/** The catalogue requests the core made, as their query strings' fields. */
export function catalogueRequests(fetchMock: Mock<typeof fetch>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input instanceof Request ? input.url : input)))
    .filter((url) => url.pathname === '/getWallets')
    .map((url) => url.searchParams)
}

export type TestPortico = { client: PorticoClient; core: Core; fetch: Mock<typeof fetch> }

/**
 * A stand-in for the universal provider in the core: each `connect` shows a new URI (`uris`) and waits
 * until the test approves (`approve(caipAddress)`) or rejects; no relay, no network.
 */
export type FakeWalletConnect = {
  uris: string[]
  approve(caipAddress: CaipAddress): void
  reject(message: string, code?: number): void
  /** What the core's `start` answers. */
  provider: unknown
}
export function fakeWalletConnect(): FakeWalletConnect {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const f of [...(listeners.get(event) ?? [])]) f(...args)
  }
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null
  const uris: string[] = []
  const provider = {
    session: undefined as unknown,
    on: (event: string, f: (...args: unknown[]) => void) => void (listeners.get(event) ?? listeners.set(event, new Set()).get(event)!).add(f),
    once(event: string, f: (...args: unknown[]) => void) {
      const g = (...args: unknown[]) => {
        provider.removeListener(event, g)
        f(...args)
      }
      provider.on(event, g)
    },
    removeListener: (event: string, f: (...args: unknown[]) => void) => void listeners.get(event)?.delete(f),
    async connect() {
      const uri = `wc:fake${uris.length + 1}@2?relay-protocol=irn&symKey=${'ab'.repeat(32)}`
      uris.push(uri)
      emit('display_uri', uri)
      return new Promise((resolve, reject) => (pending = { resolve, reject }))
    },
    setDefaultChain: () => undefined,
    request: async () => '0xsigned',
    async disconnect() {
      provider.session = undefined
    },
  }
  return {
    uris,
    provider,
    approve(caipAddress) {
      const chain = caipAddress.split(':').slice(0, 2).join(':')
      provider.session = {
        topic: 'topic',
        expiry: 0,
        peer: { metadata: { name: 'Fake phone', url: 'http://phone.test', icons: [] } },
        namespaces: { eip155: { chains: [chain], accounts: [caipAddress], methods: ['personal_sign'], events: [] } },
      }
      pending?.resolve(provider.session)
    },
    reject(message, code = 5000) {
      pending?.reject(Object.assign(new Error(message), { code }))
    },
  }
}

/** A client whose core runs in the page with the fake remotes (the search's 300 ms wait is skipped). */
export function createTestClient({
  config = testConfig(),
  remotes,
  fetch: fetchMock = fakeFetch(remotes),
  walletConnect = fakeWalletConnect(),
  coreOverrides,
}: {
  config?: PorticoConfigInput
  remotes?: FakeRemotes
  fetch?: Mock<typeof globalThis.fetch>
  walletConnect?: FakeWalletConnect
  /** Methods of the core's API answered by the test instead (the rest are the core's own): a write held at a step, say. */
  coreOverrides?: Partial<PorticoCoreApi>
} = {}): TestPortico {
  const core = createCore({
    storage: createStorage({ dbName: `portico-test-${Math.random()}`, warn: () => undefined }),
    fetch: fetchMock,
    sleep: async () => undefined,
    warn: () => undefined,
    walletConnect: { start: async () => walletConnect.provider as never },
  })
  const api = coreOverrides ? new Proxy(core, { get: (target, key, receiver) => (key in coreOverrides ? coreOverrides[key as keyof PorticoCoreApi] : Reflect.get(target, key, receiver)) }) : core
  const client = createClient({ config, spawn: () => ({ api: api as unknown as SpawnedCore['api'], kind: 'dedicated', close: () => core.dispose() }) })
  return { client, core, fetch: fetchMock }
}

/** Renders `children` inside a PorticoProvider over `client`; the modal renders when it is opened. */
export function renderPortico(portico: TestPortico, children?: ReactNode): RenderResult {
  return render(<PorticoProvider client={portico.client}>{children}</PorticoProvider>)
}

/** Wakes the session and marks `connectorId` connected on `chain` in the core, as a wallet would. */
export async function connectInCore(portico: TestPortico, { chain = LOCAL.caipNetworkId, connectorId = 'dev.test.wallet', connectorName = 'Test Wallet', address = ADDRESS } = {}) {
  await act(async () => {
    await portico.client.start()
    await portico.core.setConnected({ caipAddress: `${chain}:${address}` as CaipAddress, connectorId, connectorName })
  })
}

/** Opens the modal at `view` (Connect when none). */
export async function openModal(portico: TestPortico, view?: View) {
  await act(async () => {
    portico.client.open(view)
    await portico.client.start()
  })
}

type RequestHandler = (method: string, params: readonly unknown[] | undefined) => unknown

export type FakeWallet = {
  provider: { request: Mock<(args: { method: string; params?: readonly unknown[] }) => Promise<unknown>>; on: Mock; removeListener: Mock }
  chainId: number
  /** The account it answers (change it, then emit `accountsChanged`, as a wallet switching account). */
  address: string
  cleanup(): void
}

/** The wallets announced and not yet cleaned up: the DOM tests share a window per worker (isolate: false), so each file ends them (test/setup.ts). */
const announced = new Set<FakeWallet>()

/** Ends every wallet a test file announced and left (their `eip6963:requestProvider` listeners on the shared window). */
export function cleanupAnnouncedWallets() {
  for (const wallet of [...announced]) wallet.cleanup()
}

/**
 * An EIP-6963 wallet on the page. It approves connections (unless `approve` says no), answers its
 * chain, and passes other methods to `handle` (throw `{ code }` objects as wallets do).
 */
export function announceWallet({
  name = 'Test Wallet',
  rdns = 'dev.test.wallet',
  chainId = 31337,
  approve = async () => true,
  handle,
  address = ADDRESS,
}: {
  name?: string
  rdns?: string
  chainId?: number
  /** The account the wallet answers. */
  address?: string
  approve?: () => Promise<boolean>
  handle?: RequestHandler
} = {}): FakeWallet {
  let authorised = false
  const wallet: FakeWallet = {
    chainId,
    address,
    provider: {
      request: vi.fn(async ({ method, params }: { method: string; params?: readonly unknown[] }) => {
        if (method === 'eth_requestAccounts') {
          if (!(await approve())) throw { code: 4001, message: 'User rejected the request.' }
          authorised = true
          return [wallet.address]
        }
        if (method === 'eth_accounts') return authorised ? [wallet.address] : []
        if (method === 'eth_chainId') return `0x${wallet.chainId.toString(16)}`
        if (method === 'wallet_revokePermissions') {
          authorised = false
          return null
        }
        if (handle) return handle(method, params)
        throw { code: 4200, message: 'Unsupported' }
      }),
      on: vi.fn(),
      removeListener: vi.fn(),
    },
    cleanup: () => {
      window.removeEventListener('eip6963:requestProvider', announce)
      announced.delete(wallet)
    },
  }
  announced.add(wallet)
  const info = { uuid: `uuid-${rdns}`, name, rdns, icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>' }
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider: wallet.provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return wallet
}
