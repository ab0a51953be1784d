import { defineChain } from 'viem'
import { FrameConfigError, loadFrameServiceConfig, type FrameServiceConfig } from './config.ts'
import type { FrameChain } from './rpc.ts'
import { startFrameService, type FrameServiceOptions } from './server.ts'

/** The options startFrameService takes for a checked configuration. */
export function frameServiceOptions(config: FrameServiceConfig): FrameServiceOptions {
  const chains: FrameChain[] = config.chains.map((c) => ({
    id: c.id,
    name: c.name,
    rpcUrl: c.rpcUrl,
    viemChain: defineChain({ id: c.id, name: c.name, nativeCurrency: c.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } } }),
  }))
  return {
    port: config.port,
    host: config.host,
    publicUrl: config.publicUrl,
    chains,
    solanaNetworks: config.solanaNetworks,
    projects: config.projects,
    mail: config.mail,
    social: config.social,
    farcaster: config.farcaster,
    ...('url' in config.database ? { databaseUrl: config.database.url } : { dataDir: config.database.dataDir }),
    ...('value' in config.key ? { key: config.key.value } : { keyFile: config.key.file }),
    trustedProxies: config.trustedProxies,
    identityUrl: config.identityUrl,
    bundlerUrl: config.bundlerUrl,
    usdPrices: config.usdPrices,
    stepUpUsd: config.stepUpUsd,
    limits: config.limits,
    sessionIdleMs: config.sessionIdleMs,
    sessionLifetimeMs: config.sessionLifetimeMs,
    cacheDir: config.cacheDir,
  }
}

/**
 * `portico-frame-service` (bin/frame-service.mjs): the frame service as a dapp deploys it, configured
 * by PORTICO_FRAME_* variables (or PORTICO_FRAME_CONFIG_FILE) and checked before anything starts:
 * a missing or bad value stops it with every issue listed. Stops cleanly on SIGINT / SIGTERM; started
 * again on the same database and key, every visitor is still signed in.
 */
export async function main(): Promise<void> {
  let config: FrameServiceConfig
  try {
    config = loadFrameServiceConfig(process.env)
  } catch (err) {
    if (!(err instanceof FrameConfigError)) throw err
    console.error(err.message)
    process.exit(78) // EX_CONFIG
  }
  let frame: Awaited<ReturnType<typeof startFrameService>>
  try {
    frame = await startFrameService(frameServiceOptions(config))
  } catch (err) {
    // A valid configuration that still cannot start (the port taken, the database locked or out of reach): one line, no stack.
    console.error(`The frame service could not start: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  }
  // Email is always offered (the configuration requires its SMTP server).
  const offered = ['email', ...frame.offered.social, ...(frame.offered.farcaster ? ['farcaster'] : [])]
  console.log(`Frame service ready at ${frame.url} (listening on ${config.host}:${config.port}, ${frame.store.db.kind}); sign-in: ${offered.join(', ')}. Ctrl-C to stop.`)

  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping the frame service…`)
    await frame.shutdown()
    console.log('Frame service stopped')
    process.exit(0)
  }
  process.on('SIGINT', (s) => void stop(s))
  process.on('SIGTERM', (s) => void stop(s))
}
