import { z } from 'zod'
import {
  BALANCE_CACHE_MS,
  BALANCE_NAMESPACES,
  BALANCE_RETRY_BLOCK_MS,
  HEARTBEAT_MS,
} from '@portico/shared-types/constants'
import {
  caipNetworkIdSchema,
  chainNamespaceSchema,
  coreConfigSchema,
  disconnectedConnection,
  emptyBalances,
  namespaceConnectionSchema,
  parseCaipAddress,
  parseWith,
  serializeError,
  tokenBalanceSchema,
  TokenBalanceUnavailableError,
  type CoreConfig,
  type CoreState,
  type PorticoCoreApi,
  type StateListener,
} from '@portico/shared-types'
import { getBalances, getBalancesKey } from './actions/getBalances.ts'
import { createHttpClient, type HttpClient } from './http.ts'
import type { CoreStorage } from './storage.ts'

const CONNECTION_KEY = 'connection'
const connectionRecordSchema = z.object({
  connections: z.partialRecord(chainNamespaceSchema, namespaceConnectionSchema),
  activeNamespace: chainNamespaceSchema.nullable(),
  activeCaipNetworkId: caipNetworkIdSchema.nullable(),
})
const balancesRecordSchema = z.array(tokenBalanceSchema)

export type CreateCoreParameters = {
  storage: CoreStorage
  fetch?: typeof fetch
  now?: () => number
  /** How long a tab may leave a push unanswered before it is dropped as gone. */
  listenerTimeoutMs?: number
  /** Passed to the HTTP client (tests use short delays). */
  sleep?: (ms: number) => Promise<void>
  onRequest?: (url: string) => void
}

export type Core = PorticoCoreApi & {
  /** Resolves when state restored from storage is in place. */
  ready: Promise<void>
  dispose(): void
}

type Subscriber = { listener: StateListener; busy: boolean; dirty: boolean }

/**
 * Creates the core: the one place that reads the network and keeps data. The same object runs in a
 * SharedWorker, a dedicated worker or the page (tests); it never touches `window` or `document`.
 */
export function createCore(params: CreateCoreParameters): Core {
  const { storage, now = Date.now, listenerTimeoutMs = 2 * HEARTBEAT_MS } = params
  let state: CoreState = {
    revision: 0,
    configured: false,
    connections: {},
    activeNamespace: null,
    activeCaipNetworkId: null,
    balances: emptyBalances,
    online: true,
    storage: storage.kind(),
  }
  let config: CoreConfig | null = null
  let http: HttpClient | null = null
  let nextId = 1
  const subscribers = new Map<number, Subscriber>()
  const inFlight = new Map<string, Promise<void>>()

  function update(patch: Partial<CoreState>) {
    state = { ...state, ...patch, storage: storage.kind(), revision: state.revision + 1 }
    for (const [id, sub] of subscribers) push(id, sub)
  }

  /** Sends the latest state; while a push is unanswered, later changes coalesce into one. */
  function push(id: number, sub: Subscriber) {
    if (sub.busy) {
      sub.dirty = true
      return
    }
    sub.busy = true
    sub.dirty = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), listenerTimeoutMs)
    })
    Promise.race([Promise.resolve(sub.listener(state)).then(() => 'ok' as const), timeout])
      .catch(() => 'timeout' as const)
      .then((outcome) => {
        clearTimeout(timer)
        if (outcome === 'timeout') {
          subscribers.delete(id)
          return
        }
        sub.busy = false
        if (sub.dirty && subscribers.has(id)) push(id, sub)
      })
  }

  async function persistConnection() {
    await storage.write(CONNECTION_KEY, {
      connections: state.connections,
      activeNamespace: state.activeNamespace,
      activeCaipNetworkId: state.activeCaipNetworkId,
    })
  }

  async function loadCachedBalances(caipAddress: NonNullable<CoreState['balances']['caipAddress']>) {
    const cached = await storage.read(getBalancesKey({ caipAddress }), balancesRecordSchema)
    if (!cached) return undefined
    return cached
  }

  const ready = (async () => {
    const saved = await storage.read(CONNECTION_KEY, connectionRecordSchema)
    if (saved) {
      state = { ...state, ...saved.data }
      const active = saved.data.activeNamespace ? saved.data.connections[saved.data.activeNamespace] : undefined
      if (active?.status === 'connected' && active.caipAddress) {
        const cached = await loadCachedBalances(active.caipAddress)
        if (cached) {
          state = {
            ...state,
            balances: { ...emptyBalances, status: 'success', caipAddress: active.caipAddress, data: cached.data, updatedAt: cached.savedAt },
          }
        }
      }
    }
    state = { ...state, storage: storage.kind() }
  })()

  function activeAccount() {
    const ns = state.activeNamespace
    const connection = ns ? state.connections[ns] : undefined
    return connection?.status === 'connected' && connection.caipAddress ? connection.caipAddress : null
  }

  async function refreshBalances({ force = false }: { force?: boolean } = {}): Promise<void> {
    await ready
    const caipAddress = activeAccount()
    if (!caipAddress || !config) return
    const key = getBalancesKey({ caipAddress })
    const existing = inFlight.get(key)
    if (existing) return existing

    const run = loadBalances(caipAddress, key, force).finally(() => inFlight.delete(key))
    inFlight.set(key, run)
    return run
  }

  async function loadBalances(caipAddress: NonNullable<CoreState['balances']['caipAddress']>, key: string, force: boolean): Promise<void> {
    const { namespace, caipNetworkId } = parseCaipAddress(caipAddress)
    const supported =
      (BALANCE_NAMESPACES as readonly string[]).includes(namespace) && !!config?.networks.some((n) => n.caipNetworkId === caipNetworkId)
    const sameAccount = state.balances.caipAddress === caipAddress
    const current = sameAccount ? state.balances : { ...emptyBalances, caipAddress }

    if (!supported || !http) {
      update({ balances: { ...current, status: 'error', data: null, error: serializeError(new TokenBalanceUnavailableError()), retryBlockedUntil: null } })
      return
    }
    if (!force && current.retryBlockedUntil !== null && current.retryBlockedUntil > now()) return

    const cached = await loadCachedBalances(caipAddress)
    if (cached && !force && now() - cached.savedAt < BALANCE_CACHE_MS) {
      if (!sameAccount || state.balances.updatedAt !== cached.savedAt) {
        update({ balances: { ...emptyBalances, status: 'success', caipAddress, data: cached.data, updatedAt: cached.savedAt } })
      }
      return
    }
    const shown = current.data ? current : cached ? { ...current, data: cached.data, updatedAt: cached.savedAt } : current
    if (!state.online) {
      if (shown !== state.balances) update({ balances: shown })
      return
    }

    update({ balances: { ...shown, status: 'loading' } })
    try {
      const data = await getBalances(http, { caipAddress, force })
      await storage.write(key, data)
      if (activeAccount() !== caipAddress) return
      update({ balances: { ...emptyBalances, status: 'success', caipAddress, data, updatedAt: now() } })
    } catch (cause) {
      if (activeAccount() !== caipAddress) return
      update({
        balances: {
          ...state.balances,
          status: 'error',
          error: serializeError(new TokenBalanceUnavailableError({ cause })),
          retryBlockedUntil: now() + BALANCE_RETRY_BLOCK_MS,
        },
      })
    }
  }

  const core: Core = {
    ready,
    async configure(input) {
      await ready
      const next = parseWith(coreConfigSchema, input, 'config')
      if (!config || JSON.stringify(config) !== JSON.stringify(next)) {
        config = next
        http = createHttpClient({
          baseUrl: next.apiUrl,
          projectId: next.projectId,
          ...(params.fetch ? { fetch: params.fetch } : {}),
          ...(params.sleep ? { sleep: params.sleep } : {}),
          ...(params.onRequest ? { onRequest: params.onRequest } : {}),
        })
        const activeCaipNetworkId = state.activeCaipNetworkId ?? next.defaultNetwork ?? next.networks[0]!.caipNetworkId
        update({ configured: true, activeCaipNetworkId })
      }
      return state
    },
    async getState() {
      await ready
      return state
    },
    async subscribe(listener) {
      await ready
      const id = nextId++
      const sub: Subscriber = { listener, busy: false, dirty: false }
      subscribers.set(id, sub)
      push(id, sub)
      return id
    },
    async unsubscribe(id) {
      subscribers.delete(id)
    },
    async setConnecting(namespace, connectorId) {
      await ready
      const previous = state.connections[namespace] ?? disconnectedConnection
      if (previous.status === 'connected') return
      update({ connections: { ...state.connections, [namespace]: { ...disconnectedConnection, status: 'connecting', connectorId } } })
    },
    async setConnected({ caipAddress, connectorId, connectorName }) {
      await ready
      const { namespace, caipNetworkId } = parseCaipAddress(caipAddress)
      const previous = state.connections[namespace]
      const changedAccount = state.balances.caipAddress !== caipAddress
      update({
        connections: { ...state.connections, [namespace]: { status: 'connected', caipAddress, connectorId, connectorName } },
        activeNamespace: namespace,
        activeCaipNetworkId: caipNetworkId,
        balances: changedAccount ? { ...emptyBalances, caipAddress } : state.balances,
      })
      await persistConnection()
      if (changedAccount || previous?.status !== 'connected') await refreshBalances()
    },
    async setDisconnected(namespace) {
      await ready
      const wasActive = state.activeNamespace === namespace
      update({
        connections: { ...state.connections, [namespace]: disconnectedConnection },
        ...(wasActive ? { balances: emptyBalances } : {}),
      })
      await persistConnection()
    },
    async setActiveNetwork(caipNetworkId) {
      await ready
      const { namespace } = { namespace: caipNetworkId.split(':')[0] }
      update({ activeCaipNetworkId: caipNetworkId, activeNamespace: chainNamespaceSchema.parse(namespace) })
      await persistConnection()
    },
    refreshBalances,
    async setOnline(online) {
      await ready
      if (online === state.online) return
      update({ online })
      if (online) await refreshBalances()
    },
    dispose() {
      subscribers.clear()
    },
  }
  return core
}
