// The examples as a dapp developer meets them: outside the workspace, Portico installed from the
// tarballs `npm pack` makes, type-checked with the example's own strict tsconfig, built for
// production (Vite; webpack 5 for examples/webpack; Next.js with Turbopack and with webpack for
// examples/nextjs) and served statically by `vite preview`. A build is kept outside the clone and
// reused while what it is built from is the same (`builtExample`).
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { packPackages, type PackedPackage } from '../scripts/pack-packages.mjs'
import { E2E_URLS, EXAMPLE_PORTS, loopbackUrls } from './ports.ts'

export const root = fileURLToPath(new URL('..', import.meta.url))
const OFFSET = Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0
export const workDir = join(tmpdir(), `portico-examples-${OFFSET}`)

/** The service URLs the examples are built with: the end-to-end sandbox's. */
export const SANDBOX_ENV = {
  VITE_PORTICO_CHAIN_A_RPC: E2E_URLS.chainA,
  VITE_PORTICO_CHAIN_B_RPC: E2E_URLS.chainB,
  VITE_PORTICO_API_URL: E2E_URLS.dataApi,
  VITE_PORTICO_CATALOGUE_URL: E2E_URLS.catalogue,
  VITE_PORTICO_RELAY_URL: E2E_URLS.relay,
  // The embedded wallet's frame service (examples/headless logs in by email through it).
  VITE_PORTICO_FRAME_URL: E2E_URLS.frame,
}

/** Runs a command to its end; rejects with its output when it fails. */
export function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) failed with exit code ${code}:\n${output}`))))
  })
}

/**
 * A copy of examples/<name> in `dir` with its `file:…/.packs/…tgz` dependencies pointed at `packed`,
 * installed (registry dependencies from npm's cache when it has them), type-checked and built (a
 * Next.js example is only installed: `buildNextExample` builds it).
 */
export async function prepareExample(name: string, packed: readonly PackedPackage[], dir: string): Promise<string> {
  rmSync(dir, { recursive: true, force: true })
  cpSync(join(root, 'examples', name), dir, { recursive: true, filter: (src) => !SKIPPED.test(src) })
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  for (const [dependency, spec] of Object.entries(manifest.dependencies)) {
    if (!spec.startsWith('file:')) continue
    manifest.dependencies[dependency] = `file:${tarballOf(name, packed, dependency).file}`
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  // From npm's cache alone when it holds every package (no registry round trip); else the registry fills in.
  const install = ['install', '--no-audit', '--no-fund', '--loglevel', 'error', '--fetch-timeout', '30000']
  await run('npm', [...install, '--offline'], dir).catch(() => run('npm', [...install, '--prefer-offline'], dir))
  // A Next.js example is built by `buildNextExample`, once per bundler.
  if (existsSync(join(dir, 'next.config.js'))) return dir
  // The example's own strict tsconfig over its sources and Portico's published types.
  await run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], dir)
  if (existsSync(join(dir, 'webpack.config.js'))) {
    // The webpack example reads the same URLs as PORTICO_* at build time (its DefinePlugin).
    const env = Object.fromEntries(Object.entries(SANDBOX_ENV).map(([name, value]) => [name.replace(/^VITE_/, ''), value]))
    await run(process.execPath, ['node_modules/webpack-cli/bin/cli.js', '--mode', 'production', '--no-stats'], dir, env)
  } else {
    await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], dir, SANDBOX_ENV)
  }
  return dir
}

/** What of an example is not its own: installs and build outputs. */
const SKIPPED = /\/(node_modules|dist|out|out-[a-z]+|\.next)(\/|$)/

function tarballOf(name: string, packed: readonly PackedPackage[], dependency: string): PackedPackage {
  const tarball = packed.find((p) => p.name === dependency)
  if (!tarball) throw new Error(`examples/${name} installs ${dependency}, which is not a packed package`)
  return tarball
}

/**
 * Builds the prepared Next.js example (examples/nextjs) the way its scripts do, with Turbopack
 * (`next build`) or webpack (`next build --webpack`): the service worker copied to public/, then
 * `next build`, which type-checks with the example's strict tsconfig, prerenders the page (Portico's
 * client component renders on the server too) and exports it to out/. The export is moved to
 * `out-<bundler>`, the folder answered, so the two builds share one install.
 */
export async function buildNextExample(dir: string, bundler: 'turbopack' | 'webpack', siteUrl: string): Promise<string> {
  const env = {
    ...Object.fromEntries(Object.entries(SANDBOX_ENV).map(([name, value]) => [name.replace(/^VITE_/, 'NEXT_PUBLIC_'), value])),
    NEXT_PUBLIC_PORTICO_SITE_URL: siteUrl,
    NEXT_TELEMETRY_DISABLED: '1',
  }
  await run(process.execPath, ['copy-service-worker.js'], dir)
  await run(process.execPath, ['node_modules/next/dist/bin/next', 'build', ...(bundler === 'webpack' ? ['--webpack'] : [])], dir, env)
  const outDir = `out-${bundler}`
  rmSync(join(dir, outDir), { recursive: true, force: true })
  renameSync(join(dir, 'out'), join(dir, outDir))
  return outDir
}

/** The examples' tarballs and every example built (from the cache when it holds the same content). */
export type AllExamples = {
  packed: PackedPackage[]
  viteReact: BuiltExample
  wagmi: BuiltExample
  webpack: BuiltExample
  nextjs: BuiltExample
  headless: BuiltExample
}

/**
 * Packs the published packages into `workDir` and builds every example into the cache (`builtExample`),
 * printing each phase's time: for the examples' spec, and `npm run build:examples` (e2e/examples-prebuild.ts).
 */
export async function buildAllExamples(log: (line: string) => void = console.log): Promise<AllExamples> {
  const started = Date.now()
  const phase = (name: string) => log(`examples: ${name} after ${((Date.now() - started) / 1000).toFixed(0)} s`)
  const packed = packPackages(join(workDir, 'packs'))
  phase('packed')
  const urls = loopbackUrls(EXAMPLE_PORTS)
  // Installed side by side: the installs wait on the network and the disk more than on the CPU.
  const [viteReact, wagmi, webpack, nextjs, headless] = await Promise.all([
    builtExample('vite-react', packed),
    builtExample('wagmi', packed),
    builtExample('webpack', packed),
    builtExample('nextjs', packed, { turbopack: urls.nextTurbopack, webpack: urls.nextWebpack }),
    builtExample('headless', packed),
  ])
  phase('installed and built, or from the cache (vite-react, wagmi, webpack, nextjs with Turbopack and with webpack, headless)')
  return { packed, viteReact, wagmi, webpack, nextjs, headless }
}

// ── the cache of built examples ─────────────────────────────────────────────────────────────────

/**
 * Built examples, outside the clone: `<cache>/<example>/<key>`, one folder per content (see
 * `exampleKey`), kept across runs and clones. `XDG_CACHE_HOME` (else ~/.cache) / portico/examples.
 */
export const exampleCacheRoot = join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'portico', 'examples')
/** Built folders kept per example, the most recently used first (older ones are removed). */
const KEPT_PER_EXAMPLE = 3
/** A folder used this recently is never removed: another run (on other ports) may be serving it. */
const IN_USE_MS = 3 * 60 * 60_000
/** A temporary folder this old is what a run that stopped mid-build left. */
const ABANDONED_MS = 6 * 60 * 60_000

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

/** The example's own files (what is copied: no installs, no build outputs), relative, sorted. */
function exampleFiles(dir: string, under = ''): string[] {
  const files: string[] = []
  for (const entry of readdirSync(join(dir, under), { withFileTypes: true })) {
    const path = under ? `${under}/${entry.name}` : entry.name
    if (SKIPPED.test(`/${path}`)) continue
    if (entry.isDirectory()) files.push(...exampleFiles(dir, path))
    else if (entry.isFile()) files.push(path)
  }
  return files.sort()
}

/**
 * What an example's build depends on, hashed: the contents of the packed tarballs it installs (the
 * tar inside the gzip, so neither the tarballs' names and times nor gzip's choices count), every file
 * of examples/<name>, the URLs it is built with (`env`: the sandbox's, and the Next.js example's own),
 * Node's version, and this file (how an example is installed and built).
 */
export function exampleKey(name: string, packed: readonly PackedPackage[], env: Readonly<Record<string, string>>): string {
  const source = join(root, 'examples', name)
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  const tarballs = Object.entries(manifest.dependencies)
    .filter(([, spec]) => spec.startsWith('file:'))
    .map(([dependency]) => [dependency, sha256(gunzipSync(readFileSync(tarballOf(name, packed, dependency).file)))])
    .sort(([a], [b]) => (a! < b! ? -1 : 1))
  const files = exampleFiles(source).map((file) => [file, sha256(readFileSync(join(source, file)))])
  const recipe = sha256(readFileSync(fileURLToPath(import.meta.url)))
  return sha256(JSON.stringify({ name, node: process.version, platform: `${process.platform}-${process.arch}`, recipe, env, tarballs, files })).slice(0, 24)
}

export type BuiltExample = {
  /** The folder to serve from (`vite preview` of its output folders). */
  dir: string
  /** Its output folders by bundler for the Next.js example (`out-turbopack`, `out-webpack`); `dist` otherwise. */
  outDirs: Record<string, string>
  fromCache: boolean
  key: string
}

/**
 * examples/<name> built as `prepareExample` (and, for the Next.js example, `buildNextExample` with
 * each bundler, for the site URLs `nextSiteUrls`) builds it, from the cache when a build of the same
 * content is there (`exampleKey`). A miss installs, type-checks and builds in a temporary folder of
 * the cache, keeps what the served example needs, and renames it into place; a failed build leaves
 * nothing. Prints which it was.
 */
export async function builtExample(name: string, packed: readonly PackedPackage[], nextSiteUrls?: { turbopack: string; webpack: string }): Promise<BuiltExample> {
  const isNext = existsSync(join(root, 'examples', name, 'next.config.js'))
  if (isNext && !nextSiteUrls) throw new Error(`examples/${name} is a Next.js example: its site URLs are part of its build`)
  const env: Record<string, string> = { ...SANDBOX_ENV, ...(isNext ? { NEXT_SITE_URL_TURBOPACK: nextSiteUrls!.turbopack, NEXT_SITE_URL_WEBPACK: nextSiteUrls!.webpack } : {}) }
  const key = exampleKey(name, packed, env)
  const folder = join(exampleCacheRoot, name)
  const dir = join(folder, key)
  const outDirs: Record<string, string> = isNext ? { turbopack: 'out-turbopack', webpack: 'out-webpack' } : { default: 'dist' }
  mkdirSync(folder, { recursive: true })
  if (existsSync(join(dir, '.portico-example.json'))) {
    const now = new Date()
    utimesSync(dir, now, now)
    console.log(`examples: ${name} from cache (key ${key})`)
    pruneExampleCache(folder, key)
    return { dir, outDirs, fromCache: true, key }
  }
  const started = Date.now()
  const tmp = join(folder, `.tmp-${key}-${process.pid}-${started}`)
  try {
    await prepareExample(name, packed, tmp)
    if (isNext) {
      // One install, built with each bundler in turn.
      await buildNextExample(tmp, 'turbopack', nextSiteUrls!.turbopack)
      await buildNextExample(tmp, 'webpack', nextSiteUrls!.webpack)
    }
    // What serving needs: the output folders, and the install only where the example's own Vite (and
    // its configuration's plugins) serves it; the webpack and Next.js outputs are served by the
    // workspace's Vite with no configuration.
    if (!existsSync(join(tmp, 'node_modules/vite/bin/vite.js'))) for (const drop of ['node_modules', '.next']) rmSync(join(tmp, drop), { recursive: true, force: true })
    writeFileSync(join(tmp, '.portico-example.json'), `${JSON.stringify({ name, key, builtAt: new Date().toISOString(), ms: Date.now() - started }, null, 2)}\n`)
    try {
      renameSync(tmp, dir)
    } catch (error) {
      // Another run stored the same content meanwhile: its folder is as good.
      if (!existsSync(join(dir, '.portico-example.json'))) throw error
      rmSync(tmp, { recursive: true, force: true })
    }
    const now = new Date()
    utimesSync(dir, now, now)
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true })
    throw error
  }
  console.log(`examples: ${name} built (${((Date.now() - started) / 1000).toFixed(0)} s, key ${key})`)
  pruneExampleCache(folder, key)
  return { dir, outDirs, fromCache: false, key }
}

/** Keeps the KEPT_PER_EXAMPLE most recently used builds of one example (and any in use); drops abandoned temporary folders. */
function pruneExampleCache(folder: string, current: string): void {
  const now = Date.now()
  const entries = readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ name: e.name, used: statSync(join(folder, e.name)).mtimeMs }))
  for (const entry of entries.filter((e) => e.name.startsWith('.tmp-') && now - e.used > ABANDONED_MS)) rmSync(join(folder, entry.name), { recursive: true, force: true })
  const builds = entries.filter((e) => !e.name.startsWith('.tmp-')).sort((a, b) => b.used - a.used)
  for (const [i, entry] of builds.entries()) {
    if (i < KEPT_PER_EXAMPLE || entry.name === current || now - entry.used < IN_USE_MS) continue
    rmSync(join(folder, entry.name), { recursive: true, force: true })
  }
}

/**
 * `vite preview` of a built example's `outDir` (`dist/` unless told) on `port` (the workspace's Vite
 * for an example built without it); resolves once it answers.
 */
export async function serveExample(dir: string, port: number, outDir = 'dist'): Promise<ChildProcess> {
  const ownVite = join(dir, 'node_modules/vite/bin/vite.js')
  const vite = existsSync(ownVite) ? ownVite : join(root, 'node_modules/vite/bin/vite.js')
  const child = spawn(process.execPath, [vite, 'preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], { cwd: dir, stdio: 'ignore' })
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`vite preview of ${dir} ended (exit code ${child.exitCode})`)
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return child
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill()
  throw new Error(`vite preview of ${dir} did not answer on port ${port}`)
}

/**
 * The Sandbox Wallet as one classic script, pointed at the end-to-end sandbox's chains: a test adds it
 * to every page with `context.addInitScript`, the way a browser extension injects its wallet.
 */
export async function sandboxWalletScript(): Promise<string> {
  const esbuild = await import('esbuild')
  const env = { VITE_PORTICO_CHAIN_A_RPC: E2E_URLS.chainA, VITE_PORTICO_CHAIN_B_RPC: E2E_URLS.chainB }
  const result = await esbuild.build({
    entryPoints: [join(root, 'sandbox/wallet/inject.ts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    conditions: ['@portico/source', 'module'],
    define: { 'import.meta.env': JSON.stringify(env), 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    write: false,
    logLevel: 'silent',
  })
  const js = result.outputFiles[0]?.text
  if (js === undefined) throw new Error('esbuild produced no Sandbox Wallet script')
  return js
}
