// `npm start`: the sandbox (chains, data API, test wallet) and a production build of the demo (the
// Sandbox Wallet included, the service worker with its precache, served under the README's
// Content-Security-Policy), in one command. `npm run dev` (`--dev`) serves the demo from Vite's
// development server instead. A second start while one runs says so and exits 0; with a sandbox
// running but no demo, it starts just the demo against that sandbox.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { ensureDependencies, root } from './ensure.mjs'

ensureDependencies()

const dev = process.argv.includes('--dev')
const HOST = '127.0.0.1'
const demoPort = Number(process.env.PORTICO_DEMO_PORT ?? 5173)
const demoUrl = `http://${HOST}:${demoPort}`
const dataApiPort = Number(process.env.PORTICO_DATA_API_PORT ?? 8787)
const dataApiUrl = `http://${HOST}:${dataApiPort}`

// The demo talks to this sandbox: its ports (moved with PORTICO_*_PORT) give the demo's service URLs.
const port = (name, fallback) => Number(process.env[name] ?? fallback)
process.env.VITE_PORTICO_API_URL ??= dataApiUrl
process.env.VITE_PORTICO_CATALOGUE_URL ??= `http://${HOST}:${port('PORTICO_CATALOGUE_PORT', dataApiPort + 1)}`
process.env.VITE_PORTICO_RELAY_URL ??= `ws://${HOST}:${port('PORTICO_RELAY_PORT', dataApiPort + 2)}`
// The embedded wallet's secure frame: the sandbox's frame service, on its own origin.
process.env.VITE_PORTICO_FRAME_URL ??= `http://${HOST}:${port('PORTICO_FRAME_PORT', dataApiPort + 3)}`
// The chains through the sandbox's JSON-RPC endpoint in front of each node, which the demo's Chaos switch can make fail.
process.env.VITE_PORTICO_CHAIN_A_RPC ??= `${dataApiUrl}/rpc/31337`
process.env.VITE_PORTICO_CHAIN_B_RPC ??= `${dataApiUrl}/rpc/31338`

const children = []
let stopping = false

/** Spawns a Node program; `onExit(code, signal)` returns true when the exit is expected. */
function start(name, args, onExit = () => false, stdio = ['ignore', 'pipe', 'inherit']) {
  const child = spawn(process.execPath, args, { cwd: root, stdio, env: process.env })
  children.push(child)
  // 'close', not 'exit': by then every line the child printed has been read.
  child.on('close', (code, signal) => {
    if (stopping || onExit(code, signal)) return
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`)
    stop(code || 1)
  })
  return child
}

/** The production demo's server (Vite's preview server, in this process), once it listens. */
let previewServer = null

function stop(code = 0) {
  stopping = true
  void previewServer?.close()
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 3000).unref()
  Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(() => process.exit(code))
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

async function fetchText(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1500) })
    return { status: res.status, text: await res.text() }
  } catch {
    return undefined
  }
}

/** The running sandbox's /health answer (with its services and their URLs), or undefined. */
async function runningSandbox() {
  const answer = await fetchText(`${dataApiUrl}/health`)
  if (!answer || answer.status !== 200) return undefined
  try {
    const health = JSON.parse(answer.text)
    return health.ok === true ? health : undefined
  } catch {
    return undefined
  }
}

/** `  EVM chains: chain 31337   http://127.0.0.1:8545`, one line per address of each sandbox service. */
function serviceLines(health) {
  const lines = []
  for (const service of Array.isArray(health?.services) ? health.services : []) {
    const endpoints = Array.isArray(service.endpoints) ? service.endpoints : []
    for (const e of endpoints) lines.push(`  ${(endpoints.length === 1 ? service.name : `${service.name}: ${e.label}`).padEnd(30)} ${e.url}`)
  }
  return lines
}

/** 'portico' when the demo answers on its port, 'other' when something else does, 'free' otherwise. */
async function demoState() {
  const answer = await fetchText(`${demoUrl}/`)
  if (!answer) return 'free'
  return answer.status === 200 && answer.text.includes('Portico demo') ? 'portico' : 'other'
}

function alreadyRunning() {
  console.log(`\n  Portico is already running at ${demoUrl} (sandbox data API ${dataApiUrl}).`)
  console.log('  Nothing was started; open that URL. To restart, stop the running `npm start` with Ctrl-C first.\n')
  process.exit(0)
}

function otherProgramOnDemoPort() {
  console.error(`\nPort ${demoPort} is used by a program that is not the Portico demo. Stop it, or set PORTICO_DEMO_PORT to another port.`)
  stop(1)
}

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    if ((await fetchText(url))?.status === 200) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return false
}

let sandboxAttached = false

const demoConfig = `${root}demo/vite.config.ts`
let built = null

/** The production build of the demo, with the Sandbox Wallet; begun once, alongside the sandbox's start. */
function buildDemo() {
  built ??= (async () => {
    console.log('  Building the demo for production (with the Sandbox Wallet and the service worker)…')
    const started = Date.now()
    process.env.PORTICO_SANDBOX_WALLET = '1'
    const { build } = await import('vite')
    await build({ configFile: demoConfig, logLevel: 'error', mode: 'production' })
    console.log(`  Demo built in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  })()
  return built
}

function startDemo() {
  if (dev) startDevServer()
  else void serveProductionDemo()
}

/** What the demo's server says once it listens. */
function demoReady(kind) {
  const stops = sandboxAttached ? 'the demo; the sandbox was already running and keeps running' : 'everything'
  console.log(`\n  Portico demo: ${demoUrl}\n  (${kind})\n  The Sandbox Wallet is on the page; Ctrl-C stops ${stops}.\n`)
}

/** `npm start`: the production build, served by Vite's preview server with the demo's Content-Security-Policy on every answer. */
async function serveProductionDemo() {
  try {
    await buildDemo()
  } catch (error) {
    if (stopping) return
    console.error(`The demo's production build failed: ${error instanceof Error ? error.message : String(error)}`)
    return stop(1)
  }
  if (stopping) return
  const { preview } = await import('vite')
  try {
    previewServer = await preview({ configFile: demoConfig, logLevel: 'error' })
  } catch (error) {
    // strictPort: another start bound the port first, or another program holds it.
    const state = await demoState()
    if (stopping) return
    if (state === 'portico' && sandboxAttached) alreadyRunning()
    if (state === 'portico') console.log(`\n  A Portico demo is already served at ${demoUrl}; this sandbox keeps running for it (Ctrl-C stops it).\n`)
    else if (state === 'other') otherProgramOnDemoPort()
    else {
      console.error(`demo stopped (${error instanceof Error ? error.message : String(error)}); stopping everything.`)
      stop(1)
    }
    return
  }
  if (stopping) return
  demoReady("a production build with its service worker, under the README's Content-Security-Policy; `npm run dev` serves the sources")
}

/** `npm run dev`: Vite's development server. */
function startDevServer() {
  // Vite runs at log level info only so that its "ready" line says that this process, not another
  // `npm start`'s, holds the port; its other info lines (stdout) are dropped, as with --logLevel
  // warn. Its stderr is held until then: when another start binds the port first (strictPort), the
  // "Port … is already in use" stack gives way to one clear sentence.
  let held = ''
  let live = false
  const vite = start(
    'demo',
    ['node_modules/vite/bin/vite.js', '--config', 'demo/vite.config.ts', '--logLevel', 'info', '--clearScreen', 'false'],
    (code) => {
      if (code === 0) return false
      void demoState().then((state) => {
        if (stopping) return
        if (state === 'portico' && sandboxAttached) alreadyRunning()
        process.stderr.write(held)
        if (state === 'portico') console.log(`\n  A Portico demo is already served at ${demoUrl}; this sandbox keeps running for it (Ctrl-C stops it).\n`)
        else if (state === 'other') otherProgramOnDemoPort()
        else {
          console.error(`demo stopped (exit code ${code}); stopping everything.`)
          stop(code || 1)
        }
      })
      return true
    },
    ['ignore', 'pipe', 'pipe'],
  )
  vite.stderr.setEncoding('utf8')
  vite.stderr.on('data', (t) => (live ? process.stderr.write(t) : (held += t)))
  createInterface({ input: vite.stdout }).on('line', (line) => {
    if (live || !/\bready in\b/i.test(line.replace(/\x1b\[[0-9;]*m/g, ''))) return
    live = true
    process.stderr.write(held)
    void waitFor(`${demoUrl}/`).then((up) => {
      if (up && !stopping) demoReady("Vite's development server")
    })
  })
}

/** Once a sandbox serves the data API: the demo, unless one is served already. */
async function afterSandboxReady() {
  const state = await demoState()
  if (state === 'portico') {
    if (sandboxAttached) alreadyRunning()
    console.log(`\n  A Portico demo is already served at ${demoUrl}; it uses this sandbox (Ctrl-C stops the sandbox).\n`)
  } else if (state === 'other') otherProgramOnDemoPort()
  else startDemo()
}

// A running `npm start` (sandbox and demo): say so and leave it alone.
const [sandboxUp, demo] = await Promise.all([runningSandbox(), demoState()])
if (sandboxUp && demo === 'portico') alreadyRunning()
// The production build begins at once, while the sandbox starts; a failure is reported when serving.
if (!dev && demo === 'free') buildDemo().catch(() => {})
if (demo === 'other') {
  otherProgramOnDemoPort()
} else if (sandboxUp) {
  sandboxAttached = true
  console.log(`\n  The Portico sandbox is already running (${dataApiUrl}); starting just the demo.`)
  const lines = serviceLines(sandboxUp)
  if (lines.length > 0) console.log(['  Its services:', ...lines.map((l) => `  ${l}`)].join('\n'))
  await afterSandboxReady()
} else {
  // The sandbox's own CLI handles a sandbox that is still starting: it waits for it and then says
  // "Sandbox already running" and exits 0 (that exit is expected: the other sandbox keeps serving).
  const sandbox = start('sandbox', ['sandbox/bin/sandbox.mjs'], (code) => sandboxAttached && code === 0)
  let ready = false
  createInterface({ input: sandbox.stdout }).on('line', (line) => {
    console.log(line)
    if (ready) return
    if (/^Sandbox already running/.test(line)) {
      ready = true
      sandboxAttached = true
      void afterSandboxReady()
    } else if (/^Sandbox ready/.test(line)) {
      ready = true
      void afterSandboxReady()
    }
  })
}
