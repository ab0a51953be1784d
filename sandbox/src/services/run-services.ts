import type { FaultStore } from '../faults/store.ts'
import type { ResolvedOptions } from '../options.ts'
import { assertPortsFree, PortInUseError } from '../ports.ts'
import type { SandboxService, ServiceDirectoryEntry, ServiceEndpoint } from './service.ts'

/** A started service as the sandbox handle shows it. */
export type RunningService = ServiceDirectoryEntry & {
  /** True while the service answers (its health check). */
  health(): Promise<boolean>
}

export type RunningServices = {
  /** In start order. */
  list: readonly RunningService[]
  get<H>(service: SandboxService<H>): H
  /** The handle when the service runs, else undefined. */
  find<H>(service: SandboxService<H>): H | undefined
  /** Stops every service in reverse start order; resolves once all have stopped. */
  stop(): Promise<void>
}

// The list holds services of different handle types; each handle only ever meets its own service.
export type AnyService = SandboxService<unknown>

/** A service that is not running was asked for: the sandbox was started with `services` that leave it out. */
export class SandboxServiceNotStartedError extends Error {
  override name = 'SandboxServiceNotStartedError'
  constructor(readonly serviceId: string) {
    super(`The sandbox service '${serviceId}' is not running: start the sandbox with it (startSandbox({ services: [..., '${serviceId}'] }))`)
  }
}

/**
 * The registry's services a sandbox started with `services` (ids) runs: those, and every service they
 * need, in registry order. Without `services`, all of them. An unknown id fails with the known ones.
 */
export function selectServices(registry: readonly AnyService[], ids: readonly string[] | undefined): AnyService[] {
  if (ids === undefined) return [...registry]
  const byId = new Map(registry.map((s) => [s.id, s]))
  const chosen = new Set<AnyService>()
  const add = (service: AnyService) => {
    if (chosen.has(service)) return
    chosen.add(service)
    for (const needed of service.needs ?? []) add(needed)
  }
  for (const id of ids) {
    const service = byId.get(id)
    if (!service) throw new Error(`Unknown sandbox service '${id}': the services are ${registry.map((s) => s.id).join(', ')}`)
    add(service)
  }
  return registry.filter((s) => chosen.has(s))
}

/** The registry's directory: each service's endpoints, from the resolved options alone. */
export function serviceDirectory(services: readonly AnyService[], config: ResolvedOptions): ServiceDirectoryEntry[] {
  return services.map((s) => ({ id: s.id, name: s.name, endpoints: s.endpoints(config) }))
}

/** How long a started service may take to answer its health check on a loaded machine. */
export const HEALTH_DEADLINE_MS = 60_000
/** How often a start that is still running is reported. */
const WAIT_NOTICE_MS = 10_000

/** A service's start failed: the message names the service and says why. */
export class SandboxServiceStartError extends Error {
  override name = 'SandboxServiceStartError'
  constructor(
    readonly serviceName: string,
    cause: unknown,
  ) {
    super(`The ${serviceName} did not start: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
  }
}

/** Asks a started service's health until it answers, for up to HEALTH_DEADLINE_MS; fails naming it. */
async function waitForHealth(service: AnyService, handle: unknown, log: (line: string) => void, deadlineMs = HEALTH_DEADLINE_MS): Promise<void> {
  const deadline = Date.now() + deadlineMs
  for (let attempt = 1; ; attempt++) {
    if (await service.health(handle)) return
    if (Date.now() >= deadline) throw new Error(`The ${service.name} started but did not answer its health check within ${Math.round(deadlineMs / 1000)} s`)
    if (attempt === 1) log(`waiting for the ${service.name} to answer…`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** Stops `started` in reverse order, each after the one listed after it. */
async function stopInReverse(started: ReadonlyArray<{ service: AnyService; handle: unknown }>): Promise<void> {
  let firstError: unknown
  for (const { service, handle } of [...started].reverse()) {
    await service.stop(handle).catch((err: unknown) => (firstError ??= err))
  }
  if (firstError !== undefined) throw firstError
}

/**
 * Checks every port of every service, then starts the services in list order. When one fails, the
 * ones already started are stopped in reverse before the error is thrown.
 */
export async function runServices(services: readonly AnyService[], base: { config: ResolvedOptions; faults: FaultStore; healthDeadlineMs?: number }): Promise<RunningServices> {
  const ids = new Set<string>()
  for (const s of services) {
    if (ids.has(s.id)) throw new Error(`Two sandbox services have the id '${s.id}'`)
    ids.add(s.id)
  }
  const directory = serviceDirectory(services, base.config)
  const bound = directory.flatMap((d) => d.endpoints).filter((e): e is ServiceEndpoint & { port: number } => e.port !== undefined)
  await assertPortsFree(bound.map((e) => ({ port: e.port, what: e.label })))

  const handles = new Map<AnyService, unknown>()
  const started: Array<{ service: AnyService; handle: unknown }> = []
  const get = <H>(service: SandboxService<H>): H => {
    const key: AnyService = service
    if (!handles.has(key)) {
      if (!services.includes(key)) throw new SandboxServiceNotStartedError(service.id)
      throw new Error(`The sandbox service '${service.id}' is not running (a service may only use those listed before it)`)
    }
    return handles.get(key) as H
  }
  const find = <H>(service: SandboxService<H>): H | undefined => {
    const key: AnyService = service
    return handles.has(key) ? (handles.get(key) as H) : undefined
  }

  try {
    for (const service of services) {
      const startedAt = Date.now()
      // A loaded machine can take a while: say which service is being waited for.
      const ticker = setInterval(() => base.config.log(`waiting for the ${service.name} (${Math.round((Date.now() - startedAt) / 1000)} s)…`), WAIT_NOTICE_MS)
      let handle: unknown
      try {
        handle = await service.start({ ...base, directory, get, find })
      } catch (err) {
        throw err instanceof PortInUseError || err instanceof SandboxServiceStartError ? err : new SandboxServiceStartError(service.name, err)
      } finally {
        clearInterval(ticker)
      }
      handles.set(service, handle)
      started.push({ service, handle })
      await waitForHealth(service, handle, base.config.log, base.healthDeadlineMs)
      base.config.log(`${service.name} up`)
    }
  } catch (err) {
    await stopInReverse(started).catch(() => {})
    throw err
  }

  let stopping: Promise<void> | undefined
  return {
    list: started.map(({ service, handle }, i) => ({ ...(directory[i] as ServiceDirectoryEntry), health: () => service.health(handle) })),
    get,
    find,
    stop: () => (stopping ??= stopInReverse(started)),
  }
}
