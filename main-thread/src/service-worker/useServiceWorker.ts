import { useEffect } from 'react'
import type { ClientSnapshot, PorticoClient } from '../client/createClient.ts'
import { whenIdle } from '../client/idle.ts'

/**
 * A tab whose page was controlled by a service worker reloads when another version takes over, so it
 * never runs its old code against the new version's files (the precache of the old one is gone). The
 * first takeover of an uncontrolled page (first install) is not a reason to reload.
 */
export function watchControllerChange(container: ServiceWorkerContainer, reload: () => void): () => void {
  let controlled = container.controller !== null
  let reloading = false
  const onChange = () => {
    if (controlled && !reloading) {
      reloading = true
      reload()
    }
    controlled = container.controller !== null
  }
  container.addEventListener('controllerchange', onChange)
  return () => container.removeEventListener('controllerchange', onChange)
}

/** The visitor has shown intent (the session woke, or the modal opened): the page's own load is over. The registration waits for the parsed configuration. */
const intentShown = (snapshot: ClientSnapshot) => snapshot.core !== null || snapshot.modal.open

/**
 * Registers Portico's service worker off the critical path: after the visitor's first intent (the same
 * moment the core wakes) and then at idle time, so loading the page fetches nothing beyond its own
 * files. Also keeps every tab on one version (reload on a controller change).
 */
export function useServiceWorker(client: PorticoClient): void {
  useEffect(() => {
    if (!client.startup.serviceWorker || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
    const stopWatching = watchControllerChange(navigator.serviceWorker, () => window.location.reload())
    let stopped = false
    let cancelIdle: (() => void) | null = null
    let cleanupRegistration: (() => void) | null = null
    const start = () => {
      const { config } = client.getSnapshot()
      if (!intentShown(client.getSnapshot()) || !config) return
      unsubscribe()
      const run = () => {
        void import('./register.ts')
          .then(({ registerServiceWorker }) => registerServiceWorker({ config, coreScripts: () => client.withCore((api) => api.loadedScripts()) }))
          .then((registered) => {
            if (stopped) registered?.unregisterListeners()
            else cleanupRegistration = registered ? registered.unregisterListeners : null
          })
          .catch(() => undefined)
      }
      cancelIdle = whenIdle(run, 2000)
    }
    const unsubscribe = client.subscribe(start)
    start()
    return () => {
      stopped = true
      unsubscribe()
      stopWatching()
      cancelIdle?.()
      cleanupRegistration?.()
    }
  }, [client])
}
