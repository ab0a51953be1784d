// Runs the real command, `node sandbox/bin/sandbox.mjs`, the way `npm start` and a developer do.
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { balanceResponseSchema } from '@portico/shared-types'
import { afterAll, describe, expect, it } from 'vitest'
import { startCatalogue, type CatalogueHandle } from './catalogue/catalogue.ts'
import { FaultStore } from './faults/store.ts'
import { assertPortFree } from './ports.ts'
import { solanaDevAccount } from './solana/dev-keys.ts'
import { ACCOUNT_0, fetchParsed, testSandboxOptions, withProject } from '../test/helpers.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BASE = 22580
const PORTS = testSandboxOptions(BASE) as { chainPorts: { a: number; b: number }; dataApiPort: number; cataloguePort: number; ports: { solana: number } }
const URLS = {
  chainA: `http://127.0.0.1:${PORTS.chainPorts.a}`,
  chainB: `http://127.0.0.1:${PORTS.chainPorts.b}`,
  dataApi: `http://127.0.0.1:${PORTS.dataApiPort}`,
  catalogue: `http://127.0.0.1:${PORTS.cataloguePort}`,
  solana: `http://127.0.0.1:${PORTS.ports.solana}`,
}
/** The CLI takes its ports from the PORTICO_* env variables (options.ts). */
const ENV = {
  ...process.env,
  PORTICO_CHAIN_A_PORT: String(PORTS.chainPorts.a),
  PORTICO_CHAIN_B_PORT: String(PORTS.chainPorts.b),
  PORTICO_DATA_API_PORT: String(PORTS.dataApiPort),
  PORTICO_CATALOGUE_PORT: String(PORTS.cataloguePort),
  PORTICO_SOLANA_PORT: String(PORTS.ports.solana),
}

type Run = { child: ChildProcess; output(): string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }

const runs: Run[] = []

function runCli(): Run {
  const child = spawn(process.execPath, ['sandbox/bin/sandbox.mjs'], { cwd: ROOT, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  child.stdout?.setEncoding('utf8').on('data', (t: string) => (text += t))
  child.stderr?.setEncoding('utf8').on('data', (t: string) => (text += t))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })))
  const run = { child, output: () => text, exited }
  runs.push(run)
  return run
}

/** Resolves once the output matches `pattern`; rejects with the output when the process ends first. */
async function waitForOutput(run: Run, pattern: RegExp): Promise<string> {
  let ended = false
  void run.exited.then(() => (ended = true))
  for (;;) {
    if (pattern.test(run.output())) return run.output()
    if (ended) throw new Error(`The sandbox exited before printing ${pattern}:\n${run.output()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The direct children of `pid` (the anvil nodes: the launcher runs the CLI in its own process). */
function childPids(pid: number): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) found.push(Number(entry))
    } catch {
      /* gone meanwhile */
    }
  }
  return found
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return ''
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

let anvilPids: number[] = []
let blocker: CatalogueHandle | undefined

afterAll(async () => {
  await blocker?.stop()
  for (const run of runs) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL')
  for (const pid of anvilPids) if (isAlive(pid)) process.kill(pid, 'SIGKILL')
})

describe('node sandbox/bin/sandbox.mjs', () => {
  it('starts on the ports of its env, prints the URLs and its start-up time, serves balances; a second start says so and exits 0; Ctrl-C leaves no anvil behind', { timeout: 180_000 }, async () => {
    const first = runCli()
    const printed = await waitForOutput(first, /Sandbox ready in \d+\.\d s/)
    for (const url of Object.values(URLS)) expect(printed).toContain(url)
    expect(printed).toMatch(/Sandbox ready in \d+\.\d s \(chains, seed and services \d+\.\d s\)\. Ctrl-C to stop\./)
    console.log(printed.match(/Sandbox ready in .*/)?.[0]) // reported, not asserted
    // The Solana chain's mints and dev keypairs, printed like the EVM ones.
    const solana0 = solanaDevAccount(0)
    expect(printed).toContain(`#0 ${solana0.address}`)
    expect(printed).toContain(solana0.secretKeyBase58)
    expect(printed).toMatch(/USDC +[1-9A-HJ-NP-Za-km-z]{32,44} +\(SPL token mint, 6 decimals\)/)

    const { balances } = await fetchParsed(withProject(`${URLS.dataApi}/v1/account/${ACCOUNT_0}/balance?currency=usd&chainId=eip155:31337`), balanceResponseSchema)
    expect(balances[0]).toMatchObject({ symbol: 'ETH', chainId: 'eip155:31337' })

    anvilPids = childPids(first.child.pid!)
    expect(anvilPids.map(commandOf).filter((c) => c.includes('anvil'))).toHaveLength(2)
    // The ERC-4337 bundlers (alto), one process per chain: stopped with the rest below.
    expect(anvilPids.map(commandOf).filter((c) => c.includes('alto.js'))).toHaveLength(2)

    const second = runCli()
    const { code } = await second.exited
    expect(second.output()).toContain(`Sandbox already running: blockchain-data API ${URLS.dataApi}, chains eip155:31337, eip155:31338.`)
    expect(second.output()).not.toMatch(/EADDRINUSE|failed to start/i)
    expect(code).toBe(0)
    // The first one is undisturbed.
    expect((await fetch(`${URLS.dataApi}/health`)).status).toBe(200)
    expect(anvilPids.every(isAlive)).toBe(true)

    first.child.kill('SIGINT')
    expect(await first.exited).toEqual({ code: 0, signal: null })
    expect(first.output()).toContain('Sandbox stopped')
    expect(anvilPids.filter(isAlive)).toEqual([])
    for (const port of [PORTS.chainPorts.a, PORTS.chainPorts.b, PORTS.dataApiPort, PORTS.cataloguePort, PORTS.dataApiPort + 6, PORTS.dataApiPort + 7]) await assertPortFree(port, 'after stop')
  })

  it('a start while another sandbox is still starting waits for it, and says clearly when it went away', { timeout: 60_000 }, async () => {
    // A sandbox's catalogue comes up first and its data API last: hold just the catalogue's port.
    ;({ catalogue: blocker } = await startCatalogue(PORTS.cataloguePort, new FaultStore(), { analyticsEnabled: true }))
    const run = runCli()
    const waiting = await waitForOutput(run, /still starting/)
    expect(waiting).toContain(`Another Portico sandbox is still starting on these ports (its wallet catalogue answers at ${URLS.catalogue}, its data API not yet).`)
    expect(
      childPids(run.child.pid!)
        .map(commandOf)
        .filter((c) => c.includes('anvil')),
    ).toEqual([])
    await blocker.stop()
    blocker = undefined
    const { code } = await run.exited
    expect(run.output()).toContain('The other sandbox stopped before it was ready. Start again')
    expect(run.output()).not.toMatch(/EADDRINUSE/)
    expect(code).toBe(1)
  })
})
