import { activeConnection, type ChainNamespace, type CoreState } from '@portico/shared-types/light'
import { PREFERS_DARK, startupConfig, type StartupConfig } from '@portico/shared-types/config-defaults'
import type { Remote } from 'comlink'
import type { CoreOptionsInput, Eip1193Provider, PorticoConfig, PorticoConfigInput, PorticoCoreApi, ThemeMode } from '@portico/shared-types'
import { createEmitter } from '@portico/shared-types/emitter'
import type { FrameApproval } from '../connectors/embedded/types.ts'
import type { Connector } from '../connectors/types.ts'
import { afterNextPaint, loadInIdleParts, whenIdle } from './idle.ts'
import { currentView, route, type RouterAction, type RouterState, type View } from './router.ts'
import type { Session } from './session/session.ts'
import type { SiwxSignInState } from './siwx/signIn.ts'
import type { SpawnCoreOptions, SpawnedCore } from './spawnCore.ts'

/** A page-side hint that a session exists, so a returning visitor's tab wakes the core at once. */
export const SESSION_HINT_KEY = 'portico:session'

export type ConnectAttempt = { connectorId: string; status: 'pending' | 'failed'; error: string | null }

/** The embedded wallet's frame showing an unsafe request in its own approval, laid over ApproveTransaction (the page never approves). */
export type { FrameApproval }

export type ClientSnapshot = {
  /** The core's state as last pushed; null until the core has been woken. */
  core: CoreState | null
  /**
   * The dapp's configuration as the schema parsed it, with every default; null until it has been
   * parsed (once the page is idle, `prepare()`, or when the session starts). Before that, the page
   * reads only `client.startup`.
   */
  config: PorticoConfig | null
  /** The page's connectors (EIP-6963 wallets, and the kinds registered in `connectors/registry.ts`); look one up with `getConnector`. */
  connectors: readonly Connector[]
  /** The provider of the connector holding the active connection (its `getProvider()`), for `useProvider`. */
  provider: { connectorId: string; namespace: ChainNamespace; provider: Eip1193Provider } | null
  modal: { open: boolean; router: RouterState }
  attempt: ConnectAttempt | null
  /** The embedded wallet's frame while unsafe requests wait in its own approval (SPEC.md §6), shown over ApproveTransaction. */
  frameApproval: FrameApproval | null
  /** 'Action not allowed' once a disallowed call was refused (SPEC.md §6), until the modal closes. */
  approvalNotice: string | null
  /** A configuration or start-up problem, shown in the modal. */
  fatal: string | null
  /** The core stopped answering and a new one is being attached (the modal says 'Reconnecting'; the data shown stays). */
  reconnecting: boolean
  /** The sign-in with the wallet (SIWX) this tab has prepared for the connected account; null when none is pending. */
  siwx: SiwxSignInState | null
  themeMode: ThemeMode
}

export type PorticoClient = {
  /** The few configuration values the page reads before the session loads, with the schema's defaults. */
  readonly startup: StartupConfig
  getSnapshot(): ClientSnapshot
  subscribe(listener: () => void): () => void
  /** Wakes the core (loads the session code, spawns the worker, discovers wallets). Idempotent. */
  start(): Promise<void>
  /**
   * Loads the session's code, parses the configuration (`snapshot.config`) and lists the wallets
   * announced on the page (`snapshot.connectors`), without starting anything (no worker, no request
   * beyond the page's own files): what PorticoProvider does once the page is idle, so the visitor's
   * first open does not wait for it. Idempotent; never rejects.
   */
  prepare(): Promise<void>
  open(view?: View): void
  /** The view `open()` shows when given none: Account when connected, else Connect (the QR code in basic mode). */
  firstView(): View
  close(): void
  navigate(action: RouterAction): void
  connect(connectorId: string): Promise<void>
  /** Disconnects the active wallet (the most recently used other one of its namespace takes its place), or the connected wallet `walletId`. */
  disconnect(walletId?: string): Promise<void>
  /** Makes the connected wallet `walletId` (`core.wallets`) the one its namespace uses, in every tab. */
  switchConnection(walletId: string): Promise<void>
  /** Runs `fn` with the core's API once the session is up (views use it for reads beyond the pushed state). */
  withCore<T>(fn: (api: Remote<PorticoCoreApi>) => Promise<T>): Promise<T>
  setThemeMode(mode: ThemeMode): void
  destroy(): void
}

export type CreateClientParameters = {
  config: PorticoConfigInput
  /** Replaces the worker (tests pass an in-page core); a restart asks for the next generation. */
  spawn?: (options?: SpawnCoreOptions) => SpawnedCore
  /** How often the page asks the core for a heartbeat (SPEC.md §9: 5 s); a core that misses one is restarted. */
  heartbeatMs?: number
  /** What the core needs beyond the configuration (support lists for other chains, hosted RPC). */
  coreOptions?: CoreOptionsInput
}

/** What the lazily loaded session may do to the page-side client. */
export type ClientInternals = {
  /** The configuration as the dapp passed it, for the session to parse; nothing else reads it. */
  input: PorticoConfigInput
  get(): ClientSnapshot
  set(patch: Partial<ClientSnapshot>): void
  writeHint(connected: boolean): void
  onCleanup(fn: () => void): void
  spawn?: ((options?: SpawnCoreOptions) => SpawnedCore) | undefined
  coreOptions?: CoreOptionsInput | undefined
  heartbeatMs?: number | undefined
}

function readHint(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) === '1'
  } catch {
    return false
  }
}

function writeHint(connected: boolean) {
  try {
    if (connected) localStorage.setItem(SESSION_HINT_KEY, '1')
    else localStorage.removeItem(SESSION_HINT_KEY)
  } catch {
    /* storage blocked: the hint only saves a wait */
  }
}

/** The client's state before anything happened: no core, no configuration parsed, the modal closed on Connect. */
function initialSnapshot(themeMode: ClientSnapshot['themeMode']): ClientSnapshot {
  return {
    core: null,
    config: null,
    connectors: [],
    provider: null,
    modal: { open: false, router: { history: [{ name: 'Connect' }] } },
    attempt: null,
    frameApproval: null,
    approvalNotice: null,
    fatal: null,
    reconnecting: false,
    siwx: null,
    themeMode,
  }
}

/**
 * Starts the session (`load`) when another tab connects (its session hint set), and when the page is
 * idle if this origin was connected before. Answers the cleanups.
 */
function startOnSessionHint(load: () => Promise<unknown>): (() => void)[] {
  const cleanups: (() => void)[] = []
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_HINT_KEY && event.newValue === '1') void load()
  }
  window.addEventListener('storage', onStorage)
  cleanups.push(() => window.removeEventListener('storage', onStorage))
  if (readHint()) {
    const wake = () => void load().catch(() => undefined)
    cleanups.push(whenIdle(wake, 1000))
  }
  return cleanups
}

/**
 * The configuration's schemas as `prepare()` loads them, one idle task each: zod's code, the
 * sign-in's schemas, the networks' with WalletConnect's and the core's options, then the
 * configuration's own. Building zod schemas is the slow part (each is an object zod sets up); in one
 * task they were a long task on a slow CPU (measured at 4x slowdown: 60–130 ms, now under 50 each).
 */
const SCHEMA_PARTS = [() => import('./schemaParts/zod.ts'), () => import('./schemaParts/signIn.ts'), () => import('./schemaParts/networks.ts'), () => import('@portico/shared-types/config')]

/** The modal as a connection to `connectorId` starts: on ConnectingExternal, except in the WalletConnect views (they run their own connection: QR code, links). */
function connectingModal(modal: ClientSnapshot['modal'], connectorId: string): ClientSnapshot['modal'] {
  const shown = currentView(modal.router).name
  if (shown === 'ConnectingWalletConnect' || shown === 'ConnectingWalletConnectBasic') return modal
  return { ...modal, router: route(modal.router, { type: shown === 'ConnectingExternal' ? 'replace' : 'push', view: { name: 'ConnectingExternal', connectorId } }) }
}

/**
 * The page side of Portico. This part is on the page's critical path and stays tiny: the view state
 * and a store for React. Everything else (worker, wallets, schemas) loads on the visitor's first intent.
 */
export function createClient({ config, spawn, coreOptions, heartbeatMs }: CreateClientParameters): PorticoClient {
  const listeners = createEmitter()
  const cleanups: (() => void)[] = []
  const startup = startupConfig(config)
  let snapshot = initialSnapshot(startup.themeMode)
  let session: Promise<Session> | null = null
  let sessionCode: Promise<typeof import('./session/session.ts')> | null = null

  /** The session's module, fetched once (a failed fetch, offline with nothing cached, is tried again). */
  function loadSessionCode() {
    sessionCode ??= import('./session/session.ts').catch((error: unknown) => {
      sessionCode = null
      throw error
    })
    return sessionCode
  }

  /**
   * The session's module fetched ahead (`prepare()`), a part per idle task: the configuration's
   * schemas in parts (`SCHEMA_PARTS`), then the session's own code, so no evaluation is one long
   * task with another. What has started the session loads it at once.
   */
  async function prepareSessionCode() {
    // The visitor acted meanwhile: the session loads what is left at once.
    await loadInIdleParts(SCHEMA_PARTS, () => sessionCode !== null)
    return loadSessionCode()
  }

  const internals: ClientInternals = {
    input: config,
    get: () => snapshot,
    set(patch) {
      snapshot = { ...snapshot, ...patch }
      listeners.emit()
    },
    writeHint,
    onCleanup: (fn) => cleanups.push(fn),
    spawn,
    coreOptions,
    heartbeatMs,
  }
  // No `themeMode` from the dapp: the modal follows the browser's colour scheme as it changes, until the dapp sets one.
  const scheme = startup.themeFollowsSystem ? globalThis.matchMedia?.(PREFERS_DARK) : undefined
  const onScheme = (event: MediaQueryListEvent) => internals.set({ themeMode: event.matches ? 'dark' : 'light' })
  const unfollowScheme = () => scheme?.removeEventListener('change', onScheme)
  scheme?.addEventListener('change', onScheme)
  cleanups.push(unfollowScheme)

  /**
   * The session, started once the next frame has been produced when it is not running yet: what an
   * open or a view's first read wakes, so the frame they change paints before the session's work.
   */
  function wake(): Promise<Session> {
    if (session) return session
    return new Promise<Session>((resolve, reject) => afterNextPaint(() => load().then(resolve, reject)))
  }

  function load(): Promise<Session> {
    session ??= loadSessionCode().then(({ startSession }) => startSession(internals))
    session.catch((error: unknown) => internals.set({ fatal: error instanceof Error ? error.message : String(error) }))
    return session
  }

  if (typeof window !== 'undefined') cleanups.push(...startOnSessionHint(load))

  function firstView(): View {
    const connected = snapshot.core ? activeConnection(snapshot.core).status === 'connected' : readHint()
    // Basic mode is WalletConnect only (SPEC.md §2): its Connect is the QR code.
    return connected ? { name: 'Account' } : config.basic ? { name: 'ConnectingWalletConnectBasic' } : { name: 'Connect' }
  }

  return {
    startup,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      return listeners.on(listener)
    },
    start: () => load().then(() => undefined),
    prepare: () =>
      prepareSessionCode().then(
        ({ prepareSession }) => prepareSession(internals).catch(() => undefined), // a bad configuration: the session says so when it starts
        () => undefined,
      ),
    firstView,
    open(view) {
      internals.set({ modal: { open: true, router: { history: [view ?? firstView()] } }, attempt: null })
      // The modal (rendered ahead) paints first; the session wakes, or refreshes, right after.
      void wake()
        .then((s) => s.refresh())
        .catch(() => undefined)
    },
    close() {
      const waiting = snapshot.frameApproval
      internals.set({ modal: { ...snapshot.modal, open: false }, approvalNotice: null })
      // Closing the modal gives up on the frame's waiting requests (each answers 4001): the dapp's calls do not hang.
      waiting?.reject()
    },
    navigate(action) {
      internals.set({ modal: { ...snapshot.modal, router: route(snapshot.modal.router, action) } })
    },
    async connect(connectorId) {
      internals.set({ attempt: { connectorId, status: 'pending', error: null }, modal: connectingModal(snapshot.modal, connectorId) })
      await (await load()).connect(connectorId)
    },
    async disconnect(walletId) {
      await (await load()).disconnect(walletId)
    },
    async switchConnection(walletId) {
      await (await load()).switchConnection(walletId)
    },
    async withCore(fn) {
      return fn((await wake()).api)
    },
    setThemeMode(themeMode) {
      unfollowScheme()
      internals.set({ themeMode })
    },
    destroy() {
      for (const cleanup of cleanups.splice(0)) cleanup()
      void session?.then((s) => s.destroy()).catch(() => undefined)
      listeners.clear()
    },
  }
}
