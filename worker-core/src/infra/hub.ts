import { z } from 'zod/mini'
import {
  CORE_API_METHODS,
  coreStateSchema,
  followStateChanges,
  MESSAGES,
  PorticoError,
  reviveError,
  serializeError,
  serializedErrorSchema,
  type CoreState,
  type CoreStateChange,
  type PorticoCoreApi,
} from '@portico/shared-types'
import { CORE_LEADER_LOCK, HEARTBEAT_MS } from '@portico/shared-types/constants'
import { WRITE_OUTCOME_UNKNOWN_CODE } from '@portico/shared-types/write'
import { createStateSubscribers, type Subscribers } from './subscribers.ts'

/** The part of the Web Locks API the hub uses (a worker's `navigator.locks`). */
export type LockManagerLike = {
  request(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => unknown): Promise<unknown>
}

/** The part of BroadcastChannel the hub uses. */
export type ChannelLike = {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  close(): void
}

export type HubRole = 'pending' | 'leader' | 'follower'

/** A core as the hub runs it (what `createCore` makes): the API, its restore and its end. */
export type Core = PorticoCoreApi & { ready: Promise<void>; dispose(): void }

export type CreateCoreHubParameters = {
  /** Makes this tab's core; called only when the tab becomes the leader. */
  createCore: () => Core
  channel: ChannelLike
  /** Without Web Locks every tab runs its own core (correct, but each fetches for itself). */
  locks: LockManagerLike | undefined
  tabId?: string
  lockName?: string
  listenerTimeoutMs?: number
  warn?: (message: string) => void
}

export type CoreHub = PorticoCoreApi & {
  role(): HubRole
  /** Resolves once this tab knows whether it leads or follows. */
  ready: Promise<void>
  /** Leaves the group: releases the lock (another tab takes over) and closes the channel. */
  dispose(): void
}

type Forwarded = Exclude<(typeof CORE_API_METHODS)[number], 'subscribe' | 'unsubscribe' | 'heartbeat'>
const FORWARDED = CORE_API_METHODS.filter((m): m is Forwarded => m !== 'subscribe' && m !== 'unsubscribe' && m !== 'heartbeat')
const forwardedSchema = z.enum(FORWARDED as [Forwarded, ...Forwarded[]])

/** Messages between the tabs' dedicated workers, parsed before use like any other outside bytes. */
const messageSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('call'), id: z.string(), from: z.string(), method: forwardedSchema, args: z.array(z.unknown()) }),
  z.object({ t: z.literal('reply'), id: z.string(), to: z.string(), leader: z.string(), ok: z.boolean(), value: z.unknown(), error: z.optional(serializedErrorSchema) }),
  z.object({ t: z.literal('state'), leader: z.string(), state: z.unknown() }),
  z.object({ t: z.literal('hello'), from: z.string() }),
  z.object({ t: z.literal('leader'), from: z.string() }),
])
type HubMessage = z.infer<typeof messageSchema>

type PendingCall = { method: Forwarded; args: unknown[]; resolve: (value: unknown) => void; reject: (error: unknown) => void; posted?: boolean }

/**
 * Calls a new leader never runs again once a previous leader had them: a WalletConnect request may
 * have reached the phone (an `eth_sendTransaction` sent twice is two payments). Answered as cut off
 * instead; the write path then finds the transaction on chain by what it sends.
 */
const ONCE_ONLY: readonly Forwarded[] = ['walletConnectRequest']
const cutOff = { ok: false, error: { code: WRITE_OUTCOME_UNKNOWN_CODE, message: 'The tab that held the request closed before the wallet answered; it is not sent again' } }

const STATE_RETURNING: readonly Forwarded[] = ['configure', 'getState']

/**
 * The states this tab takes from the leader (its own core's, or another tab's, parsed), pushed to this
 * tab's listeners with a revision of its own; an older or repeated one from the same leader is dropped.
 */
function createStateFollower(tabId: string, listeners: Subscribers<CoreState, CoreStateChange>, warn: (message: string) => void) {
  let origin: { leader: string; revision: number } | null = null
  let latest: CoreState | null = null
  let localRevision = 0
  return {
    latest: () => latest,
    accept(leader: string, raw: unknown) {
      let state: CoreState
      if (leader === tabId) state = raw as CoreState
      else {
        const parsed = coreStateSchema.safeParse(raw)
        if (!parsed.success) {
          warn(`Portico: ignored a core state that does not match this version: ${parsed.error.issues[0]?.message ?? ''}`)
          return
        }
        state = parsed.data
      }
      if (origin && origin.leader === leader && state.revision <= origin.revision) return
      origin = { leader, revision: state.revision }
      latest = { ...state, revision: ++localRevision }
      listeners.publish(latest)
    },
  }
}

/** The leader's Web Lock: asked at once (`ifAvailable`), or waited for; held until released. */
function createLeaderLock(locks: LockManagerLike, lockName: string, isDisposed: () => boolean) {
  const abort = new AbortController()
  let release: (() => void) | null = null
  return {
    /** Asks for the lock; answers whether it was granted (with `ifAvailable`, false when another tab holds it). */
    acquire(ifAvailable: boolean): Promise<boolean> {
      return new Promise((decided) => {
        locks
          .request(lockName, ifAvailable ? { ifAvailable: true } : { signal: abort.signal }, (lock) => {
            if (!lock || isDisposed()) {
              decided(false)
              return undefined
            }
            decided(true)
            return new Promise<void>((resolve) => {
              release = resolve
            })
          })
          .catch(() => decided(false))
      })
    },
    release() {
      abort.abort()
      release?.()
    },
  }
}

type MessageContext = {
  tabId: string
  role(): HubRole
  core(): Promise<Core> | null
  pending: Map<string, PendingCall>
  runLocally(method: Forwarded, args: unknown[]): Promise<unknown>
  post(message: HubMessage): void
  accept(leader: string, raw: unknown): void
  resendPending(): void
}

/** What a tab does with a message between the tabs (already parsed): run a call as leader, take a reply, a state, a greeting. */
async function onHubMessage(message: HubMessage, hub: MessageContext): Promise<void> {
  const { tabId, pending, post } = hub
  switch (message.t) {
    case 'call': {
      if (hub.role() !== 'leader') return
      try {
        const value = await hub.runLocally(message.method, message.args)
        post({ t: 'reply', id: message.id, to: message.from, leader: tabId, ok: true, value })
      } catch (error) {
        post({ t: 'reply', id: message.id, to: message.from, leader: tabId, ok: false, value: undefined, error: serializeError(error) })
      }
      return
    }
    case 'reply': {
      if (message.to !== tabId) return
      const entry = pending.get(message.id)
      if (!entry) return
      pending.delete(message.id)
      if (message.ok) {
        if (STATE_RETURNING.includes(entry.method)) hub.accept(message.leader, message.value)
        entry.resolve(message.value)
      } else entry.reject(message.error ? reviveError(message.error) : new PorticoError(MESSAGES.somethingWentWrong))
      return
    }
    case 'state':
      if (hub.role() !== 'leader') hub.accept(message.leader, message.state)
      return
    case 'hello': {
      const core = hub.core()
      if (hub.role() === 'leader' && core) post({ t: 'state', leader: tabId, state: await (await core).getState() })
      return
    }
    case 'leader':
      if (hub.role() === 'follower') hub.resendPending()
      return
  }
}

/**
 * Takes the messages between tabs: each parsed with the protocol's schema, then handled; a message of
 * another version of Portico (or anything else on the channel's name) is ignored, and said once.
 */
function listenToTabs(channel: ChannelLike, context: MessageContext, warn: (message: string) => void, isDisposed: () => boolean): void {
  let warnedForeign = false
  async function onMessage(raw: unknown) {
    if (isDisposed()) return
    const parsed = messageSchema.safeParse(raw)
    if (!parsed.success) {
      if (!warnedForeign) warn(`Portico: ignored a message between tabs that is not this version's protocol: ${parsed.error.issues[0]?.message ?? ''}`)
      warnedForeign = true
      return
    }
    await onHubMessage(parsed.data, context)
  }
  channel.addEventListener('message', (event) => {
    onMessage(event.data).catch((error: unknown) => warn(`Portico: a message between tabs failed: ${error instanceof Error ? error.message : String(error)}`))
  })
}

/**
 * The election: without Web Locks this tab leads; with them it leads when the lock is free, else it
 * follows (`follow`) and waits for the lock to pass to it.
 */
async function electLeader(lock: ReturnType<typeof createLeaderLock> | null, becomeLeader: () => Promise<void>, follow: () => void): Promise<void> {
  if (!lock || (await lock.acquire(true))) {
    await becomeLeader()
    return
  }
  follow()
  void lock.acquire(false).then((granted) => (granted ? becomeLeader() : undefined))
}

/**
 * The SharedWorker fallback, run in each tab's dedicated worker. The tabs elect one leader through a
 * Web Lock; only the leader's worker runs the core (and so fetches). The others forward every call to
 * it over a BroadcastChannel and follow the state it broadcasts. When the leader's tab closes, its lock
 * passes to a waiting tab, whose core restores from IndexedDB and takes over; calls left unanswered are
 * sent again. Each hub renumbers revisions for its own tab, so a tab never sees them go backwards.
 */
export function createCoreHub(params: CreateCoreHubParameters): CoreHub {
  const { channel, locks, lockName = CORE_LEADER_LOCK, warn = console.warn } = params
  const tabId = params.tabId ?? crypto.randomUUID()
  const listeners = createStateSubscribers({ timeoutMs: params.listenerTimeoutMs ?? 2 * HEARTBEAT_MS })
  const pending = new Map<string, PendingCall>()
  let role: HubRole = 'pending'
  let core: Promise<Core> | null = null
  let lastConfig: unknown[] | null = null
  let seq = 0
  let disposed = false
  const follower = createStateFollower(tabId, listeners, warn)
  const accept = follower.accept
  const lock = locks ? createLeaderLock(locks, lockName, () => disposed) : null

  function post(message: HubMessage) {
    if (!disposed) channel.postMessage(message)
  }

  async function runLocally(method: Forwarded, args: unknown[]): Promise<unknown> {
    const leaderCore = await core!
    const fn = leaderCore[method] as (...a: unknown[]) => Promise<unknown>
    return fn(...args)
  }

  function send(id: string, call: PendingCall) {
    if (call.posted && ONCE_ONLY.includes(call.method)) {
      pending.delete(id)
      call.resolve(cutOff)
      return
    }
    if (role === 'leader') {
      pending.delete(id)
      runLocally(call.method, call.args).then(call.resolve, call.reject)
    } else if (role === 'follower') {
      post({ t: 'call', id, from: tabId, method: call.method, args: call.args })
      call.posted = true
    }
    // 'pending': sent once the role is known.
  }

  function call(method: Forwarded, args: unknown[]): Promise<unknown> {
    if (method === 'configure') lastConfig = args
    return new Promise((resolve, reject) => {
      const id = `${tabId}:${++seq}`
      const entry: PendingCall = { method, args, resolve, reject }
      pending.set(id, entry)
      send(id, entry)
    })
  }

  function resendPending() {
    for (const [id, entry] of pending) send(id, entry)
  }

  async function becomeLeader() {
    if (disposed) return
    role = 'leader'
    core = (async () => {
      const created = params.createCore()
      await created.ready
      if (lastConfig) await (created.configure as (...a: unknown[]) => Promise<CoreState>)(...lastConfig)
      // The core sends its changes; the other tabs' hubs are posted the whole state they add up to (one may have just joined).
      await created.subscribe(
        followStateChanges((state) => {
          accept(tabId, state)
          post({ t: 'state', leader: tabId, state })
        }),
      )
      return created
    })()
    await core
    post({ t: 'leader', from: tabId })
    resendPending()
  }

  const context: MessageContext = { tabId, role: () => role, core: () => core, pending, runLocally, post, accept, resendPending }
  listenToTabs(channel, context, warn, () => disposed)

  const ready = electLeader(lock, becomeLeader, () => {
    role = 'follower'
    post({ t: 'hello', from: tabId })
    resendPending()
  })

  const api = Object.fromEntries(FORWARDED.map((method) => [method, (...args: unknown[]) => call(method, args)])) as unknown as Omit<PorticoCoreApi, 'subscribe' | 'unsubscribe'>

  return {
    ...api,
    async subscribe(listener) {
      return listeners.add(listener, follower.latest() ?? undefined)
    },
    async unsubscribe(id) {
      listeners.remove(id)
    },
    // This tab's hub answers for itself: a leader that goes away is replaced by the election, not by the page.
    heartbeat: async () => follower.latest()?.revision ?? 0,
    role: () => role,
    ready,
    dispose() {
      if (disposed) return
      disposed = true
      lock?.release()
      listeners.clear()
      channel.close()
      void core?.then((c) => c.dispose())
    },
  }
}
