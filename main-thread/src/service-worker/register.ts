import { Workbox } from 'workbox-window'
import type { PorticoConfig } from '@portico/shared-types'
import { SERVICE_WORKER_UPDATE_EVENT, type ServiceWorkerUpdate } from './events.ts'

export { SERVICE_WORKER_UPDATE_EVENT, type ServiceWorkerUpdate }

/** Where `@portico/service-worker/vite` serves the worker, and the scope it takes. */
export const DEFAULT_SERVICE_WORKER_URL = '/portico-service-worker.js'
export const DEFAULT_SERVICE_WORKER_SCOPE = '/'
/** A tab left open checks for a new version when it becomes visible again, at most this often. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

export type RegisterServiceWorkerParameters = {
  config: Pick<PorticoConfig, 'serviceWorker' | 'catalogueUrl'>
  /** The scripts the core's worker loaded (its own requests are not in the page's resource timing). */
  coreScripts?: () => Promise<readonly string[]>
}
export type RegisterServiceWorkerReturnType = { workbox: Workbox; unregisterListeners(): void } | null

/**
 * The worker's URL: the file, with the catalogue base in its query (the worker validates it and only
 * caches calls under it).
 *
 * @example
 * serviceWorkerUrl('/portico-service-worker.js', 'http://127.0.0.1:8788') // '/portico-service-worker.js?catalogue=http%3A%2F%2F127.0.0.1%3A8788'
 */
export function serviceWorkerUrl(file: string, catalogueUrl: string | undefined): string {
  if (!catalogueUrl) return file
  return `${file}${file.includes('?') ? '&' : '?'}${new URLSearchParams({ catalogue: catalogueUrl }).toString()}`
}

/** At most this many URLs in one CACHE_URLS message (the worker refuses more). */
const CACHE_URLS_MAX = 200

/**
 * Hands the worker what the page (and the core's worker) fetched before the worker controlled it: the
 * catalogue's images, and the host's own files beyond the precached shell (the modal, the core). The
 * worker keeps only what its routes match, fetching each once more at most (from the HTTP cache where
 * the host lets hashed files be cached).
 */
async function cacheEarlierFiles(workbox: Workbox, catalogueUrl: string | undefined, coreScripts: readonly string[]): Promise<void> {
  const base = catalogueUrl ? `${catalogueUrl.replace(/\/+$/, '')}/` : null
  const own = `${window.location.origin}/`
  const fetched = performance.getEntriesByType('resource').map((entry) => entry.name)
  const urls = [...new Set([...fetched, ...coreScripts])].filter((url) => (base !== null && url.startsWith(base)) || url.startsWith(own))
  for (let i = 0; i < urls.length; i += CACHE_URLS_MAX) {
    const urlsToCache = urls.slice(i, i + CACHE_URLS_MAX)
    await workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } }).catch(() => undefined)
  }
}

const registrations = new Map<string, Promise<Workbox | null>>()

/**
 * Registers Portico's service worker through workbox-window (once per page and URL) and surfaces its
 * update flow: when a new version is installed and waiting, `config.serviceWorker.onUpdate(update)` is
 * called and a `portico:service-worker-update` event is dispatched on `window`; `update.apply()` tells
 * the waiting worker to take over, and every tab reloads when it does (see `watchControllerChange`).
 * A failure (no worker file served, private mode) is swallowed: the modal works without the worker.
 *
 * @example
 * await registerServiceWorker({ config: { catalogueUrl: 'https://catalogue.example', serviceWorker: { onUpdate: (u) => void u.apply() } } })
 */
export async function registerServiceWorker({ config, coreScripts }: RegisterServiceWorkerParameters): Promise<RegisterServiceWorkerReturnType> {
  const options = config.serviceWorker
  if (options === false || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null
  const url = serviceWorkerUrl(options?.url ?? DEFAULT_SERVICE_WORKER_URL, config.catalogueUrl)
  const scope = options?.scope ?? DEFAULT_SERVICE_WORKER_SCOPE

  let registering = registrations.get(url)
  if (!registering) {
    const workbox = new Workbox(url, { scope, updateViaCache: 'none' })
    registering = workbox.register({ immediate: true }).then(
      (registration) => (registration ? workbox : null),
      () => null,
    )
    registrations.set(url, registering)
  }
  const workbox = await registering
  if (!workbox) return null

  const update: ServiceWorkerUpdate = {
    async apply() {
      workbox.messageSkipWaiting()
    },
  }
  let announced = false
  const announce = () => {
    if (announced) return
    announced = true
    options?.onUpdate?.(update)
    window.dispatchEvent(new CustomEvent<ServiceWorkerUpdate>(SERVICE_WORKER_UPDATE_EVENT, { detail: update }))
  }
  workbox.addEventListener('waiting', announce)
  // First install: the catalogue images this page showed, and the host's files it loaded, went straight
  // to the network before the worker was there. Hand them over (the worker keeps what its routes match).
  const cacheEarlier = (event: { isUpdate?: boolean | undefined }) => {
    if (event.isUpdate) return
    void (coreScripts ? coreScripts().catch(() => []) : Promise.resolve([] as readonly string[])).then((scripts) => cacheEarlierFiles(workbox, config.catalogueUrl, scripts))
  }
  workbox.addEventListener('controlling', cacheEarlier)
  // A version that was already waiting when this page registered.
  void navigator.serviceWorker.getRegistration(scope).then((registration) => {
    if (registration?.waiting && registration.active) announce()
  })

  let lastCheck = Date.now()
  const checkWhenVisible = () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return
    lastCheck = Date.now()
    void workbox.update().catch(() => undefined)
  }
  document.addEventListener('visibilitychange', checkWhenVisible)

  return {
    workbox,
    unregisterListeners() {
      workbox.removeEventListener('waiting', announce)
      workbox.removeEventListener('controlling', cacheEarlier)
      document.removeEventListener('visibilitychange', checkWhenVisible)
    },
  }
}
