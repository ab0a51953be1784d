import { z } from 'zod'
import type { FaultStore } from '../faults/store.ts'
import { SANDBOX_HOST, type ResolvedOptions } from '../options.ts'

/**
 * One address a service answers on. `port` is set when the sandbox binds it on 127.0.0.1 (it is
 * checked free before anything starts); an outside node (`PORTICO_CHAIN_A_RPC`) has only a `url`.
 */
export type ServiceEndpoint = {
  /** What the start output and a port clash call it: `blockchain-data API`, `chain 31337`. */
  label: string
  url: string
  port?: number
  /** Printed after the URL: `Portico Local, explorer http://…`. */
  detail?: string
}

/** A registry entry as everyone may read it: the service and where it answers. */
export type ServiceDirectoryEntry = { id: string; name: string; endpoints: readonly ServiceEndpoint[] }

/** What a service's `start` receives. */
export type ServiceContext = {
  config: ResolvedOptions
  /** Fault rules shared by the HTTP services (sandbox.faults, /__admin/faults). */
  faults: FaultStore
  /** Every service of the registry with its endpoints, in start order. */
  directory: readonly ServiceDirectoryEntry[]
  /** The handle of a service listed before this one (it has started): one of its `needs`. */
  get<H>(service: SandboxService<H>): H
  /** The handle of one of its `uses` when that service runs, else undefined. */
  find<H>(service: SandboxService<H>): H | undefined
}

/**
 * A sandbox service: one module exports one of these, and `SANDBOX_SERVICES` lists it. `startSandbox`
 * checks every endpoint's port, starts the services in list order (each `start` resolves once the
 * service answers, and its `health` must then say so), and stops them in reverse.
 *
 * @example
 * export const relayService: SandboxService<HttpServiceHandle> = {
 *   id: 'relay',
 *   name: 'WalletConnect relay',
 *   endpoints: (config) => [localEndpoint('WalletConnect relay', servicePort(config, 'relay', 'PORTICO_RELAY_PORT', 8789), 'ws')],
 *   start: (ctx) => startRelay(servicePort(ctx.config, 'relay', 'PORTICO_RELAY_PORT', 8789)),
 *   stop: (relay) => relay.stop(),
 *   health: (relay) => httpHealth(`${relay.url.replace(/^ws/, 'http')}/health`),
 * }
 */
export type SandboxService<H> = {
  /** Key in `SandboxOptions.ports` and `sandbox.services`: `dataApi`, `relay`. */
  id: string
  /** What a person reads in the start output: `blockchain-data API`. */
  name: string
  /** Services it cannot start without (listed before it): a sandbox started with `services` starts them too. */
  needs?: readonly SandboxService<unknown>[]
  /** Services it uses when they run (listed before it), through `ctx.find`; it starts without them. */
  uses?: readonly SandboxService<unknown>[]
  /** Where it will answer, from the resolved options alone (before anything starts). */
  endpoints(config: ResolvedOptions): ServiceEndpoint[]
  /** Starts the service; resolves once it answers. Cleans up after itself when it fails. */
  start(ctx: ServiceContext): Promise<H>
  /** Stops it; resolves once its ports are free and its processes gone. */
  stop(handle: H): Promise<void>
  /** True while it answers. */
  health(handle: H): Promise<boolean>
}

/** An endpoint the sandbox binds on 127.0.0.1. */
export function localEndpoint(label: string, port: number, scheme: 'http' | 'ws' = 'http', detail?: string): ServiceEndpoint {
  return { label, url: `${scheme}://${SANDBOX_HOST}:${port}`, port, ...(detail === undefined ? {} : { detail }) }
}

const portSchema = z.coerce.number().int().min(1).max(65535)

/**
 * A service's port: `SandboxOptions.ports[id]`, else the env variable, else the default. So a new
 * service takes its port settings without a change to the options.
 */
export function servicePort(config: ResolvedOptions, id: string, envName: string, defaultPort: number): number {
  const fromOptions = config.ports[id]
  if (fromOptions !== undefined) return fromOptions
  const raw = config.env[envName]
  if (raw === undefined || raw === '') return defaultPort
  const parsed = portSchema.safeParse(raw)
  if (!parsed.success) throw new Error(`Invalid ${envName}='${raw}': expected a port number`)
  return parsed.data
}

const healthAnswerSchema = z.object({ ok: z.literal(true) })

/**
 * GETs a `/health` URL: true when it answers 200 with `{ ok: true }`. Asked up to `attempts` times
 * (each within `timeoutMs`, a short pause between): a loaded machine may keep a just-started server
 * from answering the first time.
 */
export async function httpHealth(url: string, timeoutMs = 2_000, attempts = 3): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
      if (res.ok && healthAnswerSchema.safeParse(await res.json()).success) return true
    } catch {
      // Not answering yet: asked again below.
    }
    if (attempt >= attempts) return false
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
