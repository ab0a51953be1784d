import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { attribute, CATEGORIES, type Category } from './attribute.ts'
import { addSizes, sizesOf, ZERO, type Sizes } from './compress.ts'
import { appOut, type AppName } from './paths.ts'

export type FileKind = 'document' | 'critical-js' | 'critical-css' | 'lazy-js' | 'lazy-css' | 'worker' | 'service-worker' | 'other'
export type FileReport = { file: string; kind: FileKind; sizes: Sizes; split: Record<Category, Sizes> | null }
export type Group = { files: string[]; sizes: Sizes; split: Record<Category, Sizes> }
export type GroupName = 'criticalJs' | 'criticalCss' | 'lazyJs' | 'lazyCss' | 'workers' | 'serviceWorkers' | 'allJs'
export type BytesReport = {
  app: AppName
  files: FileReport[]
  groups: Record<GroupName, Group>
  /** URL paths the page needs to paint: the document and everything before first paint. */
  criticalPaths: string[]
  /**
   * The page's own files: `criticalPaths` and the page's other JavaScript and CSS chunks (not a worker,
   * not the service worker). Portico fetches some of them once the page is idle (the modal's and the
   * session's code); a request before the visitor acts beyond these is a budget failure.
   */
  pagePaths: string[]
  /** Raw bytes per source (package or repo file) in the before-first-paint JavaScript. */
  criticalSources: Record<string, number>
  /** The build's chunks from Vite's manifest: each with the files it needs (itself, its static imports, their CSS). */
  entries: { name: string; file: string; dynamicEntry: boolean; closure: string[] }[]
}

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] }
type Manifest = Record<string, ManifestChunk>

const attr = (tag: string, name: string): string | null => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1] ?? null
const toFile = (url: string) => url.replace(/^\//, '').replace(/[?#].*$/, '')

/** What index.html asks for before first paint: module entry, modulepreloads, stylesheets. */
function parseHtml(html: string): { scripts: string[]; preloads: string[]; styles: string[] } {
  const out = { scripts: [] as string[], preloads: [] as string[], styles: [] as string[] }
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const src = attr(tag, 'src')
    const rel = attr(tag, 'rel')?.toLowerCase()
    const href = attr(tag, 'href')
    if (/^<script/i.test(tag) && src) out.scripts.push(toFile(src))
    else if (rel === 'modulepreload' && href) out.preloads.push(toFile(href))
    else if (rel === 'stylesheet' && href) out.styles.push(toFile(href))
  }
  return out
}

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (name === '.vite') return []
    return statSync(full).isDirectory() ? listFiles(full, base) : [relative(base, full)]
  })
}

const isServiceWorker = (file: string) => /^(sw|service-worker)([-.][^/]*)?\.js$/i.test(basename(file)) || /service-worker/i.test(basename(file))
const isWorker = (file: string, manifestAssets: Set<string>) => /worker/i.test(basename(file)) || (manifestAssets.has(file) && file.endsWith('.js'))

function emptySplit(): Record<Category, Sizes> {
  return Object.fromEntries(CATEGORIES.map((c) => [c, { ...ZERO }])) as Record<Category, Sizes>
}

/** Deterministic byte figures of one built app (bench/.out/<app>). */
export function measureBytes(app: AppName): BytesReport {
  const dir = appOut(app)
  const html = readFileSync(join(dir, 'index.html'), 'utf8')
  const manifestPath = join(dir, '.vite', 'manifest.json')
  const manifest: Manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : {}
  const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]))
  const manifestAssets = new Set(Object.values(manifest).flatMap((c) => c.assets ?? []))

  const { scripts, preloads, styles } = parseHtml(html)
  const criticalJs = new Set<string>()
  const criticalCss = new Set(styles)
  const follow = (file: string) => {
    if (criticalJs.has(file)) return
    criticalJs.add(file)
    const chunk = byFile.get(file)
    for (const css of chunk?.css ?? []) criticalCss.add(css)
    for (const key of chunk?.imports ?? []) {
      const imported = manifest[key]
      if (imported) follow(imported.file)
    }
  }
  for (const file of [...scripts, ...preloads]) follow(file)

  const files: FileReport[] = []
  const criticalSources: Record<string, number> = {}
  for (const file of listFiles(dir).sort()) {
    if (file.endsWith('.map')) continue
    const full = join(dir, file)
    const data = readFileSync(full)
    let kind: FileKind = 'other'
    if (file === 'index.html') kind = 'document'
    else if (criticalJs.has(file)) kind = isWorker(file, manifestAssets) ? 'worker' : isServiceWorker(file) ? 'service-worker' : 'critical-js'
    else if (criticalCss.has(file)) kind = 'critical-css'
    else if (file.endsWith('.js') || file.endsWith('.mjs')) kind = isServiceWorker(file) ? 'service-worker' : isWorker(file, manifestAssets) ? 'worker' : 'lazy-js'
    else if (file.endsWith('.css')) kind = 'lazy-css'
    let split: Record<Category, Sizes> | null = null
    if (/\.m?js$/.test(file)) {
      const a = attribute(data.toString('utf8'), `${full}.map`)
      if (a) {
        split = emptySplit()
        for (const c of CATEGORIES) split[c] = sizesOf(a.byCategory[c])
        if (criticalJs.has(file)) for (const [k, v] of Object.entries(a.bySource)) criticalSources[k] = (criticalSources[k] ?? 0) + v
      }
    }
    files.push({ file, kind, sizes: sizesOf(data), split })
  }

  // A worker or service worker reached from the entry's static imports counts as critical for the
  // budget; `criticalPaths` keeps it so the runtime check also sees it as expected-before-acting.
  const group = (pick: (f: FileReport) => boolean): Group => {
    const chosen = files.filter(pick)
    const split = emptySplit()
    for (const f of chosen) for (const c of CATEGORIES) split[c] = addSizes(split[c], f.split?.[c] ?? ZERO)
    return { files: chosen.map((f) => f.file), sizes: chosen.reduce((s, f) => addSizes(s, f.sizes), { ...ZERO }), split }
  }
  const isJs = (f: FileReport) => /\.m?js$/.test(f.file)
  const groups: Record<GroupName, Group> = {
    criticalJs: group((f) => criticalJs.has(f.file)),
    criticalCss: group((f) => f.kind === 'critical-css'),
    lazyJs: group((f) => f.kind === 'lazy-js'),
    lazyCss: group((f) => f.kind === 'lazy-css'),
    workers: group((f) => f.kind === 'worker' && !isServiceWorker(f.file)),
    serviceWorkers: group((f) => f.kind === 'service-worker' || (isJs(f) && isServiceWorker(f.file))),
    allJs: group(isJs),
  }
  const criticalPaths = ['/', '/index.html', ...[...criticalJs, ...criticalCss].map((f) => `/${f}`)]
  const pagePaths = [...criticalPaths, ...files.filter((f) => f.kind === 'lazy-js' || f.kind === 'lazy-css').map((f) => `/${f.file}`)]
  const closureOf = (start: ManifestChunk): string[] => {
    const seen = new Set<string>()
    const walk = (chunk: ManifestChunk) => {
      if (seen.has(chunk.file)) return
      seen.add(chunk.file)
      for (const css of chunk.css ?? []) seen.add(css)
      for (const key of chunk.imports ?? []) if (manifest[key]) walk(manifest[key])
    }
    walk(start)
    return [...seen]
  }
  const entries = Object.values(manifest)
    .filter((c) => /\.m?js$/.test(c.file))
    .map((c) => ({ name: c.name ?? c.src ?? c.file, file: c.file, dynamicEntry: !!c.isDynamicEntry, closure: closureOf(c) }))
  return { app, files, groups, criticalPaths, pagePaths, criticalSources, entries }
}

/** Worker and service-worker files that sit in the before-first-paint set (should be none). */
export function workersOnCriticalPath(report: BytesReport): string[] {
  const critical = new Set(report.groups.criticalJs.files)
  return [...report.groups.workers.files, ...report.groups.serviceWorkers.files].filter((f) => critical.has(f))
}
