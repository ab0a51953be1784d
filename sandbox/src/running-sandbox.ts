import { z } from 'zod'
import { SANDBOX_HOST } from './options.ts'

const healthSchema = z.object({ ok: z.literal(true), chains: z.array(z.string()) })
const catalogueHealthSchema = z.object({ ok: z.literal(true), wallets: z.number() })

export type RunningSandbox = { dataApiUrl: string; chains: string[] }

/** The ports a start found busy: the data API's (ready last) and the catalogue's (up first). */
export type SandboxPorts = { dataApiPort: number; cataloguePort: number }

/** What holds the ports: a ready sandbox, one still starting, or something else. */
export type PortHolder = { kind: 'running'; sandbox: RunningSandbox } | { kind: 'starting' } | { kind: 'other' }

async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
  return res.json()
}

/** A sandbox already serving on `dataApiPort` (its /health answers), or undefined. */
export async function findRunningSandbox(dataApiPort: number): Promise<RunningSandbox | undefined> {
  const dataApiUrl = `http://${SANDBOX_HOST}:${dataApiPort}`
  try {
    const parsed = healthSchema.safeParse(await getJson(`${dataApiUrl}/health`, 1_000))
    return parsed.success ? { dataApiUrl, chains: parsed.data.chains } : undefined
  } catch {
    return undefined
  }
}

/**
 * True while a sandbox is starting on these ports: its wallet catalogue is the first server up (it
 * starts beside the chains, before the seed), the data API the last.
 */
async function catalogueAnswers(cataloguePort: number): Promise<boolean> {
  try {
    return catalogueHealthSchema.safeParse(await getJson(`http://${SANDBOX_HOST}:${cataloguePort}/health`, 1_000)).success
  } catch {
    return false
  }
}

/** Who holds the sandbox's ports, asked over HTTP (a sandbox answers /health on both servers). */
export async function identifyPortHolder(ports: SandboxPorts): Promise<PortHolder> {
  const running = await findRunningSandbox(ports.dataApiPort)
  if (running) return { kind: 'running', sandbox: running }
  return (await catalogueAnswers(ports.cataloguePort)) ? { kind: 'starting' } : { kind: 'other' }
}

export type WaitOutcome = { kind: 'running'; sandbox: RunningSandbox } | { kind: 'gone' } | { kind: 'timeout' }

/**
 * Waits for a sandbox that is starting on `ports` to answer /health. Gives up when it stops
 * answering altogether (it failed or was stopped) or after `timeoutMs`.
 */
export async function waitForStartingSandbox(ports: SandboxPorts, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<WaitOutcome> {
  const { timeoutMs = 60_000, intervalMs = 250 } = options
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const holder = await identifyPortHolder(ports)
    if (holder.kind === 'running') return holder
    if (holder.kind === 'other') return { kind: 'gone' }
    if (Date.now() > deadline) return { kind: 'timeout' }
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}
