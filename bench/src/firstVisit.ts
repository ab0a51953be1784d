import { existsSync, readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { attribute } from './attribute.ts'
import { openSession } from './browser.ts'
import type { BytesReport } from './bytes.ts'
import type { Target } from './measure.ts'
import { appOut } from './paths.ts'

/**
 * A first visit, counted by the server (it sees the page's, the workers' and the service worker's
 * fetches alike): load until idle, open the Connect view, then wait until the service worker is active
 * (its precache is done) and the network is quiet. Each fetch is put in a phase by when it came and its
 * `Sec-Fetch-Dest`: before the click, what the page needs to paint is `load` and the rest (the page's
 * own code it fetches once idle) `idle`; after it, `fetch()` calls (`empty`, which only the service
 * worker's precache makes for scripts) are `precache`, the rest (scripts, workers, the service worker's
 * own script) `open`.
 */
export type Phase = 'load' | 'idle' | 'open' | 'precache'
export type Fetched = { path: string; dest: string; phase: Phase; gzip: number | null }
export type FirstVisit = {
  fetches: Fetched[]
  /** gzip bytes of JavaScript fetched, per phase and in all (a file fetched twice counts twice). */
  jsGzip: Record<Phase | 'total', number>
  jsFiles: Record<Phase | 'total', number>
  /** Paths the server served more than once, with the count. */
  repeated: { path: string; count: number }[]
  /** What the core's worker fetched (its bundle and the chunks it imported), gzip, and the files. */
  worker: { gzip: number; files: string[] }
  /**
   * Minified bytes of zod (by the source maps) in the page's scripts fetched before the visitor acts
   * (load and idle): code whose evaluation builds schemas on the page before anyone asked for anything.
   */
  zodBeforeActing: number
  /**
   * Scripts among those that carry zod's classic API (`zod/v4/classic`, its chained methods built on
   * every schema) rather than only its core and the tree-shakable mini flavour the page's own schemas use.
   */
  zodClassicBeforeActing: string[]
  /** The service worker became active (its precache finished) within the wait. */
  serviceWorkerActive: boolean
  errors: string[]
}

const TIMEOUT = 20_000
const QUIET_MS = 1500
const isJs = (path: string) => /\.m?js$/.test(path)

async function quiet(page: Page, count: () => number): Promise<void> {
  let last = count()
  let since = Date.now()
  const started = Date.now()
  while (Date.now() - since < QUIET_MS && Date.now() - started < TIMEOUT) {
    await page.waitForTimeout(250)
    if (count() !== last) {
      last = count()
      since = Date.now()
    }
  }
}

export async function runFirstVisit(browser: Browser, target: Target, bytes: BytesReport): Promise<FirstVisit> {
  const errors: string[] = []
  const gzipOf = new Map(bytes.files.map((f) => [`/${f.file}`, f.sizes.gzip]))
  const session = await openSession(browser, 1)
  const { page } = session
  const server = target.server
  let serviceWorkerActive = false
  let loadEnd = 0
  try {
    server.reset()
    await page.goto(`${server.url}/`, { waitUntil: 'load', timeout: 60_000 })
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT }).catch(() => errors.push('load: network not idle'))
    await page.waitForTimeout(1000)
    loadEnd = server.hits.length
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Bench Wallet' }).waitFor({ timeout: TIMEOUT })
    serviceWorkerActive = (await page.evaluate(`(async () => {
      if (!('serviceWorker' in navigator)) return false
      const timeout = new Promise((resolve) => setTimeout(() => resolve(null), ${TIMEOUT}))
      const registration = await Promise.race([navigator.serviceWorker.ready, timeout])
      const active = registration?.active
      if (!active) return false
      if (active.state !== 'activated') await Promise.race([new Promise((resolve) => active.addEventListener('statechange', () => active.state === 'activated' && resolve(null))), timeout])
      return active.state === 'activated'
    })()`)) as boolean
    await quiet(page, () => server.hits.length)
  } catch (error) {
    errors.push((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'failed')
  } finally {
    await session.close()
  }
  const critical = new Set(target.criticalPaths)
  const fetches: Fetched[] = server.hits.map((hit, i) => ({
    path: hit.path === '/' ? '/index.html' : hit.path,
    dest: hit.dest,
    phase: i < loadEnd ? (critical.has(hit.path) ? 'load' : 'idle') : hit.dest === 'empty' ? 'precache' : 'open',
    gzip: gzipOf.get(hit.path === '/' ? '/index.html' : hit.path) ?? null,
  }))
  const jsGzip = { load: 0, idle: 0, open: 0, precache: 0, total: 0 }
  const jsFiles = { load: 0, idle: 0, open: 0, precache: 0, total: 0 }
  for (const f of fetches) {
    if (!isJs(f.path)) continue
    jsGzip[f.phase] += f.gzip ?? 0
    jsGzip.total += f.gzip ?? 0
    jsFiles[f.phase]++
    jsFiles.total++
  }
  const counts = new Map<string, number>()
  for (const f of fetches) counts.set(f.path, (counts.get(f.path) ?? 0) + 1)
  const repeated = [...counts].filter(([, n]) => n > 1).map(([path, count]) => ({ path, count }))
  const ran = fetches.filter((f) => f.dest === 'sharedworker' || f.dest === 'worker')
  const worker = { gzip: ran.reduce((sum, f) => sum + (f.gzip ?? 0), 0), files: ran.map((f) => f.path) }
  const beforeActing = new Set(fetches.filter((f) => isJs(f.path) && (f.phase === 'load' || f.phase === 'idle')).map((f) => f.path))
  const zodBeforeActing = [...beforeActing].reduce((sum, path) => {
    const file = `${appOut(target.app)}${path}`
    const parts = existsSync(file) ? attribute(readFileSync(file, 'utf8'), `${file}.map`) : null
    return sum + (parts?.bySource['zod'] ?? 0)
  }, 0)
  const zodClassicBeforeActing = [...beforeActing].filter((path) => {
    const map = `${appOut(target.app)}${path}.map`
    return existsSync(map) && readFileSync(map, 'utf8').includes('zod/v4/classic/')
  })
  return { fetches, jsGzip, jsFiles, repeated, worker, zodBeforeActing, zodClassicBeforeActing, serviceWorkerActive, errors }
}

export type FeatureChunk = { name: string; files: string[]; gzip: number }

/**
 * What loads only when the visitor heads for a feature: each dynamic entry of the build (a view, a
 * connection method) not fetched in the first visit, with the files of its static imports that were
 * not fetched either; and each other script nobody fetched (a worker's own lazy chunk, the worker
 * variant this browser does not run) on its own line.
 */
export function featureChunks(bytes: BytesReport, visit: FirstVisit): FeatureChunk[] {
  const fetched = new Set(visit.fetches.map((f) => f.path.replace(/^\//, '')))
  const gzip = new Map(bytes.files.map((f) => [f.file, f.sizes.gzip]))
  const out: FeatureChunk[] = []
  const covered = new Set<string>()
  for (const entry of bytes.entries) {
    if (!entry.dynamicEntry || fetched.has(entry.file)) continue
    const files = entry.closure.filter((f) => !fetched.has(f))
    for (const f of files) covered.add(f)
    out.push({ name: entry.name, files, gzip: files.reduce((s, f) => s + (gzip.get(f) ?? 0), 0) })
  }
  for (const f of bytes.files) {
    if (!/\.m?js$/.test(f.file) || fetched.has(f.file) || covered.has(f.file) || f.kind === 'critical-js') continue
    out.push({ name: f.file.replace(/^assets\//, '').replace(/-[A-Za-z0-9_-]{8}\.m?js$/, ''), files: [f.file], gzip: f.sizes.gzip })
  }
  return out.sort((a, b) => b.gzip - a.gzip)
}
