// `npm run bench:check`: builds the demo and the floor, computes the deterministic figures (bytes and
// the requests made before the visitor acts, one Chromium load each), compares them with
// bench/budgets.json, prints a pass/fail table and exits non-zero when a budget is exceeded.
import { readFileSync, writeFileSync } from 'node:fs'
import { fail, prepareApps } from './apps.ts'
import { launch } from './browser.ts'
import { workersOnCriticalPath } from './bytes.ts'
import { runOnce, type RunResult } from './measure.ts'
import { benchDir, outDir } from './paths.ts'
import { measurePackageEntries, packageSizesTable } from './package-sizes.ts'
import { framePageTable, measureFramePage } from './frame-page.ts'
import { runFirstVisit, type FirstVisit } from './firstVisit.ts'
import { bytesTable, firstVisitTable } from './report.ts'
import { kib, table } from './table.ts'

type Budgets = {
  beforeFirstPaintJsGzip: { overFloorBytes: number }
  requestsBeforeActing: { beyondPageFiles: number; otherOrigin: number }
  offCriticalPath: { workers: boolean; serviceWorker: boolean }
  /** Gzip bytes per public entry of the built packages (bench/src/package-sizes.ts), by entry name. */
  packageEntriesGzip: Record<string, number>
  /** The first visit (load, open Connect, service-worker precache): bench/src/firstVisit.ts. */
  firstVisit: { jsGzip: number; idleJsGzip: number; jsFetchedMoreThanOnce: number; workerAsRunGzip: number; zodClassicScriptsBeforeActing: number }
  /** The embedded wallet's frame page (bench/src/frame-page.ts): its JS before the email form is usable. */
  framePage: { beforeUsableGzip: number }
}

function readBudgets(): Budgets {
  const raw: unknown = JSON.parse(readFileSync(process.env.BENCH_BUDGETS ?? `${benchDir}budgets.json`, 'utf8'))
  const b = raw as Partial<Budgets>
  const num = (v: unknown, name: string) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`bench/budgets.json: ${name} must be a number`)
    return v
  }
  return {
    beforeFirstPaintJsGzip: { overFloorBytes: num(b.beforeFirstPaintJsGzip?.overFloorBytes, 'beforeFirstPaintJsGzip.overFloorBytes') },
    requestsBeforeActing: {
      beyondPageFiles: num(b.requestsBeforeActing?.beyondPageFiles, 'requestsBeforeActing.beyondPageFiles'),
      otherOrigin: num(b.requestsBeforeActing?.otherOrigin, 'requestsBeforeActing.otherOrigin'),
    },
    offCriticalPath: { workers: b.offCriticalPath?.workers !== false, serviceWorker: b.offCriticalPath?.serviceWorker !== false },
    firstVisit: {
      jsGzip: num(b.firstVisit?.jsGzip, 'firstVisit.jsGzip'),
      idleJsGzip: num(b.firstVisit?.idleJsGzip, 'firstVisit.idleJsGzip'),
      jsFetchedMoreThanOnce: num(b.firstVisit?.jsFetchedMoreThanOnce, 'firstVisit.jsFetchedMoreThanOnce'),
      workerAsRunGzip: num(b.firstVisit?.workerAsRunGzip, 'firstVisit.workerAsRunGzip'),
      zodClassicScriptsBeforeActing: num(b.firstVisit?.zodClassicScriptsBeforeActing, 'firstVisit.zodClassicScriptsBeforeActing'),
    },
    framePage: { beforeUsableGzip: num(b.framePage?.beforeUsableGzip, 'framePage.beforeUsableGzip') },
    packageEntriesGzip: Object.fromEntries(
      Object.entries(b.packageEntriesGzip ?? {})
        .filter(([k]) => !k.startsWith('$'))
        .map(([k, v]) => [k, num(v, `packageEntriesGzip["${k}"]`)]),
    ),
  }
}

type Row = { check: string; actual: string; budget: string; pass: boolean }

const started = Date.now()
const budgets = readBudgets()
const log = (line: string) => console.log(`[bench:check] ${line}`)
const apps = await prepareApps(log).catch((error: unknown) => fail(log, error))
const browser = await launch().catch(async (error: unknown) => {
  await apps.close()
  return fail(log, error)
})
let demoLoad: RunResult
let floorLoad: RunResult
let visit: FirstVisit
try {
  demoLoad = await runOnce(browser, apps.targets.demo, 1, 0, true)
  floorLoad = await runOnce(browser, apps.targets.floor, 1, 0, true)
  visit = await runFirstVisit(browser, apps.targets.demo, apps.bytes.demo)
} finally {
  await browser.close()
  await apps.close()
}

const { demo, floor } = apps.bytes
const rows: Row[] = []
const jsMax = floor.groups.criticalJs.sizes.gzip + budgets.beforeFirstPaintJsGzip.overFloorBytes
rows.push({
  check: 'JS before first paint, gzip',
  actual: kib(demo.groups.criticalJs.sizes.gzip),
  budget: `≤ ${kib(jsMax)} (floor ${kib(floor.groups.criticalJs.sizes.gzip)} + ${kib(budgets.beforeFirstPaintJsGzip.overFloorBytes)})`,
  pass: demo.groups.criticalJs.sizes.gzip <= jsMax,
})
const req = demoLoad.requests
rows.push({
  check: "Requests before acting, beyond the page's own files",
  actual: req ? `${req.beyondPageFiles}${req.beyond.length ? ` (${req.beyond.join(', ')})` : ''}` : `not measured: ${demoLoad.errors.join('; ')}`,
  budget: `≤ ${budgets.requestsBeforeActing.beyondPageFiles}`,
  pass: !!req && req.beyondPageFiles <= budgets.requestsBeforeActing.beyondPageFiles,
})
rows.push({
  check: 'Requests before acting, to other origins',
  actual: req ? String(req.otherOrigin) : 'not measured',
  budget: `≤ ${budgets.requestsBeforeActing.otherOrigin}`,
  pass: !!req && req.otherOrigin <= budgets.requestsBeforeActing.otherOrigin,
})
// Off the critical path means both: not in the before-first-paint set (static), and not fetched
// before the visitor acts (measured).
const critical = new Set(workersOnCriticalPath(demo))
const fetched = new Set((req?.beyond ?? []).map((u) => u.replace(/^https?:\/\/[^/]+/, '').replace(/^\//, '')))
const offRow = (check: string, files: string[]): Row => {
  const inEntry = files.filter((f) => critical.has(f))
  const early = files.filter((f) => fetched.has(f))
  const actual =
    files.length === 0
      ? 'none built'
      : inEntry.length || early.length
        ? [inEntry.length ? `before first paint: ${inEntry.join(', ')}` : '', early.length ? `fetched before acting: ${early.join(', ')}` : ''].filter(Boolean).join('; ')
        : `${files.length} built, all off`
  return { check, actual, budget: 'not before first paint, not fetched before acting', pass: inEntry.length === 0 && early.length === 0 && !!req }
}
if (budgets.offCriticalPath.workers) rows.push(offRow('Worker bundles off the critical path', demo.groups.workers.files))
if (budgets.offCriticalPath.serviceWorker) rows.push(offRow('Service worker off the critical path', demo.groups.serviceWorkers.files))

// The first visit: its JavaScript (load + open Connect + the service worker's precache), no script
// downloaded twice, and the core's worker as a browser runs it (entry and the chunks it fetched).
const jsTwice = visit.repeated.filter((r) => /\.m?js$/.test(r.path))
rows.push(
  {
    check: "JS fetched once idle, before acting (page's own code), gzip",
    actual: visit.errors.length ? 'not measured' : kib(visit.jsGzip.idle),
    budget: `≤ ${kib(budgets.firstVisit.idleJsGzip)}`,
    pass: visit.errors.length === 0 && visit.jsGzip.idle <= budgets.firstVisit.idleJsGzip,
  },
  {
    check: 'First visit JS (load + idle + open + precache), gzip',
    actual: visit.errors.length ? `not measured: ${visit.errors.join('; ')}` : kib(visit.jsGzip.total),
    budget: `≤ ${kib(budgets.firstVisit.jsGzip)}`,
    pass: visit.errors.length === 0 && visit.jsGzip.total <= budgets.firstVisit.jsGzip,
  },
  {
    check: 'First visit, scripts fetched more than once',
    actual: jsTwice.length ? jsTwice.map((r) => `${r.path} ×${r.count}`).join(', ') : '0',
    budget: `≤ ${budgets.firstVisit.jsFetchedMoreThanOnce}`,
    pass: jsTwice.length <= budgets.firstVisit.jsFetchedMoreThanOnce,
  },
  {
    check: "Page scripts before acting that carry zod's classic API",
    actual: visit.errors.length ? 'not measured' : visit.zodClassicBeforeActing.length ? visit.zodClassicBeforeActing.join(', ') : '0',
    budget: `≤ ${budgets.firstVisit.zodClassicScriptsBeforeActing}`,
    pass: visit.errors.length === 0 && visit.zodClassicBeforeActing.length <= budgets.firstVisit.zodClassicScriptsBeforeActing,
  },
  {
    check: "Core's worker as run (entry + chunks), gzip",
    actual: kib(visit.worker.gzip),
    budget: `≤ ${kib(budgets.firstVisit.workerAsRunGzip)}`,
    pass: visit.worker.files.length > 0 && visit.worker.gzip <= budgets.firstVisit.workerAsRunGzip,
  },
)

const entrySizes = await measurePackageEntries(log)
for (const [name, budget] of Object.entries(budgets.packageEntriesGzip)) {
  const size = entrySizes.find((s) => s.name === name)
  rows.push({ check: `${name}, gzip`, actual: size ? `${size.staticGzip} B` : 'not measured', budget: `≤ ${budget} B`, pass: !!size && size.staticGzip <= budget })
}

const framePage = await measureFramePage()
rows.push({
  check: 'Frame page JS before the email form is usable, gzip',
  actual: kib(framePage.beforeUsableGzip),
  budget: `≤ ${kib(budgets.framePage.beforeUsableGzip)}`,
  pass: framePage.beforeUsableGzip <= budgets.framePage.beforeUsableGzip,
})

console.log(`\n${bytesTable(demo, floor)}\n`)
console.log(`${framePageTable(framePage)}\n`)
console.log(`${packageSizesTable(entrySizes)}\n`)
console.log(`${firstVisitTable(visit, demo)}\n`)
console.log(`Requests before acting (all): demo ${req?.all ?? '—'}, floor ${floorLoad.requests?.all ?? '—'}\n`)
console.log(
  table(
    ['Budget (bench/budgets.json)', 'demo', 'budget', 'result'],
    rows.map((r) => [r.check, r.actual, r.budget, r.pass ? 'pass' : 'FAIL']),
  ),
)
const failed = rows.filter((r) => !r.pass).length
writeFileSync(
  `${outDir}check.json`,
  `${JSON.stringify({ date: new Date().toISOString(), budgets, rows, bytes: { demo: demo.groups, floor: floor.groups }, packageEntries: entrySizes, framePage, requests: { demo: req, floor: floorLoad.requests }, firstVisit: visit }, null, 2)}\n`,
)
console.log(`\n${failed ? `${failed} budget(s) exceeded` : 'all budgets met'} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
process.exit(failed ? 1 : 0)
