import { numberToHex } from 'viem'
import { PorticoError, SwitchChainError } from '@portico/shared-types/errors'
import { PAIRING_EXPIRED_BELOW_MS, PAIRING_EXPIRY_MS } from '@portico/shared-types/constants'
import { walletConnectPeerMetadataSchema, type CaipAddress, type CaipNetworkId, type ChainNamespace, type SiwxOneClick, type WalletConnectRequestParameters, type WalletConnectSession, type WalletConnectState } from '@portico/shared-types'
import type { WalletAnswer } from '@portico/shared-types/write'
import type { CoreContext, CoreEnv } from '../../infra/context.ts'
import type { StartUniversalProviderParameters, UniversalProviderClient as UniversalProvider } from './universalProvider.ts'
import { getSiwxNonce } from '../siwx/getSiwxNonce.ts'

/** The methods and events Portico asks a wallet for on eip155 (SPEC.md §7 wallet methods). */
export const EIP155_METHODS = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'] as const
export const EIP155_EVENTS = ['chainChanged', 'accountsChanged'] as const

/** SPEC.md §8, the connection library's messages. */
export const WALLET_CONNECT_MESSAGES = {
  connectBeforeRequest: 'Please call connect() before request()',
  sessionNotInitialized: 'Session not initialized',
  signClientNotInitialized: 'Sign Client not initialized',
} as const

export type WalletConnectHooks = {
  /**
   * The wallet signed in within the pairing (one-click auth): its CACAOs (one per chain), unchecked,
   * and the account the session connects; the core verifies one and keeps the session before the
   * connection is recorded, so no tab asks to sign in afterwards. A failure is told, not thrown.
   */
  signedIn?(auths: readonly unknown[], caipAddress: CaipAddress, messageOf: (cacao: unknown) => string): Promise<void>
  /** The session's account changed (approved, wallet switched chain or account): the core records it for every tab. */
  connected(caipAddress: CaipAddress, walletName: string): Promise<void>
  /** The session ended (deleted by the wallet, expired): the core disconnects every namespace it held. */
  disconnected(): Promise<void>
}

export type CreateWalletConnectParameters = {
  /** Replaces the universal provider's start (tests pass storage in memory). */
  start?: (params: StartUniversalProviderParameters) => Promise<UniversalProvider>
  storage?: StartUniversalProviderParameters['storage']
}

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void }
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/**
 * The sign-in a one-click pairing asks for: the page's domain and URI, a nonce from the verifier, the
 * expiry. Without a nonce the pairing is a plain one, and the sign-in follows the connection.
 */
async function oneClickParams(env: CoreEnv, oneClick: SiwxOneClick, nowMs: number): Promise<{ domain: string; uri: string; nonce: string; statement?: string; exp: string } | null> {
  const nonce = await getSiwxNonce(env.api).catch(() => null)
  if (!nonce) return null
  return {
    domain: oneClick.domain,
    uri: oneClick.uri,
    nonce,
    ...(oneClick.statement ? { statement: oneClick.statement } : {}),
    exp: new Date(nowMs + oneClick.expiresInMs).toISOString(),
  }
}

/** Whatever the client or the wallet threw, as an EIP-1193 error answer (code kept when there is one). */
function failure(error: unknown): WalletAnswer {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown; data?: unknown }
  const message = typeof e.message === 'string' && e.message ? e.message : String(error)
  return { ok: false, error: { ...(typeof e.code === 'number' ? { code: e.code } : {}), message, ...(e.data !== undefined ? { data: e.data } : {}) } }
}

/** The wallet's own description of itself, parsed (`walletConnectPeerMetadataSchema`): a bad field is left empty. */
function peerOf(session: NonNullable<UniversalProvider['session']>): WalletConnectSession['peer'] {
  const { name, url, icons } = walletConnectPeerMetadataSchema.parse((session.peer as { metadata?: unknown } | undefined)?.metadata)
  return { name, url, icons }
}

function toSession(session: NonNullable<UniversalProvider['session']>, defaultChain: string | null): WalletConnectSession {
  const namespaces: WalletConnectSession['namespaces'] = {}
  for (const [key, ns] of Object.entries(session.namespaces) as [string, { chains?: string[]; accounts: string[]; methods: string[]; events: string[] }][]) {
    namespaces[key] = { chains: ns.chains ?? [...new Set(ns.accounts.map((a) => a.split(':').slice(0, 2).join(':')))], accounts: ns.accounts, methods: ns.methods, events: ns.events }
  }
  return {
    topic: session.topic,
    peer: peerOf(session),
    namespaces,
    defaultChain: (defaultChain as CaipNetworkId | null) ?? null,
    expiry: session.expiry,
  }
}

/**
 * WalletConnect in the core (SPEC.md §4): one universal provider for every tab, so N tabs share one
 * relay socket and one session. The client's code loads on the first call (a visitor heading for
 * WalletConnect, or a tab checking a stored session), never with the core. The pending URI and the
 * session are core state pushed to every tab; approval, a session update, a wallet's chain or account
 * change and a session delete are recorded here, whichever tab is open.
 */
export function createWalletConnect(ctx: CoreContext, hooks: WalletConnectHooks, params: CreateWalletConnectParameters = {}) {
  let provider: Promise<UniversalProvider> | null = null
  /** Resolves with the approved account (or the pairing's failure) for every caller waiting. */
  let waiting: Deferred<WalletAnswer> | null = null
  /** The latest pairing; an older one's outcome is ignored. */
  let pairing: object | null = null
  let refreshTimer: ReturnType<typeof setTimeout> | null = null

  const state = () => ctx.store.get().walletConnect
  const patch = (p: Partial<WalletConnectState>) => ctx.store.set((s) => ({ walletConnect: { ...s.walletConnect, ...p } }))
  const expiryMs = () => ctx.env()?.config.walletConnect?.pairingExpiryMs ?? PAIRING_EXPIRY_MS

  /** The account of the session in `namespace`, on the default chain when it has one there. */
  function accountOf(p: UniversalProvider, namespace: ChainNamespace = 'eip155'): CaipAddress | null {
    const ns = p.session?.namespaces[namespace]
    if (!ns?.accounts.length) return null
    const active = ctx.store.get().activeCaipNetworkId
    const preferred = [state().session?.defaultChain, active].filter(Boolean)
    for (const chain of preferred) {
      const account = ns.accounts.find((a: string) => a.startsWith(`${chain}:`))
      if (account) return account as CaipAddress
    }
    return ns.accounts[0] as CaipAddress
  }

  function publishSession(p: UniversalProvider, defaultChain?: string) {
    if (!p.session) return patch({ session: null })
    const account = accountOf(p)
    const chain = defaultChain ?? (account ? account.split(':').slice(0, 2).join(':') : null)
    patch({ session: toSession(p.session, chain), status: 'idle', uri: null, expiresAt: null, error: null })
  }

  async function sessionChanged(p: UniversalProvider, defaultChain?: string) {
    publishSession(p, defaultChain)
    const account = accountOf(p)
    if (account) await hooks.connected(account, (p.session && peerOf(p.session).name) || 'WalletConnect')
  }

  async function sessionEnded() {
    clearRefresh()
    patch({ session: null })
    await hooks.disconnected()
  }

  function load(): Promise<UniversalProvider> {
    provider ??= (async () => {
      await ctx.ready
      const env = ctx.env()
      if (!env) throw new PorticoError(WALLET_CONNECT_MESSAGES.signClientNotInitialized)
      const start = params.start ?? (await import('./universalProvider.ts')).startUniversalProvider
      const p = await start({ config: env.config, storage: params.storage })
      p.on('display_uri', (uri: string) => {
        patch({ status: 'pairing', uri, expiresAt: ctx.now() + expiryMs(), error: null })
        scheduleRefresh()
      })
      p.on('session_update', () => void sessionChanged(p).catch(ctx.warn))
      p.on('chainChanged', (chainId: string | number) => {
        const chain = String(chainId).includes(':') ? String(chainId) : `eip155:${Number(chainId)}`
        void sessionChanged(p, chain).catch(() => undefined)
      })
      p.on('accountsChanged', () => void sessionChanged(p).catch(() => undefined))
      p.on('session_delete', () => void sessionEnded().catch(() => undefined))
      p.on('session_expire', () => void sessionEnded().catch(() => undefined))
      publishSession(p)
      return p
    })()
    provider.catch(() => (provider = null))
    return provider
  }

  function clearRefresh() {
    if (refreshTimer !== null) clearTimeout(refreshTimer)
    refreshTimer = null
  }

  /** SPEC.md §9: a pairing with less than 10 s left is expired; a new URI replaces it while someone waits or the QR is shown. */
  function scheduleRefresh() {
    clearRefresh()
    const { expiresAt } = state()
    if (expiresAt === null) return
    refreshTimer = setTimeout(() => {
      refreshTimer = null
      if (state().status === 'pairing' && !state().session) void ensurePairing(true).catch(() => undefined)
    }, Math.max(0, expiresAt - PAIRING_EXPIRED_BELOW_MS - ctx.now()))
  }

  /** Makes a new pairing (its URI arrives through `display_uri`); the approval settles whoever waits. */
  function pair(): Promise<void> {
    const uriReady = deferred<void>()
    const token = {}
    const run = (async () => {
      const env = ctx.env()
      const p = await load()
      if (p.session) return uriReady.resolve()
      patch({ status: 'loading', error: null })
      const chains = env!.config.networks.filter((n) => n.chainNamespace === 'eip155')
      const rpcMap: Record<string, string> = {}
      for (const n of chains) rpcMap[String(n.id)] = env!.config.rpcMap?.[n.caipNetworkId] ?? n.rpcUrls.default.http[0]!
      const active = ctx.store.get().activeCaipNetworkId
      const ordered = [...chains].sort((a, b) => Number(b.caipNetworkId === active) - Number(a.caipNetworkId === active))
      const onUri = () => uriReady.resolve()
      p.once('display_uri', onUri)
      const optionalNamespaces = { eip155: { chains: ordered.map((n) => n.caipNetworkId), methods: [...EIP155_METHODS], events: [...EIP155_EVENTS], rpcMap } }
      // SPEC.md §5: one-click sign-in (wc_sessionAuthenticate) only when every configured chain is eip155.
      const oneClick = env!.config.siwxOneClick && env!.config.networks.every((n) => n.chainNamespace === 'eip155') ? await oneClickParams(env!, env!.config.siwxOneClick, ctx.now()) : null
      let auths: unknown[] = []
      const mine = oneClick
        ? p
            // The namespaces ride along for the provider's own use (rpcMap: reads never go to the hosted RPC).
            .authenticate({ ...oneClick, chains: ordered.map((n) => n.caipNetworkId), methods: [...EIP155_METHODS], optionalNamespaces } as Parameters<UniversalProvider['authenticate']>[0])
            .then((answer) => {
              auths = answer.auths ?? []
            })
        : p.connect({ optionalNamespaces })
      const outcome = await mine.then(
        () => 'approved' as const,
        (error: unknown) => error,
      )
      p.removeListener('display_uri', onUri)
      uriReady.resolve()
      // A newer pairing replaced this one (refresh): its outcome is the one that counts.
      if (pairing !== token) return
      pairing = null
      clearRefresh()
      const w = waiting
      waiting = null
      if (outcome === 'approved' && p.session) {
        const account = accountOf(p)
        if (auths.length > 0 && account && hooks.signedIn) {
          const { cacaoMessage } = await import('./universalProvider.ts')
          await hooks.signedIn(auths, account, (cacao) => cacaoMessage(cacao as Parameters<typeof cacaoMessage>[0]))
        }
        await sessionChanged(p)
        w?.resolve({ ok: true, result: accountOf(p) })
      } else {
        const answer = failure(outcome)
        patch({ status: 'failed', uri: null, expiresAt: null, error: answer.ok ? null : answer.error.message })
        w?.resolve(answer)
      }
    })()
    pairing = token
    run.catch((error: unknown) => {
      if (pairing === token) pairing = null
      const answer = failure(error)
      patch({ status: 'failed', uri: null, expiresAt: null, error: answer.ok ? null : answer.error.message })
      waiting?.resolve(answer)
      waiting = null
      uriReady.resolve()
    })
    return uriReady.promise
  }

  const hasFreshUri = () => {
    const { status, uri, expiresAt } = state()
    return (status === 'pairing' || status === 'loading') && !!pairing && (uri === null || (expiresAt !== null && expiresAt - ctx.now() > PAIRING_EXPIRED_BELOW_MS))
  }

  /** The pairing being made now, shared by every caller (tabs hovering, a tab connecting), so one URI is made at a time. */
  let ensuring: Promise<void> | null = null
  function ensurePairing(refresh = false): Promise<void> {
    ensuring ??= (async () => {
      const p = await load()
      if (p.session) return
      if (!refresh && hasFreshUri()) return
      await pair()
    })().finally(() => (ensuring = null))
    return ensuring
  }

  async function prepare({ refresh = false }: { refresh?: boolean } = {}) {
    await ensurePairing(refresh)
  }

  async function request({ method, params: requestParams, caipNetworkId }: WalletConnectRequestParameters): Promise<WalletAnswer> {
    try {
      const p = await load()
      if (!p.session) return failure(new PorticoError(WALLET_CONNECT_MESSAGES.connectBeforeRequest))
      if (method === 'wallet_switchEthereumChain') {
        const [first] = Array.isArray(requestParams) ? (requestParams as { chainId?: string }[]) : []
        if (!first?.chainId) return failure(Object.assign(new PorticoError('Missing chainId'), { code: -32602 }))
        return await switchChain(`eip155:${Number(first.chainId)}`)
      }
      const chain = caipNetworkId ?? state().session?.defaultChain ?? ctx.store.get().activeCaipNetworkId ?? undefined
      const result = await p.request({ method, ...(requestParams !== undefined ? { params: requestParams as unknown[] } : {}) }, chain)
      return { ok: true, result }
    } catch (error) {
      return failure(error)
    }
  }

  /** SPEC.md §4: the chain id normalised to hex; an approved chain becomes the default; else wallet_switchEthereumChain when allowed; else the §8 error. */
  async function switchChain(caipNetworkId: CaipNetworkId): Promise<WalletAnswer> {
    try {
      const p = await load()
      if (!p.session) return failure(new PorticoError(WALLET_CONNECT_MESSAGES.sessionNotInitialized))
      const chainIdHex = numberToHex(Number(caipNetworkId.split(':')[1]))
      const ns = state().session?.namespaces.eip155
      if (ns?.chains.includes(caipNetworkId)) {
        p.setDefaultChain(caipNetworkId)
        await sessionChanged(p, caipNetworkId)
        return { ok: true, result: null }
      }
      if (ns?.methods.includes('wallet_switchEthereumChain')) {
        const from = state().session?.defaultChain ?? undefined
        await p.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainIdHex }] }, from)
        p.setDefaultChain(caipNetworkId)
        await sessionChanged(p, caipNetworkId)
        return { ok: true, result: null }
      }
      return failure(new SwitchChainError(caipNetworkId))
    } catch (error) {
      return failure(error)
    }
  }

  return {
    prepare,
    async connect(): Promise<WalletAnswer> {
      try {
        const p = await load()
        if (p.session) return { ok: true, result: accountOf(p) }
        waiting ??= deferred<WalletAnswer>()
        const w = waiting
        await ensurePairing()
        if (p.session) return { ok: true, result: accountOf(p) }
        return await w.promise
      } catch (error) {
        return failure(error)
      }
    },
    async getAccount(namespace: ChainNamespace): Promise<CaipAddress | null> {
      const p = await load()
      return accountOf(p, namespace)
    },
    request,
    switchChain,
    async disconnect() {
      clearRefresh()
      // Without a session this ends a pairing nobody looks at any more: whoever waits hears it was called off.
      const w = waiting
      waiting = null
      w?.resolve({ ok: false, error: { code: 4001, message: 'Connection declined' } })
      const p = provider ? await provider.catch(() => null) : null
      if (p?.session) await p.disconnect().catch(() => undefined)
      patch({ session: null, status: 'idle', uri: null, expiresAt: null, error: null })
    },
    dispose() {
      clearRefresh()
    },
  }
}

export type WalletConnect = ReturnType<typeof createWalletConnect>
