import type { Remote } from 'comlink'
import type { PorticoCoreApi } from '@portico/shared-types'
import { HEARTBEAT_MS } from '@portico/shared-types/constants'
import { WRITE_OUTCOME_UNKNOWN_CODE } from '@portico/shared-types/constants'
import type { SpawnCoreOptions, SpawnedCore } from './spawnCore.ts'

/** Which core the tabs of this origin use now: a restart moves every tab to the next one. */
export const CORE_GENERATION_KEY = 'portico:core-generation'

/**
 * Calls that are never sent to a new core once the one that stopped answering had them: a WalletConnect
 * request may have reached the phone (an `eth_sendTransaction` sent twice is two payments). They are
 * answered as cut off; the write path then looks for the transaction on chain.
 */
const ONCE_ONLY: ReadonlySet<string> = new Set(['walletConnectRequest'])
const CUT_OFF = { ok: false, error: { code: WRITE_OUTCOME_UNKNOWN_CODE, message: 'The core stopped answering while the wallet had the request; it is not sent again' } }

export type CoreLink = {
  /** The core's API, whichever worker runs it: calls a restart caught in flight go to the new one. */
  api: Remote<PorticoCoreApi>
  kind(): SpawnedCore['kind']
  /** Starts the heartbeat (SPEC.md §9: every 5 s), with the session's first call to the core. */
  startHeartbeat(): void
  /** How many times the core was restarted (for tests and diagnostics). */
  restarts(): number
  close(): void
}

export type CreateCoreLinkParameters = {
  spawn: (options: SpawnCoreOptions) => SpawnedCore
  /** Attaches the session to a new core (configure, subscribe, the tab's online state and visibility). */
  reattach(api: Remote<PorticoCoreApi>): Promise<void>
  /** Called with true when a restart begins and false once the new core is attached. */
  onReconnecting(reconnecting: boolean): void
  heartbeatMs?: number
}

type Call = { method: string; args: unknown[]; resolve: (value: unknown) => void; reject: (error: unknown) => void; generation: number }

function readGeneration(): number {
  try {
    const value = Number(localStorage.getItem(CORE_GENERATION_KEY) ?? 0)
    return Number.isSafeInteger(value) && value >= 0 ? value : 0
  } catch {
    return 0
  }
}

function writeGeneration(generation: number) {
  try {
    localStorage.setItem(CORE_GENERATION_KEY, String(generation))
  } catch {
    /* storage blocked: this tab moves alone; the others follow their own heartbeat */
  }
}

/**
 * Calls `call.method` on a core's `api`; its answer settles the call, unless the call has moved on
 * meanwhile (this tab left that core's generation, and the call went again to the new one).
 */
function sendTo(coreApi: Remote<PorticoCoreApi>, call: Call, generation: () => number, inFlight: Set<Call>): void {
  const api = coreApi as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
  let answer: Promise<unknown>
  try {
    answer = Promise.resolve(api[call.method]!(...call.args))
  } catch (error) {
    answer = Promise.reject(error)
  }
  answer.then(
    (value) => {
      // An answer of a core this tab has left is not taken (the call went again to the new one).
      if (call.generation !== generation() || !inFlight.has(call)) return
      inFlight.delete(call)
      call.resolve(value)
    },
    (error: unknown) => {
      if (call.generation !== generation() || !inFlight.has(call)) return
      inFlight.delete(call)
      call.reject(error)
    },
  )
}

/** The core's API as the page calls it: every method goes through `invoke` (to whichever core is current). */
function callProxy(invoke: (method: string, args: unknown[]) => Promise<unknown>): Remote<PorticoCoreApi> {
  return new Proxy({} as Remote<PorticoCoreApi>, {
    get(_target, property) {
      // Not a thenable: `await link.api` must not call it.
      if (typeof property !== 'string' || property === 'then') return undefined
      return (...args: unknown[]) => invoke(property, args)
    },
  })
}

/**
 * The page's link to the core: spawns it, asks it for a heartbeat every `heartbeatMs`, and restarts a
 * core that leaves a heartbeat unanswered until the next one is due (a killed, crashed or stuck
 * worker). A restart spawns the next generation's worker (a SharedWorker of another name, so a stuck
 * one is not joined again; every tab of the origin moves to it), re-attaches the session, then sends
 * again the calls the old core left unanswered (reads, and writes the core records once per id; never
 * a WalletConnect request, answered as cut off instead). Nothing is lost, nothing is sent twice.
 */
export function createCoreLink({ spawn, reattach, onReconnecting, heartbeatMs = HEARTBEAT_MS }: CreateCoreLinkParameters): CoreLink {
  let generation = readGeneration()
  let spawned = spawn({ generation })
  let restarts = 0
  let restarting: Promise<void> | null = null
  let closed = false
  let timer: ReturnType<typeof setInterval> | undefined
  /** A heartbeat sent and not answered yet. */
  let awaiting = false
  /** Ticks a restart has taken so far: one that does not attach within two is tried again. */
  let restartTicks = 0
  const inFlight = new Set<Call>()

  function send(call: Call) {
    call.generation = generation
    sendTo(spawned.api, call, () => generation, inFlight)
  }

  function invoke(method: string, args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const call: Call = { method, args, resolve, reject, generation }
      inFlight.add(call)
      // During a restart calls wait for the new core, attached.
      if (restarting) void restarting.then(() => (inFlight.has(call) ? send(call) : undefined))
      else send(call)
    })
  }

  async function restart(next: number) {
    const left = [...inFlight]
    restarts += 1
    onReconnecting(true)
    spawned.close()
    generation = next
    spawned = spawn({ generation })
    awaiting = false
    // What the old core left unanswered: a once-only call is answered as cut off, the rest goes again once attached.
    for (const call of left) {
      if (ONCE_ONLY.has(call.method)) {
        inFlight.delete(call)
        call.resolve(CUT_OFF)
      }
    }
    const attaching = generation
    await reattach(spawned.api)
    if (attaching !== generation || closed) return
    for (const call of left) if (inFlight.has(call)) send(call)
    restarting = null
    restartTicks = 0
    onReconnecting(false)
  }

  /** Moves to the next generation (or to the one another tab moved to already). */
  function startRestart() {
    const stored = readGeneration()
    const next = stored > generation ? stored : generation + 1
    writeGeneration(next)
    restarting = restart(next).catch(() => {
      // The new core did not attach: the next tick tries again.
    })
  }

  function tick() {
    if (closed) return
    if (restarting) {
      restartTicks += 1
      if (restartTicks >= 2) {
        restartTicks = 0
        startRestart()
      }
      return
    }
    if (awaiting) {
      startRestart()
      return
    }
    awaiting = true
    const asked = generation
    const answered = () => {
      if (asked === generation) awaiting = false
    }
    // A rejection is an answer too: the core is there.
    try {
      void Promise.resolve(spawned.api.heartbeat()).then(answered, answered)
    } catch {
      answered()
    }
  }

  /** Another tab restarted the core: this one follows to the same generation. */
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CORE_GENERATION_KEY || closed || restarting) return
    const stored = readGeneration()
    if (stored > generation) restarting = restart(stored).catch(() => undefined)
  }
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage)

  const api = callProxy(invoke)

  return {
    api,
    kind: () => spawned.kind,
    startHeartbeat() {
      if (timer === undefined && !closed) timer = setInterval(tick, heartbeatMs)
    },
    restarts: () => restarts,
    close() {
      closed = true
      clearInterval(timer)
      if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
      spawned.close()
    },
  }
}
