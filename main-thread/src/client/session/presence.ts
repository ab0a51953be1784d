import type { SessionContext, SessionFeature } from './feature.ts'

/** This tab's id for the core's visibility manager. */
export function newTabId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `tab-${Date.now()}-${performance.now()}`
}

/**
 * The worker has no window: online state and visibility come from the tabs (TanStack-style managers
 * in the core). A tab shown again subscribes again (`onShown`); a tab leaving says it is hidden.
 */
export function startPresence({ api }: Pick<SessionContext, 'api'>, { tabId, onShown }: { tabId: string; onShown(): void }): SessionFeature {
  const online = () => void api.setOnline(true)
  const offline = () => void api.setOnline(false)
  const isVisible = () => document.visibilityState === 'visible'
  const visibility = () => {
    void api.setVisibility(tabId, isVisible())
    if (isVisible()) onShown()
  }
  const gone = () => void api.setVisibility(tabId, false)
  window.addEventListener('online', online)
  window.addEventListener('offline', offline)
  window.addEventListener('pagehide', gone)
  document.addEventListener('visibilitychange', visibility)
  if (!navigator.onLine) offline()
  void api.setVisibility(tabId, isVisible())
  return {
    stop() {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
      window.removeEventListener('pagehide', gone)
      document.removeEventListener('visibilitychange', visibility)
      void api.setVisibility(tabId, false).catch(() => undefined)
    },
  }
}
