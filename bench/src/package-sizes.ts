// What a dapp pays per public entry of the published packages (their built dist/, as a dapp installs
// them): each entry is bundled alone by Vite for production (minified, tree-shaken, React external: the
// dapp has it anyway), and the entry chunk plus its static imports are gzipped; chunks behind a dynamic
// `import()` (the modal, its views, the session) load on the visitor's first intent and are counted
// apart. `npm run bench:check` holds the static figures to bench/budgets.json (`packageEntriesGzip`).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, type Rolldown } from 'vite'
import { ensurePackagesBuilt } from '../../scripts/build-packages.mjs'
import { sizesOf } from './compress.ts'
import { root } from './paths.ts'
import { kib, table } from './table.ts'

/** `folder`: the workspace folder of the package, measured only when it exists. */
export type PackageEntry = { name: string; folder: string; code: string }

/** The public entries measured, each as the import a dapp writes. */
export const PACKAGE_ENTRIES: readonly PackageEntry[] = [
  { name: '@portico/react: ConnectButton + PorticoProvider', folder: 'main-thread', code: "export { ConnectButton, PorticoProvider } from '@portico/react'" },
  { name: '@portico/react: every export', folder: 'main-thread', code: "export * from '@portico/react'" },
  { name: '@portico/shared-types/light', folder: 'shared-types', code: "export * from '@portico/shared-types/light'" },
  { name: '@portico/wagmi: porticoConnector', folder: 'wagmi', code: "export { porticoConnector } from '@portico/wagmi'" },
  { name: '@portico/worker-core/shared-worker (worker bundle)', folder: 'worker-core', code: "import '@portico/worker-core/shared-worker'" },
]

export type EntrySize = { name: string; staticGzip: number; staticRaw: number; lazyGzip: number; files: number }

const EXTERNAL = /^(react|react-dom|react\/jsx-runtime|@wagmi\/core|viem)(\/.*)?$/

async function measure(entry: PackageEntry, dir: string): Promise<EntrySize> {
  const file = join(dir, `${entry.name.replace(/[^a-z0-9]+/gi, '-')}.js`)
  writeFileSync(file, `${entry.code}\n`)
  // wagmi's connector: @wagmi/core and viem are the dapp's (peer dependencies), like React.
  const external = entry.name.startsWith('@portico/wagmi') ? EXTERNAL : /^(react|react-dom|react\/jsx-runtime)(\/.*)?$/
  const output = (await build({
    configFile: false,
    envFile: false,
    logLevel: 'silent',
    mode: 'production',
    root: dir,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    worker: { format: 'es' },
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      reportCompressedSize: false,
      modulePreload: false,
      rollupOptions: { input: file, external, preserveEntrySignatures: 'strict' },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk')
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const seen = new Set<string>()
  const walk = (name: string) => {
    if (seen.has(name)) return
    seen.add(name)
    for (const next of byName.get(name)?.imports ?? []) if (byName.has(next)) walk(next)
  }
  for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName)
  const staticCode = [...seen].map((n) => byName.get(n)!.code).join('\n')
  const lazyCode = chunks.filter((c) => !seen.has(c.fileName)).map((c) => c.code)
  const staticSizes = sizesOf(staticCode)
  return {
    name: entry.name,
    staticGzip: staticSizes.gzip,
    staticRaw: staticSizes.raw,
    lazyGzip: lazyCode.reduce((sum, code) => sum + sizesOf(code).gzip, 0),
    files: seen.size,
  }
}

/** Builds the packages if their dist/ is stale, then measures every entry. */
export async function measurePackageEntries(log: (line: string) => void = () => {}): Promise<EntrySize[]> {
  ensurePackagesBuilt()
  const dir = join(root, 'node_modules/.cache/portico-package-sizes')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const sizes: EntrySize[] = []
  for (const entry of PACKAGE_ENTRIES) {
    if (!existsSync(join(root, entry.folder, 'package.json'))) continue
    log(`bundling ${entry.name}`)
    sizes.push(await measure(entry, dir))
  }
  return sizes
}

export function packageSizesTable(sizes: readonly EntrySize[]): string {
  return table(
    ['Public entry (built package, React external)', 'static, gzip', 'static, raw', 'lazy chunks, gzip'],
    sizes.map((s) => [s.name, kib(s.staticGzip), kib(s.staticRaw), s.lazyGzip ? kib(s.lazyGzip) : '—']),
  )
}

if (process.argv[1]?.endsWith('package-sizes.ts')) {
  const sizes = await measurePackageEntries((line) => console.log(`[package-sizes] ${line}`))
  console.log(`\n${packageSizesTable(sizes)}\n`)
  for (const s of sizes) console.log(`${s.name}: ${s.staticGzip} bytes gzip`)
}
