import { defineChain } from 'viem'
import { z } from 'zod'
import { FaultStore } from '../../sandbox/src/faults/store.ts'
import { resolveOptions } from '../../sandbox/src/options.ts'
import { frameEnvOptions, SANDBOX_DATA_DIR } from '../../sandbox/src/services/frame.ts'
import { startFrameService } from './server.ts'

/**
 * `node frame-service/bin/frame-service.mjs`: the frame service alone, as a dapp deploys it
 * (sandbox/README.md "Deploying the frame service"): the chains it signs on from
 * PORTICO_FRAME_CHAINS, everything else from the same PORTICO_FRAME_* variables as in the sandbox.
 * Stops cleanly on SIGINT / SIGTERM; started again on the same database and key, every visitor is
 * still signed in.
 */
/** An environment variable holding JSON: parsed, or the schema's 'expected JSON' issue. */
const jsonText = z.string().transform((raw, ctx) => {
  try {
    return JSON.parse(raw) as unknown
  } catch {
    ctx.addIssue({ code: 'custom', message: 'expected JSON' })
    return z.NEVER
  }
})

const chainsSchema = jsonText
  .pipe(
    z
      .array(
        z.object({
          id: z.number().int().positive(),
          name: z.string().min(1),
          rpcUrl: z.string().url(),
          nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int().min(0).max(36) }).optional(),
        }),
      )
      .min(1),
  )

const raw = process.env['PORTICO_FRAME_CHAINS']
if (!raw) throw new Error('Set PORTICO_FRAME_CHAINS: the chains the frame signs on, e.g. [{"id":1,"name":"Ethereum","rpcUrl":"https://rpc.example"}]')
const parsed = chainsSchema.safeParse(raw)
if (!parsed.success) throw new Error(`Invalid PORTICO_FRAME_CHAINS: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`)
const chains = parsed.data.map((c) => ({
  id: c.id,
  name: c.name,
  rpcUrl: c.rpcUrl,
  // Outside nodes: no anvil_* methods (so no sandbox Farcaster registry on them).
  external: true,
  viemChain: defineChain({ id: c.id, name: c.name, nativeCurrency: c.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } } }),
}))

/** PORTICO_FRAME_SOLANA_NETWORKS: the Solana networks each user's ed25519 key signs on, JSON `[{ caipNetworkId, name, rpcUrl }]` (none: Solana requests are refused). */
const solanaNetworksSchema = jsonText
  .pipe(z.array(z.object({ caipNetworkId: z.string().regex(/^solana:[-_a-zA-Z0-9]{1,32}$/), name: z.string().min(1), rpcUrl: z.string().url() })))
const rawSolana = process.env['PORTICO_FRAME_SOLANA_NETWORKS']
const solanaParsed = rawSolana ? solanaNetworksSchema.safeParse(rawSolana) : undefined
if (solanaParsed && !solanaParsed.success) throw new Error(`Invalid PORTICO_FRAME_SOLANA_NETWORKS: ${solanaParsed.error.issues[0]?.path.join('.') ?? ''} ${solanaParsed.error.issues[0]?.message ?? ''}`)

process.env['PORTICO_SANDBOX_DATA_DIR'] ??= SANDBOX_DATA_DIR
const config = resolveOptions({})
const frame = await startFrameService({ chains, solanaNetworks: solanaParsed?.data ?? [], faults: new FaultStore(), ...frameEnvOptions(config) })
console.log(`Frame service ready at ${frame.url} (${frame.store.db.kind}); Ctrl-C to stop.`)

let stopping = false
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return
  stopping = true
  console.log(`${signal}: stopping the frame service…`)
  await frame.shutdown()
  console.log('Frame service stopped')
  process.exit(0)
}
process.on('SIGINT', (s) => void stop(s))
process.on('SIGTERM', (s) => void stop(s))
