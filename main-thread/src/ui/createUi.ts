import { NOTIFICATION_SWAP_DELAY_MS, SHAKE_MS } from '@portico/shared-types/constants'
import type { ClientSnapshot, PorticoClient } from '../client/createClient.ts'
import { currentView } from '../client/router.ts'
import { activeConnection } from '@portico/shared-types/light'
import type { ThemeVariables } from '@portico/shared-types'
import { createEmitter } from '@portico/shared-types/emitter'

export type NotificationVariant = 'loading' | 'success' | 'error'
export type Notification = { id: number; variant: NotificationVariant; message: string }

/** Events a dapp can follow with `useEvents` (names of SPEC.md §8 where they exist). */
export type PorticoEvent =
  | { type: 'MODAL_OPEN'; view: string }
  | { type: 'MODAL_CLOSE' }
  | { type: 'CONNECT_SUCCESS'; caipAddress: string; connector: string | null }
  | { type: 'DISCONNECT_SUCCESS' }
  /** A disconnect failed (the connection could not be forgotten); the visitor stays connected. */
  | { type: 'DISCONNECT_ERROR'; message: string }
  | { type: 'SWITCH_NETWORK'; caipNetworkId: string }
  | { type: 'NOTIFICATION'; variant: NotificationVariant; message: string }
  | { type: 'SEND_INITIATED'; caipNetworkId: string; token: string; amount: string }
  | { type: 'SEND_SUCCESS'; caipNetworkId: string; hash: string }
  | { type: 'SEND_ERROR'; code: string }
  | { type: 'SEARCH_WALLET'; search: string }
  | { type: 'SIWX_AUTH_SUCCESS'; caipAddress: string }
  | { type: 'SIWX_AUTH_ERROR'; code: string }
  | { type: 'CLICK_CANCEL_SIWX'; required: boolean }

export type UiSnapshot = { notification: Notification | null; shaking: boolean; themeVariables: ThemeVariables }

export type PorticoUi = {
  getSnapshot(): UiSnapshot
  subscribe(listener: () => void): () => void
  /** Shows a notification; one already open closes first and the new one shows after 150 ms. */
  notify(variant: NotificationVariant, message: string, options?: { durationMs?: number }): void
  dismiss(id?: number): void
  /** Shakes the modal for 500 ms as a signal. */
  shake(): void
  /** Merges theme variables (CSS custom properties) into those of the configuration. */
  setThemeVariables(variables: ThemeVariables): void
  onEvent(listener: (event: PorticoEvent) => void): () => void
  /** Tells every `useEvents` listener of something a view did (the write flows' SEND_* events). */
  emit(event: PorticoEvent): void
  destroy(): void
}

/**
 * The modal's own UI state (notifications, the shake signal) and the dapp-facing event stream,
 * which is derived from the client's snapshot transitions.
 */
export function createUi(client: PorticoClient): PorticoUi {
  let snapshot: UiSnapshot = { notification: null, shaking: false, themeVariables: { ...client.startup.themeVariables } }
  const listeners = createEmitter()
  const eventListeners = createEmitter<PorticoEvent>()
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let nextId = 1
  /** The notification that shows when the 150 ms gap after closing the previous one ends. */
  let waiting: (() => void) | null = null

  const set = (patch: Partial<UiSnapshot>) => {
    snapshot = { ...snapshot, ...patch }
    listeners.emit()
  }
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t)
      fn()
    }, ms)
    timers.add(t)
  }
  const emit = (event: PorticoEvent) => {
    eventListeners.emit(event)
  }

  let previous: ClientSnapshot = client.getSnapshot()
  const unsubscribe = client.subscribe(() => {
    const next = client.getSnapshot()
    if (next.modal.open !== previous.modal.open) {
      emit(next.modal.open ? { type: 'MODAL_OPEN', view: currentView(next.modal.router).name } : { type: 'MODAL_CLOSE' })
    }
    const before = previous.core ? activeConnection(previous.core) : null
    const after = next.core ? activeConnection(next.core) : null
    if (previous.core && after && before) {
      if (after.status === 'connected' && (before.status !== 'connected' || before.caipAddress !== after.caipAddress) && after.caipAddress) {
        if (before.status !== 'connected') emit({ type: 'CONNECT_SUCCESS', caipAddress: after.caipAddress, connector: after.connectorName })
      }
      if (before.status === 'connected' && after.status === 'disconnected') emit({ type: 'DISCONNECT_SUCCESS' })
    }
    if (previous.core && next.core && next.core.activeCaipNetworkId && previous.core.activeCaipNetworkId !== next.core.activeCaipNetworkId) {
      emit({ type: 'SWITCH_NETWORK', caipNetworkId: next.core.activeCaipNetworkId })
    }
    previous = next
  })

  const ui: PorticoUi = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      return listeners.on(listener)
    },
    notify(variant, message, { durationMs = variant === 'loading' ? 0 : 4000 } = {}) {
      const notification = { id: nextId++, variant, message }
      const show = () => {
        waiting = null
        set({ notification })
        emit({ type: 'NOTIFICATION', variant, message })
        if (durationMs > 0) later(() => ui.dismiss(notification.id), durationMs)
      }
      if (waiting) {
        // Still in the gap after closing the previous one: the latest notification takes the waiting slot.
        waiting = show
      } else if (snapshot.notification) {
        set({ notification: null })
        waiting = show
        later(() => waiting?.(), NOTIFICATION_SWAP_DELAY_MS)
      } else show()
    },
    dismiss(id) {
      if (id === undefined) waiting = null
      if (snapshot.notification && (id === undefined || snapshot.notification.id === id)) set({ notification: null })
    },
    shake() {
      set({ shaking: true })
      later(() => set({ shaking: false }), SHAKE_MS)
    },
    setThemeVariables(variables) {
      set({ themeVariables: { ...snapshot.themeVariables, ...variables } })
    },
    onEvent(listener) {
      return eventListeners.on(listener)
    },
    emit,
    destroy() {
      unsubscribe()
      for (const t of timers) clearTimeout(t)
      listeners.clear()
      eventListeners.clear()
    },
  }
  return ui
}
