/**
 * The environment of the core, injected rather than read from globals (TanStack Query's
 * onlineManager / focusManager): a worker has no `window`, so the tabs report what they see.
 */

export type OnlineManager = {
  isOnline(): boolean
  /** Answers whether the state changed; subscribers hear only changes, so N tabs reporting cause one event. */
  setOnline(online: boolean): boolean
  subscribe(listener: (online: boolean) => void): () => void
}

export function createOnlineManager(initial = true): OnlineManager {
  let online = initial
  const listeners = new Set<(online: boolean) => void>()
  return {
    isOnline: () => online,
    setOnline(next) {
      if (next === online) return false
      online = next
      for (const listener of listeners) listener(online)
      return true
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type FocusManager = {
  /** True while at least one tab is visible (or no tab has reported yet). */
  isFocused(): boolean
  /** Answers whether the core's focus changed. */
  setVisibility(tabId: string, visible: boolean): boolean
  subscribe(listener: (focused: boolean) => void): () => void
}

/** Visibility of every tab, kept by tab id: the core is focused while any tab is visible. */
export function createFocusManager(): FocusManager {
  const visible = new Set<string>()
  const reported = new Set<string>()
  const listeners = new Set<(focused: boolean) => void>()
  const focused = () => reported.size === 0 || visible.size > 0
  return {
    isFocused: focused,
    setVisibility(tabId, isVisible) {
      const before = focused()
      reported.add(tabId)
      if (isVisible) visible.add(tabId)
      else visible.delete(tabId)
      const after = focused()
      if (before === after) return false
      for (const listener of listeners) listener(after)
      return true
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
