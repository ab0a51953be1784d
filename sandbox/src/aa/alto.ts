import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { SANDBOX_HOST } from '../options.ts'
import { ENTRY_POINT_V08 } from './contracts.ts'
import { aaKey } from './keys.ts'
import { killOnExit } from '../process/killOnExit.ts'

const require = createRequire(import.meta.url)
const here = dirname(fileURLToPath(import.meta.url))

/** Makes every server of the bundler's process listen on 127.0.0.1 (alto binds all interfaces). */
const LOOPBACK_PRELOAD = join(here, 'loopback-only.mjs')
const OUTPUT_TAIL_CHARS = 6_000

/**
 * The alto command line inside `@pimlico/alto` (GPL-3.0): run as a program of its own, never
 * imported. Resolving the package's entry point only finds the folder; nothing of it is loaded here.
 */
function altoCli(): string {
  return join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js')
}

/**
 * A JSON-RPC door to the chain's node that stays shut until `open` resolves: the bundler starts (and
 * loads its modules, the slow part) while the seed still mines dated blocks with automining off, and
 * reaches the chain only once ERC-4337 is installed and the chain follows the clock.
 */
async function startRpcGate(upstream: string, open: Promise<unknown>): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        try {
          await open
          const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks), signal: AbortSignal.timeout(60_000) })
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
          res.end(Buffer.from(await answer.arrayBuffer()))
        } catch (error) {
          res.writeHead(502, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: `Chain not reachable: ${error instanceof Error ? error.message : String(error)}` } }))
        }
      })()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, SANDBOX_HOST, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${SANDBOX_HOST}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type AltoProcess = {
  chainId: number
  /** The bundler's JSON-RPC endpoint on loopback. */
  url: string
  pid: number
  /** Resolves once the bundler answers `eth_supportedEntryPoints` with the v0.8 EntryPoint. */
  ready: Promise<void>
  /** True until the process exits. */
  running(): boolean
  /** The last lines the bundler printed (for error reports). */
  output(): string
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it exited and its ports are free. */
  stop(graceMs?: number): Promise<void>
}

const supportedSchema = z.object({ result: z.array(z.string()) })

/** True when `url` answers `eth_supportedEntryPoints` with the v0.8 EntryPoint. */
export async function bundlerAnswers(url: string, timeoutMs = 2_000): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const parsed = supportedSchema.safeParse(await res.json())
    return parsed.success && parsed.data.result.some((a) => a.toLowerCase() === ENTRY_POINT_V08.toLowerCase())
  } catch {
    return false
  }
}

export type StartAltoOptions = {
  chainId: number
  /** The chain's node. */
  rpcUrl: string
  port: number
  /** Resolves once the chain may be used (ERC-4337 installed, the seed done); rejects to abort. */
  chainReady: Promise<unknown>
  /** How long to wait for the bundler to answer once the chain is ready. */
  timeoutMs?: number
}

/**
 * Spawns `@pimlico/alto` for one chain on 127.0.0.1:`port` at once, so it loads while the chain is
 * prepared; it reaches the chain through a gate that opens with `chainReady`. Its executor and
 * utility keys are the sandbox's own (aa/keys.ts), funded at install.
 */
export async function startAlto({ chainId, rpcUrl, port, chainReady, timeoutMs = 120_000 }: StartAltoOptions): Promise<AltoProcess> {
  const gate = await startRpcGate(rpcUrl, chainReady)
  const url = `http://${SANDBOX_HOST}:${port}`
  const args = [
    '--import',
    LOOPBACK_PRELOAD,
    altoCli(),
    ['--entrypoints', ENTRY_POINT_V08],
    ['--rpc-url', gate.url],
    ['--port', String(port)],
    ['--executor-private-keys', aaKey('bundlerExecutor').privateKey],
    ['--utility-private-key', aaKey('bundlerUtility').privateKey],
    // A local node: no tracer for the ERC-7562 rules, blocks as fast as transactions come.
    ['--safe-mode', 'false'],
    ['--block-time', '250'],
    ['--min-bundle-interval', '50'],
    ['--max-bundle-interval', '250'],
    ['--log-level', 'warn'],
  ].flat()
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Only what Node needs: no SENTRY_DSN, OpenTelemetry or .env of the caller reaches the bundler.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', DOTENV_CONFIG_PATH: '/dev/null' },
    cwd: here,
  })
  killOnExit(child)
  let tail = ''
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const hasExited = () => child.exitCode !== null || child.signalCode !== null

  const stop = async (graceMs = 3_000): Promise<void> => {
    if (!hasExited()) {
      child.kill('SIGTERM')
      const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref())
      if ((await Promise.race([exited, timer])) === 'timeout') {
        child.kill('SIGKILL')
        await exited
      }
    }
    await gate.close()
  }

  const ready = (async () => {
    const spawnError = new Promise<never>((_, reject) => child.once('error', reject))
    await Promise.race([chainReady, spawnError])
    const deadline = Date.now() + timeoutMs
    while (!(await bundlerAnswers(url))) {
      if (hasExited()) throw new Error(`The bundler of chain ${chainId} exited (code ${child.exitCode ?? child.signalCode}):\n${tail.trim()}`)
      if (Date.now() > deadline) throw new Error(`The bundler of chain ${chainId} did not answer on ${url} within ${timeoutMs / 1000} s:\n${tail.trim()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  ready.catch(() => {})

  return { chainId, url, pid: child.pid ?? -1, ready, running: () => !hasExited(), output: () => tail, stop }
}
