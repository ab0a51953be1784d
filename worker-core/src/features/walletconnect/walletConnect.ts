import { MESSAGES, PorticoError } from '@portico/shared-types/errors'
import type { CaipAddress, ChainNamespace } from '@portico/shared-types'
import type { WalletAnswer } from '@portico/shared-types/write'
import type { CoreContext } from '../../infra/context.ts'
import { createPairing } from './pairing.ts'
import type { Requests } from './requests.ts'
import { createSessionState, failure } from './sessionState.ts'
import type { StartUniversalProviderParameters, UniversalProviderClient as UniversalProvider } from './universalProvider.ts'

export { EIP155_EVENTS, EIP155_METHODS } from './constants.ts'

export type WalletConnectHooks = {
  /**
   * The wallet signed in within the pairing (one-click auth): its CACAOs (one per chain), unchecked,
   * and the account the session connects; the core verifies one and keeps the session before the
   * connection is recorded, so no tab asks to sign in afterwards. A failure is told, not thrown.
   */
  signedIn?(auths: readonly unknown[], caipAddress: CaipAddress, messageOf: (cacao: unknown) => string): Promise<void>
  /**
   * The session's accounts changed (approved, wallet switched chain or account): one per namespace
   * the session holds, the dapp's namespace last; the core records them for every tab.
   */
  connected(caipAddresses: readonly CaipAddress[], walletName: string): Promise<void>
  /** The session ended (deleted by the wallet, expired): the core disconnects every namespace it held. */
  disconnected(): Promise<void>
}

export type CreateWalletConnectParameters = {
  /** Replaces the universal provider's start (tests pass storage in memory). */
  start?: (params: StartUniversalProviderParameters) => Promise<UniversalProvider>
  storage?: StartUniversalProviderParameters['storage']
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
  const session = createSessionState(ctx, hooks, () => pairing.clearRefresh())
  const pairing = createPairing(ctx, hooks, load, session)
  // A session's requests and chain switches: their code loads with the first one (a session exists by then).
  let requestsCode: Promise<Requests> | null = null
  const requests = () => {
    requestsCode ??= import('./requests.ts').then((m) => m.createRequests(ctx, load, session))
    requestsCode.catch(() => (requestsCode = null))
    return requestsCode
  }
  /** A request's answer; its code not loading (offline, nothing cached) is a failed answer like any other. */
  async function withRequests(use: (r: Requests) => Promise<WalletAnswer>): Promise<WalletAnswer> {
    let loaded: Requests
    try {
      loaded = await requests()
    } catch (error) {
      return failure(error)
    }
    return use(loaded)
  }

  function load(): Promise<UniversalProvider> {
    provider ??= (async () => {
      await ctx.ready
      const env = ctx.env()
      if (!env) throw new PorticoError(MESSAGES.signClientNotInitialized)
      const start = params.start ?? (await import('./universalProvider.ts')).startUniversalProvider
      const p = await start({ config: env.config, storage: params.storage })
      p.on('display_uri', (uri: string) => pairing.uriShown(uri))
      p.on('session_update', () => void session.changed(p).catch(ctx.warn))
      p.on('chainChanged', (chainId: string | number) => {
        const chain = String(chainId).includes(':') ? String(chainId) : `eip155:${Number(chainId)}`
        void session.changed(p, chain).catch(() => undefined)
      })
      p.on('accountsChanged', () => void session.changed(p).catch(() => undefined))
      p.on('session_delete', () => void session.ended().catch(() => undefined))
      p.on('session_expire', () => void session.ended().catch(() => undefined))
      session.publish(p)
      // Every tab learns the client is here: a Connect view opening may now prepare a pairing, at no download.
      session.patch({ clientLoaded: true })
      return p
    })()
    provider.catch(() => (provider = null))
    return provider
  }

  return {
    async prepare({ refresh = false }: { refresh?: boolean } = {}) {
      await pairing.ensure(refresh)
    },
    async connect(): Promise<WalletAnswer> {
      try {
        const p = await load()
        if (p.session) return { ok: true, result: session.primaryAccount(p) }
        return await pairing.approval(p)
      } catch (error) {
        return failure(error)
      }
    },
    async getAccount(namespace: ChainNamespace): Promise<CaipAddress | null> {
      return session.accountOf(await load(), namespace)
    },
    request: (params: Parameters<Requests['request']>[0]) => withRequests((r) => r.request(params)),
    switchChain: (caipNetworkId: Parameters<Requests['switchChain']>[0]) => withRequests((r) => r.switchChain(caipNetworkId)),
    async disconnect() {
      // Without a session this ends a pairing nobody looks at any more: whoever waits hears it was
      // called off, and its URI is never shown again.
      const handedOut = pairing.callOff()
      const p = provider ? await provider.catch(() => null) : null
      const hadSession = !!p?.session
      if (hadSession) await p!.disconnect().catch(() => undefined)
      session.patch({ session: null, status: 'idle', uri: null, expiresAt: null, error: null })
      // A visitor who looked at a QR code and stepped back may try again: a new URI is made ready now
      // (the client is loaded and its socket open), so the next QR code shows at once.
      if (handedOut && !hadSession) void pairing.ensure().catch(() => undefined)
    },
    dispose() {
      pairing.clearRefresh()
    },
  }
}

export type WalletConnect = ReturnType<typeof createWalletConnect>
