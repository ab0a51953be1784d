import type { FaultStore } from '../faults/store.ts'
import type { ResolvedOptions } from '../options.ts'
import { assertPortsFree } from '../ports.ts'
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
  /** Stops every service in reverse start order; resolves once all have stopped. */
  stop(): Promise<void>
}

// The list holds services of different handle types; each handle only ever meets its own service.
export type AnyService = SandboxService<unknown>

/** The registry's directory: each service's endpoints, from the resolved options alone. */
export function serviceDirectory(services: readonly AnyService[], config: ResolvedOptions): ServiceDirectoryEntry[] {
  return services.map((s) => ({ id: s.id, name: s.name, endpoints: s.endpoints(config) }))
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
export async function runServices(services: readonly AnyService[], base: { config: ResolvedOptions; faults: FaultStore }): Promise<RunningServices> {
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
    if (!handles.has(key)) throw new Error(`The sandbox service '${service.id}' is not running (a service may only use those listed before it)`)
    return handles.get(key) as H
  }

  try {
    for (const service of services) {
      const handle = await service.start({ ...base, directory, get })
      handles.set(service, handle)
      started.push({ service, handle })
      if (!(await service.health(handle))) throw new Error(`The ${service.name} started but does not answer its health check`)
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
    stop: () => (stopping ??= stopInReverse(started)),
  }
}
