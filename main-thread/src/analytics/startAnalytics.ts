import type { TrackedEvent, TrackParameters } from '@portico/shared-types'
import { TRACKED_EVENTS } from '@portico/shared-types/constants'
import { activeConnection, splitCaipAddress } from '@portico/shared-types/light'
import type { PorticoClient } from '../client/createClient.ts'
import type { PorticoEvent, PorticoUi } from '../ui/createUi.ts'

/** The SPEC.md §8 tracked events a tab reports to the core (MODAL_CREATED is never sent, SPEC.md §7). */
const TRACKED = new Set<string>(TRACKED_EVENTS.filter((event) => event !== 'MODAL_CREATED'))

/** The browser's Global Privacy Control signal (Sec-GPC); analytics stays off while it is on. */
export function globalPrivacyControl(): boolean {
  return typeof navigator !== 'undefined' && (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true
}

const address = (caipAddress: string | null | undefined) => (caipAddress ? splitCaipAddress(caipAddress as `eip155:${string}:${string}`).address : null)

export type StartAnalyticsParameters = {
  client: PorticoClient
  ui: PorticoUi
  /** Shown once when the sink refuses this origin (403). */
  onBlocked: () => void
}

/**
 * Hands the modal's events (SPEC.md §8 tracked events) to the core, which sends them for every tab
 * (`api.track`). Off when `features.analytics` is false; each event carries the tab's Global Privacy
 * Control signal, with which the core sends nothing. Loaded with the modal, never with the page.
 */
export function startAnalytics({ client, ui, onBlocked }: StartAnalyticsParameters): () => void {
  let lastAddress: string | null = null
  let blockedShown = false
  let previous = client.getSnapshot()

  const send = (event: TrackedEvent, properties: TrackParameters['properties'], eventAddress?: string | null) => {
    if (client.getSnapshot().config?.features.analytics === false) return
    const params: TrackParameters = {
      event,
      ...(properties && Object.keys(properties).length > 0 ? { properties } : {}),
      address: eventAddress ?? lastAddress,
      // Origin and path only: a query or fragment can hold tokens.
      url: `${location.origin}${location.pathname}`,
      domain: location.host,
      timestamp: Date.now(),
      gpc: globalPrivacyControl(),
    }
    // Before the session has parsed the configuration, the event waits for it (the open that woke it).
    void client.withCore(async (api) => (client.getSnapshot().config?.features.analytics ? api.track(params) : undefined)).catch(() => undefined)
  }

  const remember = () => {
    const { core } = client.getSnapshot()
    const connection = core ? activeConnection(core) : null
    if (connection?.status === 'connected' && connection.caipAddress) lastAddress = address(connection.caipAddress)
  }
  remember()

  const offEvents = ui.onEvent((event: PorticoEvent) => {
    if (!TRACKED.has(event.type)) return
    const properties: NonNullable<TrackParameters['properties']> = {}
    let eventAddress: string | null = null
    for (const [key, value] of Object.entries(event)) {
      if (key === 'type') continue
      if (key === 'caipAddress' && typeof value === 'string') eventAddress = address(value)
      else if (key === 'caipNetworkId' && typeof value === 'string') properties.network = value
      else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) properties[key] = value as string | number | boolean | null
    }
    send(event.type as TrackedEvent, properties, eventAddress)
    // The address stays on the DISCONNECT_SUCCESS that follows, then goes.
    if (event.type === 'DISCONNECT_SUCCESS') lastAddress = null
  })

  const offClient = client.subscribe(() => {
    const next = client.getSnapshot()
    if (next.core?.transactions.status === 'error' && previous.core?.transactions.status !== 'error') send('ERROR_FETCH_TRANSACTIONS', {})
    if (next.core?.analyticsBlocked && !blockedShown) {
      blockedShown = true
      onBlocked()
    }
    previous = next
    // After createUi's listener has emitted the transition's events with the address they had.
    queueMicrotask(remember)
  })

  // The open that loaded the modal happened before this module was there.
  if (client.getSnapshot().modal.open) send('MODAL_OPEN', { view: client.getSnapshot().modal.router.history.at(-1)?.name ?? 'Connect' })

  return () => {
    offEvents()
    offClient()
  }
}
