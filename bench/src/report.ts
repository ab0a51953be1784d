import { CATEGORIES, type Category } from './attribute.ts'
import type { BytesReport, Group, GroupName } from './bytes.ts'
import type { FeatureChunk, FirstVisit } from './firstVisit.ts'
import { kib, signedKib, table } from './table.ts'

const CATEGORY_LABEL: Record<Category, string> = {
  portico: 'Portico (main-thread, shared-types, worker-core, service-worker)',
  deps: "Portico's dependencies (node_modules other than React)",
  react: 'React (react, react-dom, scheduler)',
  app: 'the app itself (demo/src, bench/floor)',
  runtime: 'bundler runtime (unmapped)',
}
const SHORT: Record<Category, string> = { portico: 'Portico', deps: "Portico's deps", react: 'React', app: 'app', runtime: 'bundler runtime' }

const GROUPS: { name: GroupName; label: string; split: boolean }[] = [
  { name: 'criticalJs', label: 'JS before first paint', split: true },
  { name: 'criticalCss', label: 'CSS before first paint', split: false },
  { name: 'lazyJs', label: 'JS lazy chunks', split: true },
  { name: 'lazyCss', label: 'CSS lazy', split: false },
  { name: 'workers', label: 'Worker bundles', split: true },
  { name: 'serviceWorkers', label: 'Service worker', split: true },
  { name: 'allJs', label: 'All JS (incl. lazy, workers, SW)', split: true },
]

const cell = (g: Group, key: 'gzip' | 'brotli') => (g.files.length ? kib(g.sizes[key]) : '—')

/** Bytes of both apps side by side; sub-rows split each JS group by source (each part compressed alone). */
export function bytesTable(demo: BytesReport, floor: BytesReport): string {
  const rows: string[][] = []
  for (const { name, label, split } of GROUPS) {
    const d = demo.groups[name]
    const f = floor.groups[name]
    const empty = d.files.length === 0 && name === 'serviceWorkers'
    const files = `${d.files.length} / ${f.files.length}`
    rows.push([
      label,
      files,
      empty ? 'not built' : cell(d, 'gzip'),
      empty ? '' : cell(d, 'brotli'),
      cell(f, 'gzip'),
      cell(f, 'brotli'),
      d.files.length || f.files.length ? signedKib(d.sizes.gzip - f.sizes.gzip) : '',
    ])
    if (!split || d.files.length === 0) continue
    for (const c of CATEGORIES) {
      if (d.split[c].raw === 0 && f.split[c].raw === 0) continue
      const dv = d.split[c]
      const fv = f.split[c]
      rows.push([`  · ${SHORT[c]}`, '', kib(dv.gzip), kib(dv.brotli), f.files.length ? kib(fv.gzip) : '—', f.files.length ? kib(fv.brotli) : '—', signedKib(dv.gzip - fv.gzip)])
    }
  }
  const legend = CATEGORIES.map((c) => `  ${SHORT[c]}: ${CATEGORY_LABEL[c]}`).join('\n')
  return `${table(['Bytes (gzip -9, brotli q11, per file)', 'files d/f', 'demo gzip', 'demo br', 'floor gzip', 'floor br', 'Δ gzip'], rows)}
Parts (·) are attributed through source maps and compressed alone, so they need not add up to the total.
${legend}`
}

/** What the demo's before-first-paint JavaScript is made of (minified bytes per package or file). */
export function criticalContents(report: BytesReport, top = 14): string {
  const entries = Object.entries(report.criticalSources).sort((a, b) => b[1] - a[1])
  const total = entries.reduce((s, [, v]) => s + v, 0)
  const rows = entries.slice(0, top).map(([k, v]) => [k, kib(v), `${((100 * v) / total).toFixed(1)} %`])
  return table([`${report.app}: before-first-paint JS by source (minified)`, 'bytes', 'share'], rows)
}

/** The first visit's JavaScript by phase, the files fetched more than once, and each worker bundle. */
export function firstVisitTable(visit: FirstVisit, bytes: BytesReport): string {
  const rows: string[][] = [
    ['JS at load (before first paint)', String(visit.jsFiles.load), kib(visit.jsGzip.load)],
    ["JS fetched once idle, before the visitor acts (the modal's and the session's code)", String(visit.jsFiles.idle), kib(visit.jsGzip.idle)],
    ['JS on open (page chunks, worker, service-worker script)', String(visit.jsFiles.open), kib(visit.jsGzip.open)],
    ["JS fetched by the service worker's precache", String(visit.jsFiles.precache), kib(visit.jsGzip.precache)],
    ['First visit JS, total (load + idle + open + precache)', String(visit.jsFiles.total), kib(visit.jsGzip.total)],
    ['Files fetched more than once', String(visit.repeated.length), ''],
    ["zod in the page's JS before the visitor acts (load + idle, minified, not gzip)", '', kib(visit.zodBeforeActing)],
    [
      "  … of it zod's classic API (scripts carrying it)",
      String(visit.zodClassicBeforeActing.length),
      visit.zodClassicBeforeActing.length ? visit.zodClassicBeforeActing.join(' ') : 'none: core and mini only',
    ],
  ]
  const fetched = new Set(visit.fetches.map((f) => f.path.replace(/^\//, '')))
  for (const file of bytes.groups.workers.files) {
    const f = bytes.files.find((x) => x.file === file)
    rows.push([`  Worker entry ${file.replace(/^assets\//, '')}${fetched.has(file) ? '' : ' (not fetched)'}`, '1', f ? kib(f.sizes.gzip) : '—'])
  }
  rows.splice(6, 0, ["Worker bundle as run (the core's entry and every chunk it fetched)", String(visit.worker.files.length), kib(visit.worker.gzip)])
  const notes = [
    visit.serviceWorkerActive ? 'The service worker was active (precache done) before counting stopped.' : 'The service worker did not become active within the wait.',
    ...(visit.repeated.length ? [`Fetched more than once: ${visit.repeated.map((r) => `${r.path} ×${r.count}`).join(', ')}`] : []),
    ...visit.errors.map((e) => `First visit: ${e}`),
  ]
  return `${table(['First visit, demo, CPU x1 (served bytes as gzip -9)', 'files', 'gzip'], rows)}\n${notes.join('\n')}`
}

/** One line per chunk that loads only when the visitor heads for a feature or a connection method. */
export function featureTable(chunks: readonly FeatureChunk[]): string {
  const rows = chunks.map((c) => [c.name, String(c.files.length), kib(c.gzip)])
  return `${table(['Loaded when the visitor heads for it (not in the first visit)', 'files', 'gzip'], rows)}\nEach line: the chunk and the files it needs that the first visit did not fetch (shared files count on every line that needs them).`
}
