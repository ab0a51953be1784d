// The production build of the demo the browser tests serve (e2e/playwright.config.ts, the engine specs of
// e2e/engines/run.ts, reliability/playwright.config.ts), built once: `node scripts/e2e-demo.mjs` builds
// demo/$PORTICO_DEMO_OUT with the environment it is given (PORTICO_SANDBOX_WALLET, VITE_PORTICO_*), unless
// that folder already holds a build of the same inputs. The inputs are the sources the demo bundles
// (demo/, main-thread/, worker-core/, service-worker/, shared-types/, wagmi/, sandbox/wallet/ and the
// sandbox files the demo imports), the lockfile and tsconfigs, Node's version and the build's
// environment; the folder's own files are checked too (a test that rewrites one, as sw-update.spec.ts
// does, and dies before putting it back leaves a build that is built again). `--force` builds in any case.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
/** What the demo's bundle is made of: Portico's packages and the Sandbox Wallet the e2e build injects. */
const SOURCE_DIRS = ['demo', 'main-thread', 'worker-core', 'service-worker', 'shared-types', 'simulation', 'wagmi', 'sandbox/wallet']
/** The lockfile, the tsconfigs, and the sandbox's files the demo itself imports (its Chaos switch's rules, its malicious request's drainer). */
const SOURCE_FILES = ['package-lock.json', 'package.json', 'tsconfig.json', 'tsconfig.base.json', 'sandbox/src/faults/chaos.ts', 'sandbox/src/contracts/drainer.ts', 'sandbox/src/solana/drainer.ts']
/** Never inputs: installed packages, builds (the demo's own outputs among them) and caches. */
const SKIPPED = (name) => ['node_modules', 'dist', 'coverage', '.cache', '.vite', '.git'].includes(name) || name.startsWith('dist-')
/** The environment the build reads. */
const ENV_KEYS = (env) => Object.keys(env).filter((k) => k.startsWith('VITE_') || k === 'PORTICO_SANDBOX_WALLET' || k === 'PORTICO_DEMO_OUT' || k === 'NODE_ENV')

function filesUnder(dir, out = []) {
  if (!existsSync(dir)) return out
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (SKIPPED(entry.name)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) filesUnder(path, out)
    else if (entry.isFile()) out.push(path)
  }
  return out
}

function hashFiles(base, files, hash = createHash('sha256')) {
  for (const file of files)
    hash
      .update(`${relative(base, file)}\0`)
      .update(readFileSync(file))
      .update('\0')
  return hash
}

/** The hash of everything the build is made from, with the environment it is built with. */
export function inputsHash(env = process.env) {
  const hash = createHash('sha256')
  hash.update(`node ${process.version}\0`)
  for (const key of ENV_KEYS(env).sort()) hash.update(`${key}=${env[key]}\0`)
  hashFiles(
    root,
    SOURCE_FILES.map((f) => join(root, f)).filter((f) => existsSync(f)),
    hash,
  )
  for (const dir of SOURCE_DIRS) hashFiles(root, filesUnder(join(root, dir)), hash)
  return hash.digest('hex')
}

const outputHash = (out) => hashFiles(out, filesUnder(out)).digest('hex')

/** Builds demo/$PORTICO_DEMO_OUT unless it holds a build of the same inputs; answers whether it built. */
export function ensureDemoBuild({ env = process.env, force = false, log = console.error } = {}) {
  const outName = env.PORTICO_DEMO_OUT ?? 'dist'
  const out = join(root, 'demo', outName)
  const stampDir = join(root, 'node_modules', '.cache', 'portico-e2e-demo')
  const stamp = join(stampDir, `${outName}.json`)
  const started = Date.now()
  const inputs = inputsHash(env)
  if (!force && existsSync(stamp) && existsSync(join(out, 'index.html'))) {
    try {
      const previous = JSON.parse(readFileSync(stamp, 'utf8'))
      if (previous.inputs === inputs && previous.output === outputHash(out)) {
        log(`demo/${outName}: built from these sources before, kept (checked in ${((Date.now() - started) / 1000).toFixed(1)} s)`)
        return false
      }
    } catch {
      // an unreadable stamp: build
    }
  }
  rmSync(stamp, { force: true })
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'demo/vite.config.ts', '--logLevel', 'warn'], { cwd: root, env, stdio: 'inherit' })
  if (build.status !== 0) throw new Error(`vite build of demo/${outName} failed (exit code ${build.status})`)
  mkdirSync(stampDir, { recursive: true })
  writeFileSync(stamp, `${JSON.stringify({ inputs, output: outputHash(out), builtAt: new Date().toISOString() }, null, 2)}\n`)
  log(`demo/${outName}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return true
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensureDemoBuild({ force: process.argv.includes('--force') })
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err))
    process.exit(1)
  }
}
