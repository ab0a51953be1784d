import { PAIRING_EXPIRED_BELOW_MS, PAIRING_EXPIRY_MS } from '@portico/shared-types/constants'
import type { Network, SiwxOneClick } from '@portico/shared-types'
import { WALLET_CONNECT_CONNECTOR_ID } from '@portico/shared-types/connectors'
import type { WalletAnswer } from '@portico/shared-types/write'
import type { CoreContext, CoreEnv } from '../../infra/context.ts'
import { getSiwxNonce } from '../siwx/getSiwxNonce.ts'
import { failure, type SessionState } from './sessionState.ts'
import type { UniversalProviderClient as UniversalProvider } from './universalProvider.ts'
import { EIP155_EVENTS, EIP155_METHODS, EIP5792_METHODS } from './constants.ts'
import type { WalletConnectHooks } from './walletConnect.ts'

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

/**
 * WalletConnect's Solana methods, from shared-types' Solana module (its own chunk), for a dapp with
 * Solana networks; none otherwise. Asked as the preparation starts, so the module loads while the
 * client does, not after it.
 */
function solanaMethodsOf(env: CoreEnv): Promise<readonly string[]> {
  if (!env.config.networks.some((n) => n.chainNamespace === 'solana')) return Promise.resolve([])
  return import('@portico/shared-types/solana').then((m) => m.WALLET_CONNECT_SOLANA_METHODS)
}

/**
 * What a pairing proposes: the configured eip155 chains (the active one first) with their RPC for
 * reads, the configured Solana networks as the solana namespace (WalletConnect's four Solana methods),
 * both optional so a wallet approves what it has; and the one-click sign-in when configured.
 */
async function proposal(ctx: CoreContext, env: CoreEnv) {
  const active = ctx.store.get().activeCaipNetworkId
  const inOrder = (namespace: string) => env.config.networks.filter((n) => n.chainNamespace === namespace).sort((a, b) => Number(b.caipNetworkId === active) - Number(a.caipNetworkId === active))
  const rpcOf = (n: Network) => env.config.rpcMap?.[n.caipNetworkId] ?? n.rpcUrls.default.http[0]!
  const ordered = inOrder('eip155')
  const rpcMap: Record<string, string> = {}
  for (const n of ordered) rpcMap[String(n.id)] = rpcOf(n)
  const solana = inOrder('solana')
  // The Solana provider of the client looks its RPC up by the whole CAIP-2 id, its fallback by the reference.
  const solanaRpcMap: Record<string, string> = {}
  for (const n of solana) solanaRpcMap[n.caipNetworkId] = solanaRpcMap[n.caipNetworkId.slice('solana:'.length)] = rpcOf(n)
  // WalletConnect's Solana methods (shared-types' Solana module loads only for a dapp with Solana networks).
  const solanaMethods = solana.length > 0 ? await solanaMethodsOf(env) : []
  const optionalNamespaces = {
    ...(ordered.length > 0 ? { eip155: { chains: ordered.map((n) => n.caipNetworkId), methods: [...EIP155_METHODS, ...EIP5792_METHODS], events: [...EIP155_EVENTS], rpcMap } } : {}),
    ...(solana.length > 0 ? { solana: { chains: solana.map((n) => n.caipNetworkId), methods: [...solanaMethods], events: [], rpcMap: solanaRpcMap } } : {}),
  }
  // SPEC.md §5: one-click sign-in (wc_sessionAuthenticate) only when every configured chain is eip155.
  const oneClick = env.config.siwxOneClick && env.config.networks.every((n) => n.chainNamespace === 'eip155') ? await oneClickParams(env, env.config.siwxOneClick, ctx.now()) : null
  return { chains: ordered.map((n) => n.caipNetworkId), optionalNamespaces, oneClick }
}

/**
 * Asks the wallet through the provider: a one-click sign-in (wc_sessionAuthenticate) when the proposal
 * has one, else a connection. Answers 'approved' (with the sign-in's auths) or what it failed with.
 */
async function propose(p: UniversalProvider, { chains, optionalNamespaces, oneClick }: Awaited<ReturnType<typeof proposal>>): Promise<{ outcome: unknown; auths: unknown[] }> {
  let auths: unknown[] = []
  const asked = oneClick
    ? p
        // The namespaces ride along for the provider's own use (rpcMap: reads never go to the hosted RPC).
        .authenticate({ ...oneClick, chains, methods: [...EIP155_METHODS], optionalNamespaces } as Parameters<UniversalProvider['authenticate']>[0])
        .then((answer) => void (auths = answer.auths ?? []))
    : p.connect({ optionalNamespaces })
  const outcome = await asked.then(
    () => 'approved' as const,
    (error: unknown) => error,
  )
  return { outcome, auths }
}

/** The proposals the client holds (a `connect` or `authenticate` stores its own before the URI is shown). */
function proposalIds(p: UniversalProvider): number[] {
  return p.client?.proposal.getAll().map((proposal) => proposal.id) ?? []
}

/**
 * The sign client keeps a timer on each proposal's answer (5 minutes) even once nobody waits for it,
 * and that timer leaves behind a rejected promise nobody handles. A proposal given up (refreshed,
 * dropped, called off) is expired at once instead, through the client's own events: `proposal_expire`
 * (a connection) and `session_connect` (a one-click sign-in); the wallet's late answer to it is ignored.
 */
function expireProposals(p: UniversalProvider, ids: readonly number[]) {
  const client = p.client
  if (!client) return
  const engineEvents = (client.engine as unknown as { events?: { emit(event: string, payload: unknown): void } }).events
  for (const id of ids) {
    client.events.emit('proposal_expire', { id })
    engineEvents?.emit(`session_connect:${id}`, { error: { message: 'Proposal expired', code: 0 } })
    if (client.proposal.keys.includes(id)) void client.proposal.delete(id, { message: 'Proposal expired', code: 0 }).catch(() => undefined)
  }
}

export type Pairing = {
  /**
   * Makes a pairing URI ready unless a fresh one exists (`refresh`: a new one anyway); nothing with a
   * session. A URI made ahead (the visitor's intent) and never handed out is dropped once expired.
   */
  ensure(refresh?: boolean): Promise<void>
  /** Waits for the wallet to approve the pairing being made (making one if none): its account, or its failure. */
  approval(p: UniversalProvider): Promise<WalletAnswer>
  /** A new URI arrived: the refresh before it expires is scheduled (SPEC.md §9). */
  uriShown(uri: string): void
  /**
   * Nobody looks at the pairing any more: whoever waits hears it was called off, and the pairing is
   * dropped, so its URI is never handed out again. Answers whether it had been handed out (a QR code
   * shown, a connection asked): the caller then makes a new one ready for the next attempt.
   */
  callOff(): boolean
  clearRefresh(): void
}

/**
 * The pairings (SPEC.md §4): one URI at a time whoever asks (tabs hovering, a tab connecting). A URI is
 * made ahead on the visitor's intent and handed out at most once: the first `approval` claims it (its
 * QR code is shown), and once called off or settled it is never shown again. Claimed, it is made again
 * before it expires while someone waits or the QR is shown; never claimed, it is dropped when it
 * expires (SPEC.md §4: 4 minutes, §9: expired under 10 s left). The approval settles every caller
 * waiting, and a one-click sign-in is verified before the connection is recorded.
 */
export function createPairing(ctx: CoreContext, hooks: WalletConnectHooks, load: () => Promise<UniversalProvider>, session: SessionState): Pairing {
  /** Resolves with the approved account (or the pairing's failure) for every caller waiting. */
  let waiting: Deferred<WalletAnswer> | null = null
  /** The latest pairing; an older one's outcome is ignored. */
  let pairing: object | null = null
  let refreshTimer: ReturnType<typeof setTimeout> | null = null
  /** The pairing being made now, shared by every caller, so one URI is made at a time. */
  let ensuring: Promise<void> | null = null
  /** Each pairing still waiting for its wallet, and its proposals (known once its URI is shown). */
  const proposalsOf = new Map<object, { p: UniversalProvider; ids: number[] }>()
  /** The latest pairing's URI was handed out (a QR code shown, a connection asked): it is never handed out again once called off. */
  let claimed = false
  const expiryMs = () => ctx.env()?.config.walletConnect?.pairingExpiryMs ?? PAIRING_EXPIRY_MS

  function clearRefresh() {
    if (refreshTimer !== null) clearTimeout(refreshTimer)
    refreshTimer = null
  }

  /** `next` becomes the latest pairing; the one it replaces, if still waiting, has its proposals expired. */
  function replace(next: object | null) {
    const previous = pairing
    pairing = next
    const waitingOn = previous && previous !== next ? proposalsOf.get(previous) : undefined
    if (waitingOn) expireProposals(waitingOn.p, waitingOn.ids)
  }

  /** The latest pairing is dropped: its URI is handed out no more (its outcome, should it come, is ignored). */
  function drop() {
    clearRefresh()
    replace(null)
    claimed = false
    if (!session.state().session) session.patch({ status: 'idle', uri: null, expiresAt: null, error: null })
  }

  /**
   * SPEC.md §9: a pairing with less than 10 s left is expired. A new URI replaces it while someone
   * waits or the QR is shown; one made ahead that nobody claimed is dropped, not renewed.
   */
  function scheduleRefresh() {
    clearRefresh()
    const { expiresAt } = session.state()
    if (expiresAt === null) return
    refreshTimer = setTimeout(
      () => {
        refreshTimer = null
        if (session.state().status !== 'pairing' || session.state().session) return
        if (claimed || waiting) void ensure(true).catch(() => undefined)
        else drop()
      },
      Math.max(0, expiresAt - PAIRING_EXPIRED_BELOW_MS - ctx.now()),
    )
  }

  function failed(answer: WalletAnswer) {
    session.patch({ status: 'failed', uri: null, expiresAt: null, error: answer.ok ? null : answer.error.message })
  }

  /** The pairing's outcome, if it is still the latest: the session recorded and the waiting callers answered. */
  async function settle(p: UniversalProvider, token: object, outcome: unknown, auths: unknown[]) {
    if (pairing !== token) return
    pairing = null
    claimed = false
    clearRefresh()
    const w = waiting
    waiting = null
    if (outcome !== 'approved' || !p.session) {
      const answer = failure(outcome)
      failed(answer)
      return w?.resolve(answer)
    }
    const account = session.accountOf(p)
    if (auths.length > 0 && account && hooks.signedIn) {
      const { cacaoMessage } = await import('./universalProvider.ts')
      await hooks.signedIn(auths, account, (cacao) => cacaoMessage(cacao as Parameters<typeof cacaoMessage>[0]))
    }
    w?.resolve({ ok: true, result: await session.changed(p) })
  }

  /** Makes a new pairing (its URI arrives through `display_uri`); resolves once the URI is there. */
  function pair(refreshing: boolean): Promise<void> {
    const uriReady = deferred<void>()
    const token = {}
    // A refresh of a claimed pairing stays claimed (the QR code shows the new URI in its place).
    claimed = refreshing
    const run = (async () => {
      const env = ctx.env()!
      const p = await load()
      if (p.session) return uriReady.resolve()
      session.patch({ status: 'loading', error: null })
      const before = new Set(proposalIds(p))
      const onUri = () => {
        const waitingOn = { p, ids: proposalIds(p).filter((id) => !before.has(id)) }
        proposalsOf.set(token, waitingOn)
        // Replaced or called off while its proposal was being made: it is expired now.
        if (pairing !== token) expireProposals(p, waitingOn.ids)
        uriReady.resolve()
      }
      p.once('display_uri', onUri)
      const { outcome, auths } = await propose(p, await proposal(ctx, env)).finally(() => proposalsOf.delete(token))
      p.removeListener('display_uri', onUri)
      uriReady.resolve()
      // A newer pairing replaced this one (refresh): its outcome is the one that counts.
      await settle(p, token, outcome, auths)
    })()
    replace(token)
    run.catch((error: unknown) => {
      if (pairing === token) pairing = null
      const answer = failure(error)
      failed(answer)
      waiting?.resolve(answer)
      waiting = null
      uriReady.resolve()
    })
    return uriReady.promise
  }

  const hasFreshUri = () => {
    const { status, uri, expiresAt } = session.state()
    return (status === 'pairing' || status === 'loading') && !!pairing && (uri === null || (expiresAt !== null && expiresAt - ctx.now() > PAIRING_EXPIRED_BELOW_MS))
  }

  /**
   * A wallet is connected, or another wallet is being connected (the visitor picked it): a pairing made
   * ahead would only wait to expire (and spend a sign-in nonce).
   */
  const anotherWalletChosen = () => Object.values(ctx.store.get().connections).some((c) => c?.status === 'connected' || (c?.status === 'connecting' && c.connectorId !== WALLET_CONNECT_CONNECTOR_ID))

  function ensure(refresh = false): Promise<void> {
    ensuring ??= (async () => {
      // The proposal's own module (Solana's methods) loads beside the client rather than after it.
      const env = ctx.env()
      if (env) void solanaMethodsOf(env).catch(() => undefined)
      const p = await load()
      if (p.session) return
      // Made ahead on intent only: once the visitor picked another wallet, nothing is prepared.
      if (!waiting && !claimed && anotherWalletChosen()) return
      if (!refresh && hasFreshUri()) return
      await pair(refresh && claimed)
    })().finally(() => (ensuring = null))
    return ensuring
  }

  return {
    ensure,
    async approval(p) {
      waiting ??= deferred<WalletAnswer>()
      const w = waiting
      // The URI made ahead, if still fresh, is the one handed out now; else the one made next.
      if (hasFreshUri()) claimed = true
      await ensure()
      if (p.session) return { ok: true, result: session.primaryAccount(p) }
      if (pairing) claimed = true
      return w.promise
    },
    uriShown(uri) {
      session.patch({ status: 'pairing', uri, expiresAt: ctx.now() + expiryMs(), error: null })
      scheduleRefresh()
    },
    callOff() {
      const handedOut = claimed || waiting !== null
      const w = waiting
      waiting = null
      drop()
      w?.resolve({ ok: false, error: { code: 4001, message: 'Connection declined' } })
      return handedOut
    },
    clearRefresh,
  }
}
