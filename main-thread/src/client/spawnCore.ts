import { wrap, type Remote } from 'comlink'
import type { PorticoCoreApi } from '@portico/shared-types'
import { installErrorRevival } from './errorTransfer.ts'

export type SpawnedCore = { api: Remote<PorticoCoreApi>; kind: 'shared' | 'dedicated'; close(): void }

/** Which core to start: generation 0 is the first; a restart (the heartbeat) asks for the next. */
export type SpawnCoreOptions = { generation?: number }

/** The SharedWorker's name of a generation: a stuck worker keeps its name, so a new one needs another. */
export const coreWorkerName = (generation = 0) => (generation > 0 ? `portico-core-${generation}` : 'portico-core')

/**
 * Starts the core off the main thread: a SharedWorker (one core for every tab) where the browser has
 * one, else a dedicated module worker. The worker files come from `@portico/worker-core` as URLs only,
 * in the `new URL(…, import.meta.url)` form Vite and webpack 5 both bundle; the chunk names keep
 * webpack from merging the two entries into one chunk named after the workers' shared `name` (after
 * the URL: Vite only recognises a worker whose `new URL(…)` follows the opening parenthesis).
 * Each generation's SharedWorker has a name of its own (`coreWorkerName`): every tab of the origin
 * that asks for the same generation joins the same core.
 */
export function spawnCore({ generation = 0 }: SpawnCoreOptions = {}): SpawnedCore {
  installErrorRevival()
  if (typeof SharedWorker !== 'undefined') {
    const worker = new SharedWorker(new URL('@portico/worker-core/shared-worker', import.meta.url), /* webpackChunkName: "portico-core-shared" */ { type: 'module', name: coreWorkerName(generation) })
    worker.port.start()
    return { api: wrap<PorticoCoreApi>(worker.port), kind: 'shared', close: () => worker.port.close() }
  }
  const worker = new Worker(new URL('@portico/worker-core/dedicated-worker', import.meta.url), /* webpackChunkName: "portico-core-dedicated" */ { type: 'module', name: 'portico-core' })
  return { api: wrap<PorticoCoreApi>(worker), kind: 'dedicated', close: () => worker.terminate() }
}
