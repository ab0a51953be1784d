import { spawn, type ChildProcess } from 'node:child_process'
import { DEV_ACCOUNT_BALANCE, DEV_ACCOUNT_COUNT, DEV_MNEMONIC } from '../dev-accounts.ts'
import { SANDBOX_HOST } from '../options.ts'
import { anvilBinaryPath } from './anvil-binary.ts'
import { waitForRpc } from './wait-for-rpc.ts'
import { killOnExit } from '../process/killOnExit.ts'

export type AnvilNode = {
  pid: number
  rpcUrl: string
  /** Last lines anvil printed, for error reports. */
  output(): string
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>
}

const OUTPUT_TAIL_CHARS = 4_000
function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/** The anvils this process runs now. */
const live = new Set<ChildProcess>()

/** Stops every anvil this process spawned and still runs (for a Ctrl-C that lands mid-start). */
export async function stopAllAnvils(graceMs = 3_000): Promise<void> {
  await Promise.all(
    [...live].map(async (child) => {
      child.kill('SIGTERM')
      if (!(await waitForExit(child, graceMs))) child.kill('SIGKILL')
    }),
  )
}

export type StartAnvilOptions = {
  port: number
  chainId: number
  /** Unix time of the genesis block; in the past, so the seed can date its history (see seed/). */
  genesisTimestamp?: number
}

/** Spawns anvil on 127.0.0.1:`port` with the dev mnemonic and waits until eth_chainId answers. */
export async function startAnvil({ port, chainId, genesisTimestamp }: StartAnvilOptions): Promise<AnvilNode> {
  const rpcUrl = `http://${SANDBOX_HOST}:${port}`
  const args = [
    ['--host', SANDBOX_HOST],
    ['--port', String(port)],
    ['--chain-id', String(chainId)],
    // Prague (EIP-7702 among others): what ERC-4337 v0.8's EntryPoint and the bundler expect.
    ['--hardfork', 'prague'],
    ['--mnemonic', DEV_MNEMONIC],
    ['--accounts', String(DEV_ACCOUNT_COUNT)],
    ['--balance', String(DEV_ACCOUNT_BALANCE)],
    genesisTimestamp === undefined ? [] : ['--timestamp', String(Math.floor(genesisTimestamp))],
  ].flat()
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  killOnExit(child)
  live.add(child)
  let tail = ''
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new AbortController()
  child.once('exit', () => {
    live.delete(child)
    exited.abort()
  })
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject))

  const node: AnvilNode = {
    pid: child.pid ?? -1,
    rpcUrl,
    output: () => tail,
    async stop(graceMs = 3_000) {
      if (hasExited(child)) return
      child.kill('SIGTERM')
      if (await waitForExit(child, graceMs)) return
      child.kill('SIGKILL')
      await waitForExit(child, graceMs)
    },
  }

  try {
    await Promise.race([waitForRpc(rpcUrl, chainId, { abort: exited.signal }), spawnError])
  } catch (cause) {
    await node.stop()
    const reason = exited.signal.aborted ? `anvil exited (code ${child.exitCode ?? child.signalCode})` : String(cause)
    throw new Error(`Chain ${chainId} on port ${port} failed to start: ${reason}\n${tail.trim()}`, { cause })
  }
  return node
}
