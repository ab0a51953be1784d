// `npm start`: the sandbox (chains, data API, test wallet) and the demo dev server, in one command.
import { spawn } from 'node:child_process'
import { ensureDependencies, root } from './ensure.mjs'

ensureDependencies()

const children = []
function start(name, args, env = {}) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } })
  children.push(child)
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`)
      stop(code || 1)
    }
  })
  return child
}

let stopping = false
function stop(code = 0) {
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 3000).unref()
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(() => process.exit(code))
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

const sandbox = start('sandbox', ['sandbox/bin/sandbox.mjs'])
let ready = false
sandbox.stdout.setEncoding('utf8')
sandbox.stdout.on('data', (text) => {
  process.stdout.write(text)
  if (!ready && /Sandbox ready/.test(text)) {
    ready = true
    const vite = start('demo', ['node_modules/vite/bin/vite.js', '--config', 'demo/vite.config.ts', '--logLevel', 'warn'])
    vite.stdout.setEncoding('utf8')
    vite.stdout.on('data', (t) => process.stdout.write(t))
    const port = process.env.PORTICO_DEMO_PORT ?? '5173'
    waitFor(`http://127.0.0.1:${port}/`).then(() => {
      console.log(`\n  Portico demo: http://127.0.0.1:${port}\n  (the Sandbox Wallet is on the page; Ctrl-C stops everything)\n`)
    })
  }
})

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not answer`)
}
