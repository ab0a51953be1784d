import { WalletKit, type IWalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import type { ICore, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces } from '@walletconnect/utils'

/** Every official client started here needs its own global core (sign-client keeps one per storage prefix). */
process.env.DISABLE_GLOBAL_CORE = 'true'

export const TEST_PROJECT_ID = 'portico-sandbox'
export const DAPP_METADATA = { name: 'Relay test dapp', description: 'A dapp in a test', url: 'http://127.0.0.1:5173', icons: [] }
export const WALLET_METADATA = { name: 'Relay test wallet', description: 'A wallet in a test', url: 'http://127.0.0.1:8791', icons: [] }
export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/**
 * The storage a client keeps between restarts (IKeyValueStorage, in memory): give the same one to a
 * second client to restart the first.
 */
export class MemoryStorage {
  readonly #map = new Map<string, unknown>()
  async getKeys(): Promise<string[]> {
    return [...this.#map.keys()]
  }
  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.#map.entries()] as [string, T][]
  }
  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return structuredClone(this.#map.get(key)) as T | undefined
  }
  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.#map.set(key, structuredClone(value))
  }
  async removeItem(key: string): Promise<void> {
    this.#map.delete(key)
  }
}

/**
 * Refuses every fetch that leaves 127.0.0.1 at once, as a machine offline would (or a page's CSP),
 * and records it: the official clients' telemetry and verify calls show up in `outside`.
 */
export function guardFetch(): { outside: string[]; restore(): void } {
  const original = globalThis.fetch
  const outside: string[] = []
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!/^https?:\/\/127\.0\.0\.1[:/]/.test(url)) {
      outside.push(url)
      return Promise.reject(new TypeError(`fetch failed: ${url} is outside the sandbox`))
    }
    return original(input, init)
  }) as typeof fetch
  return { outside, restore: () => void (globalThis.fetch = original) }
}

export async function startDapp(relayUrl: string, prefix = 'dapp', storage = new MemoryStorage()) {
  return SignClient.init({ projectId: TEST_PROJECT_ID, relayUrl, customStoragePrefix: prefix, metadata: DAPP_METADATA, storage, logger: 'silent' })
}

/** A walletkit wallet on its own core (tests outside the sandbox take it from here, with the sandbox's walletkit). */
export async function startWallet(relayUrl: string, storage = new MemoryStorage(), prefix = 'wallet', metadata: WalletMetadata = WALLET_METADATA): Promise<IWalletKit> {
  const core = new Core({ projectId: TEST_PROJECT_ID, relayUrl, customStoragePrefix: prefix, storage, telemetryEnabled: false, logger: 'silent' })
  return WalletKit.init({ core, metadata })
}

export type WalletMetadata = WalletKitTypes.Options['metadata']
export type { IWalletKit, WalletKitTypes }

/** The namespaces this test wallet grants: the sandbox chains, account 0. */
export function approvedNamespaces(proposal: SignClientTypes.EventArguments['session_proposal']['params']): SessionTypes.Namespaces {
  const chains = ['eip155:31337', 'eip155:31338']
  return buildApprovedNamespaces({
    proposal,
    supportedNamespaces: {
      eip155: {
        chains,
        methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain'],
        events: ['chainChanged', 'accountsChanged'],
        accounts: chains.map((c) => `${c}:${ACCOUNT}`),
      },
    },
  })
}

type Dapp = Awaited<ReturnType<typeof startDapp>>

/**
 * `dapp.connect()` with its `approval()` asked at once. sign-client's approval promise is lazy:
 * asked only after the wallet's settlement (or rejection) arrived, it never settles. Dapps must call
 * it right after connect(); so do the tests. The promise is marked handled; awaiting it still throws.
 */
export async function connectDapp(dapp: Dapp, params: Parameters<Dapp['connect']>[0]): Promise<{ uri: string; approved: Promise<SessionTypes.Struct> }> {
  const { uri, approval } = await dapp.connect(params)
  if (!uri) throw new Error('connect() gave no URI')
  const approved = approval()
  approved.catch(() => {})
  return { uri, approved }
}

/**
 * Closes a client's socket and timers, so the test process can end, and keeps it closed: the SDK
 * finishes some work after a test is done with the client (a session the dapp deleted is unsubscribed
 * once the wallet's answer is published), which would reopen the socket to a relay that may be gone
 * (the file's sandbox stopped) and reject where nothing awaits it, in the next file of the same
 * process. A client shut down neither publishes, subscribes nor connects again.
 */
export async function shutdown(core: ICore): Promise<void> {
  core.heartbeat.stop()
  const relayer = core.relayer as unknown as Record<'publish' | 'subscribe' | 'unsubscribe' | 'transportOpen' | 'restartTransport', () => Promise<unknown>>
  for (const method of ['publish', 'subscribe', 'unsubscribe', 'transportOpen', 'restartTransport'] as const) relayer[method] = async () => undefined
  await core.relayer.transportClose().catch(() => {})
}
