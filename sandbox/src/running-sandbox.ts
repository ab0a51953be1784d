import { z } from 'zod'
import { SANDBOX_HOST } from './options.ts'

const healthSchema = z.object({ ok: z.literal(true), chains: z.array(z.string()) })

export type RunningSandbox = { dataApiUrl: string; chains: string[] }

/** A sandbox already serving on `dataApiPort` (its /health answers), or undefined. */
export async function findRunningSandbox(dataApiPort: number): Promise<RunningSandbox | undefined> {
  const dataApiUrl = `http://${SANDBOX_HOST}:${dataApiPort}`
  try {
    const res = await fetch(`${dataApiUrl}/health`, { signal: AbortSignal.timeout(1_000) })
    const parsed = healthSchema.safeParse(await res.json())
    return parsed.success ? { dataApiUrl, chains: parsed.data.chains } : undefined
  } catch {
    return undefined
  }
}
