import { wrap, type Remote } from 'comlink'
import type { PorticoCoreApi } from '@portico/shared-types'

export type SpawnedCore = { api: Remote<PorticoCoreApi>; kind: 'shared' | 'dedicated'; close(): void }

/**
 * Starts the core off the main thread: a SharedWorker (one core for every tab) where the browser has
 * one, else a dedicated module worker. The worker files come from `@portico/worker-core` as URLs only,
 * in the `new URL(…, import.meta.url)` form Vite and webpack 5 both bundle; the chunk names keep
 * webpack from merging the two entries into one chunk named after the workers' shared `name` (after
 * the URL: Vite only recognises a worker whose `new URL(…)` follows the opening parenthesis).
 */
export function spawnCore(): SpawnedCore {
  if (typeof SharedWorker !== 'undefined') {
    const worker = new SharedWorker(new URL('@portico/worker-core/shared-worker', import.meta.url), /* webpackChunkName: "portico-core-shared" */ { type: 'module', name: 'portico-core' })
    worker.port.start()
    return { api: wrap<PorticoCoreApi>(worker.port), kind: 'shared', close: () => worker.port.close() }
  }
  const worker = new Worker(new URL('@portico/worker-core/dedicated-worker', import.meta.url), /* webpackChunkName: "portico-core-dedicated" */ { type: 'module', name: 'portico-core' })
  return { api: wrap<PorticoCoreApi>(worker), kind: 'dedicated', close: () => worker.terminate() }
}
