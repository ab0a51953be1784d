import { CONTENT_SECURITY_POLICY } from '../../demo/vite.config.ts'
import { buildAll } from './build.ts'
import { measureBytes, type BytesReport } from './bytes.ts'
import { APPS, appOut, PORTS, type AppName } from './paths.ts'
import { serveStatic, type StaticServer } from './serve.ts'
import type { Target } from './measure.ts'
import { startBenchRelay } from './walletConnectQr.ts'
import type { RelayHandle } from '@portico/sandbox'

/** Ends the run with one readable line (the build's own output has already been printed). */
export function fail(log: (line: string) => void, error: unknown): never {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

/** `relay`: the sandbox's WalletConnect relay the demo is built for (its own port), so a Connect view that prepares a pairing pairs with it. */
export type Apps = { bytes: Record<AppName, BytesReport>; targets: Record<AppName, Target>; relay: RelayHandle; close(): Promise<void> }

/** Builds the demo and the floor for production, measures their bytes and serves both from 127.0.0.1. */
export async function prepareApps(log: (line: string) => void): Promise<Apps> {
  const started = Date.now()
  const relay = await startBenchRelay()
  await buildAll(APPS, { VITE_PORTICO_RELAY_URL: relay.url }).catch(async (error: unknown) => {
    await relay.stop()
    throw error
  })
  log(`built demo and floor in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const bytes = { demo: measureBytes('demo'), floor: measureBytes('floor') }
  // Both are served under the demo's Content-Security-Policy: Portico must work under it.
  const headers = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY }
  const servers: StaticServer[] = []
  const serve = async (app: AppName): Promise<Target> => {
    const server = await serveStatic(appOut(app), PORTS[app], headers)
    servers.push(server)
    return { app, server, criticalPaths: bytes[app].criticalPaths, pagePaths: bytes[app].pagePaths, hasAccount: app === 'demo' }
  }
  const targets = { demo: await serve('demo'), floor: await serve('floor') }
  return { bytes, targets, relay, close: async () => void (await Promise.all([...servers.map((s) => s.close()), relay.stop()])) }
}
