/**
 * `npm run test:engines`: the engine specs (e2e/engines/specs/*.ts) in Firefox and WebKit. Starts the
 * sandbox and the production demo once, as the Playwright tests do (on the ports of the slot after
 * their workers, the demo through e2e/playwright.config.ts's own webServer command), then
 * runs every spec in each engine, one at a time, each on a fresh page (empty storage). Prints one
 * line per test and a closing `N passed, N failed`; exits 1 on a failure. `--engine firefox|webkit`
 * and `--grep TEXT` narrow the run; PORTICO_ENGINES_JSON names a file for the results (scripts/test.mjs).
 * Run with the source condition: `tsx --import ./scripts/source-condition.mjs e2e/engines/run.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startSandbox, type Sandbox } from '@portico/sandbox'
import { demoServer } from '../playwright.config.ts'
import { E2E_WORKERS, e2ePorts, e2eUrls } from '../ports.ts'
import type { Engine, EngineName } from './engine.ts'
import { launchFirefox } from './firefox.ts'
import { launchWebKit } from './webkit.ts'
import type { Spec } from './spec.ts'
import { SPECS } from './specs/index.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
/**
 * The ports and demo of the slot after the Chromium tests' workers (e2e/ports.ts): this run never meets
 * theirs, so `npm test` runs both side by side.
 */
const SLOT = E2E_WORKERS
const E2E_PORTS = e2ePorts(SLOT)
const E2E_URLS = e2eUrls(SLOT)
const LAUNCHERS: Record<EngineName, () => Promise<Engine>> = { firefox: launchFirefox, webkit: launchWebKit }
/** A test's own limit unless it sets one: above every wait of a spec, below the step's budget. */
const TEST_TIMEOUT = 60_000

const { values: args } = parseArgs({ options: { engine: { type: 'string', multiple: true }, grep: { type: 'string' } } })
const engines = (args.engine?.length ? args.engine : ['firefox', 'webkit']) as EngineName[]
for (const name of engines) if (!(name in LAUNCHERS)) throw new Error(`Unknown engine ${name}: firefox or webkit`)
const specs = SPECS.filter((s) => !args.grep || s.name.includes(args.grep))
const artifacts = join(root, process.env['PORTICO_E2E_PORT_OFFSET'] ? `test-results-engines-${process.env['PORTICO_E2E_PORT_OFFSET']}` : 'test-results-engines')
mkdirSync(artifacts, { recursive: true })

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const started = Date.now()

/** The demo as playwright.config.ts would serve it to a worker of this slot: that webServer's command, folder and environment, in its own process group. */
async function startDemo(): Promise<{ stop(): void }> {
  const server = demoServer(SLOT)
  const url = server.url
  // As Playwright's reuseExistingServer: false: a server already there would be tested in place of this build.
  const already = await fetch(url).then(
    () => true,
    () => false,
  )
  if (already) throw new Error(`${url} is already used: stop what serves it, or move this run's ports (PORTICO_E2E_PORT_OFFSET)`)
  const child: ChildProcess = spawn(server.command, {
    shell: true,
    cwd: server.cwd ?? root,
    env: { ...process.env, ...server.env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)))
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + (server.timeout ?? 120_000)
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The demo's server exited (${child.exitCode}): ${stderr.trim()}`)
    try {
      if ((await fetch(url)).ok) return { stop }
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      stop()
      throw new Error(`The demo did not answer at ${url} in time: ${stderr.trim()}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}

type Result = { engine: EngineName; name: string; status: 'passed' | 'failed'; ms: number; error?: string }
const results: Result[] = []

async function runSpec(engine: Engine, spec: Spec, sandbox: Sandbox): Promise<Result> {
  const t0 = Date.now()
  const slug = `${engine.name}-${spec.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`
  const page = await engine.newPage()
  const timeout = spec.timeout ?? TEST_TIMEOUT
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    await Promise.race([
      spec.run({ page, engine, sandbox, urls: E2E_URLS, artifacts, slug }),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`Test timeout of ${timeout} ms exceeded`)), timeout))),
    ])
    return { engine: engine.name, name: spec.name, status: 'passed', ms: Date.now() - t0 }
  } catch (err) {
    const path = join(artifacts, `${slug}.png`)
    const shot = await page.screenshot(path).then(
      () => ` (screenshot: ${path})`,
      () => '',
    )
    const error = `${err instanceof Error ? (err.stack ?? err.message) : String(err)}${shot}`
    return { engine: engine.name, name: spec.name, status: 'failed', ms: Date.now() - t0, error }
  } finally {
    clearTimeout(timer)
    await page.close().catch(() => {})
  }
}

let demo: { stop(): void } | undefined
let sandbox: Sandbox | undefined
const stopAll = async () => {
  demo?.stop()
  await sandbox?.stop().catch(() => {})
}
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)))
process.on('SIGTERM', () => void stopAll().then(() => process.exit(143)))

let setupFailed = false
// The browsers start meanwhile: each launch is awaited when its engine's turn comes.
const launches = new Map(
  engines.map((name) => {
    const t0 = Date.now()
    const launch = LAUNCHERS[name]().then(
      (engine) => ({ engine, ms: Date.now() - t0 }),
      (error: unknown) => ({ error }),
    )
    return [name, launch] as const
  }),
)
try {
  // The demo's build and the sandbox's chains start side by side: the two longest waits of the run.
  const [d, s] = await Promise.allSettled([startDemo(), startSandbox({ chainPorts: { a: E2E_PORTS.chainA, b: E2E_PORTS.chainB }, dataApiPort: E2E_PORTS.dataApi, cataloguePort: E2E_PORTS.catalogue })])
  // Whichever started is stopped at the end, also when the other did not.
  if (d.status === 'fulfilled') demo = d.value
  if (s.status === 'fulfilled') sandbox = s.value
  if (d.status === 'rejected') throw d.reason
  if (s.status === 'rejected') throw s.reason
  console.log(`Sandbox and demo ready in ${seconds(Date.now() - started)} (${E2E_URLS.demo})`)
  for (const name of engines) {
    const launched = await launches.get(name)!
    if ('error' in launched) {
      for (const spec of specs) results.push({ engine: name, name: spec.name, status: 'failed', ms: 0, error: `${name} did not start: ${String(launched.error)}` })
      console.log(`✘ ${name} did not start: ${String(launched.error)}`)
      continue
    }
    const { engine } = launched
    console.log(`${name}: ${engine.version}, started in ${seconds(launched.ms)}`)
    try {
      for (const spec of specs) {
        const result = await runSpec(engine, spec, s.value)
        results.push(result)
        console.log(`${result.status === 'passed' ? '✔' : '✘'} [${name}] ${spec.name} (${seconds(result.ms)})`)
        if (result.error) console.log(result.error.replace(/^/gm, '    '))
      }
    } finally {
      await engine.close()
    }
  }
} catch (err) {
  setupFailed = true
  console.log(`✘ The engine tests could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
} finally {
  // A browser whose turn never came (the set-up failed) is closed too; closing one twice is harmless.
  for (const launch of launches.values()) {
    const launched = await launch
    if ('engine' in launched) await launched.engine.close()
  }
  await stopAll()
}

const passed = results.filter((r) => r.status === 'passed').length
const failed = results.filter((r) => r.status === 'failed').length + (setupFailed ? 1 : 0)
if (process.env['PORTICO_ENGINES_JSON']) {
  writeFileSync(
    process.env['PORTICO_ENGINES_JSON'],
    JSON.stringify({ passed, failed, setupFailed, ms: Date.now() - started, tests: results.map(({ error, ...r }) => ({ ...r, error: error?.split('\n')[0] })) }, null, 2),
  )
}
console.log(`\nFirefox and WebKit, in ${seconds(Date.now() - started)}:`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
