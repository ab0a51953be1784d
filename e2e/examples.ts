// The examples as a dapp developer meets them: outside the workspace, Portico installed from the
// tarballs `npm pack` makes, type-checked with the example's own strict tsconfig, built for
// production (Vite; webpack 5 for examples/webpack; Next.js with Turbopack and with webpack for
// examples/nextjs) and served statically by `vite preview`.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PackedPackage } from '../scripts/pack-packages.mjs'
import { E2E_URLS } from './ports.ts'

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
 * A copy of examples/<name> in a temporary folder with its `file:…/.packs/…tgz` dependencies pointed at
 * `packed`, installed (registry dependencies from npm's cache when it has them), type-checked and built
 * (a Next.js example is only installed: `buildNextExample` builds it).
 */
export async function prepareExample(name: string, packed: readonly PackedPackage[]): Promise<string> {
  const dir = join(workDir, name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(workDir, { recursive: true })
  cpSync(join(root, 'examples', name), dir, { recursive: true, filter: (src) => !/\/(node_modules|dist|out|\.next)(\/|$)/.test(src) })
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  for (const [dependency, spec] of Object.entries(manifest.dependencies)) {
    if (!spec.startsWith('file:')) continue
    const tarball = packed.find((p) => p.name === dependency)
    if (!tarball) throw new Error(`examples/${name} installs ${dependency}, which is not a packed package`)
    manifest.dependencies[dependency] = `file:${tarball.file}`
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
