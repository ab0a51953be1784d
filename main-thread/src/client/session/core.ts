import { proxy, type Remote } from 'comlink'
import { followStateChanges, type CoreState, type PorticoConfig, type PorticoCoreApi } from '@portico/shared-types'
import type { ClientInternals } from '../createClient.ts'
import { spawnCore } from '../spawnCore.ts'
import { createCoreLink } from '../spawnCoreLink.ts'
import { coreSettingsOf } from './config.ts'

export type CoreAttachment = {
  api: Remote<PorticoCoreApi>
  /** Configures the core, subscribes to its pushes and starts the heartbeat. */
  start(): Promise<void>
  /** Subscribes again (a tab shown again), then drops the subscription it replaces. */
  resubscribe(): Promise<void>
  /** Unsubscribes and closes the link. */
  stop(): void
}

export type AttachCoreParameters = {
  client: ClientInternals
  config: PorticoConfig
  /** This tab's id for the core's visibility manager. */
  tabId: string
  /** Each state the core pushes, newest only, its revision counted by the page (rising across restarts). */
  onState(state: CoreState): void
}

/**
 * The core, through a link that asks it for a heartbeat every 5 s (SPEC.md §9) and restarts one that
 * stops answering: the new core is attached as the first was (configured, subscribed, told this tab's
 * online state and visibility), then gets the calls the old one left unanswered.
 */
export function attachCore({ client, config, tabId, onState }: AttachCoreParameters): CoreAttachment {
  const spawn = client.spawn ?? spawnCore
  const link = createCoreLink({
    spawn: (options) => spawn(options),
    reattach: (fresh) => attach(fresh),
    onReconnecting: (reconnecting) => client.set({ reconnecting }),
    ...(client.heartbeatMs ? { heartbeatMs: client.heartbeatMs } : {}),
  })
  const api: Remote<PorticoCoreApi> = link.api
  let subscriptionId: number | null = null
  /** Each core attached gets its own listener; states of a core this tab has left are not taken. */
  let epoch = 0
  let lastRevision = -1
  let pageRevision = 0
  /**
   * A subscription's listener: it adds the core's changes up to the whole state (`followStateChanges`, kept per
   * subscription since each is sent changes against what it was sent) and passes on the states newer than this
   * tab's last, from the core it is attached to.
   */
  function listenerOf(attached: number) {
    return followStateChanges((state) => {
      if (attached !== epoch || state.revision <= lastRevision) return
      lastRevision = state.revision
      // A new core counts its revisions from its own start: the page's keep rising.
      onState({ ...state, revision: ++pageRevision })
    })
  }

  async function subscribe() {
    const id = await api.subscribe(proxy(listenerOf(epoch)))
    if (subscriptionId !== null) void api.unsubscribe(subscriptionId)
    subscriptionId = id
  }

  /**
   * Attaches the session to a new core after a restart, on that core's own API (the link holds other
   * calls until this is done). The modal keeps what it shows until the new core pushes its state.
   */
  async function attach(fresh: Remote<PorticoCoreApi>) {
    epoch += 1
    lastRevision = -1
    subscriptionId = null
    const settings = coreSettingsOf(client, config)
    await fresh.configure(settings.core, settings.options)
    subscriptionId = await fresh.subscribe(proxy(listenerOf(epoch)))
    if (!navigator.onLine) await fresh.setOnline(false)
    await fresh.setVisibility(tabId, document.visibilityState === 'visible')
  }

  return {
    api,
    async start() {
      // The heartbeat runs from the first call: a core that never answers it (a SharedWorker the browser
      // was ending as this tab joined it: every tab of the origin had just reloaded) is replaced, and
      // the configure and subscribe calls below go to the new one.
      link.startHeartbeat()
      const settings = coreSettingsOf(client, config)
      await api.configure(settings.core, settings.options)
      await subscribe()
    },
    resubscribe: subscribe,
    stop() {
      if (subscriptionId !== null) void api.unsubscribe(subscriptionId)
      link.close()
    },
  }
}
