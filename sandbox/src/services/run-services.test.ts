import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { FaultStore } from '../faults/store.ts'
import { resolveOptions } from '../options.ts'
import { runServices, SandboxServiceNotStartedError, SandboxServiceStartError, selectServices } from './run-services.ts'
import { localEndpoint, servicePort, type SandboxService } from './service.ts'

// Ports of this file's probes (see test-helpers.ts for the other files' ranges).
const PORT = 22597

type Fake = { id: string; up: boolean }

/** A service that records its start and stop in `events`, and fails where told. */
function fake(id: string, events: string[], options: { failStart?: boolean; unhealthy?: boolean; port?: number; uses?: SandboxService<Fake> } = {}): SandboxService<Fake> {
  return {
    id,
    name: `service ${id}`,
    endpoints: (config) => (options.port === undefined ? [] : [localEndpoint(`service ${id}`, servicePort(config, id, `PORTICO_${id.toUpperCase()}_PORT`, options.port))]),
    async start({ get }) {
      if (options.uses) events.push(`${id} sees ${get(options.uses).id}`)
      if (options.failStart) throw new Error(`${id} failed`)
      events.push(`start ${id}`)
      return { id, up: true }
    },
    async stop(handle) {
      handle.up = false
      events.push(`stop ${id}`)
    },
    health: async () => !options.unhealthy,
  }
}

const base = (env: Record<string, string> = {}, ports: Record<string, number> = {}) => ({ config: resolveOptions({ env, ports }), faults: new FaultStore(), healthDeadlineMs: 1_000 })

let blocker: Server | undefined
afterEach(async () => {
  await new Promise((r) => (blocker ? blocker.close(r) : r(undefined)))
  blocker = undefined
})

describe('runServices', () => {
  it('starts in list order, hands earlier handles to later services, and stops in reverse', async () => {
    const events: string[] = []
    const a = fake('a', events)
    const b = fake('b', events, { uses: a })
    const c = fake('c', events, { port: PORT })
    const running = await runServices([a, b, c], base())
    expect(running.list.map((s) => [s.id, s.name, s.endpoints.map((e) => e.url)])).toEqual([
      ['a', 'service a', []],
      ['b', 'service b', []],
      ['c', 'service c', [`http://127.0.0.1:${PORT}`]],
    ])
    expect(running.get(b)).toEqual({ id: 'b', up: true })
    expect(await running.list[2]?.health()).toBe(true)
    await running.stop()
    expect(events).toEqual(['start a', 'b sees a', 'start b', 'start c', 'stop c', 'stop b', 'stop a'])
  })

  it('takes a new service’s port from options.ports or its env variable', async () => {
    const service = fake('relay', [], { port: 8789 })
    expect(service.endpoints(resolveOptions({ env: {} }))[0]?.port).toBe(8789)
    expect(service.endpoints(resolveOptions({ env: { PORTICO_RELAY_PORT: '9789' } }))[0]?.port).toBe(9789)
    expect(service.endpoints(resolveOptions({ env: { PORTICO_RELAY_PORT: '9789' }, ports: { relay: 10789 } }))[0]?.port).toBe(10789)
    expect(() => service.endpoints(resolveOptions({ env: { PORTICO_RELAY_PORT: 'x' } }))).toThrow("Invalid PORTICO_RELAY_PORT='x'")
  })

  it('when a service fails to start or is unhealthy, stops the ones before it in reverse and throws', async () => {
    const events: string[] = []
    await expect(runServices([fake('a', events), fake('b', events), fake('c', events, { failStart: true })], base())).rejects.toThrow(new SandboxServiceStartError('service c', new Error('c failed')))
    expect(events).toEqual(['start a', 'start b', 'stop b', 'stop a'])

    const more: string[] = []
    await expect(runServices([fake('a', more), fake('b', more, { unhealthy: true })], base())).rejects.toThrow('The service b started but did not answer its health check within 1 s')
    expect(more).toEqual(['start a', 'start b', 'stop b', 'stop a'])
  })

  it('checks every port before starting anything, and refuses a service used before it starts', async () => {
    blocker = await new Promise<Server>((resolve) => {
      const server = createServer().listen(PORT, '127.0.0.1', () => resolve(server))
    })
    const events: string[] = []
    await expect(runServices([fake('a', events), fake('c', events, { port: PORT })], base())).rejects.toThrow(`Port ${PORT} (service c) is already in use`)
    expect(events).toEqual([])

    const late = fake('late', events)
    await expect(runServices([fake('early', events, { uses: late }), late], base())).rejects.toThrow("The sandbox service 'late' is not running")
    await expect(runServices([fake('a', []), fake('a', [])], base())).rejects.toThrow("Two sandbox services have the id 'a'")
  })
})

describe('selectServices', () => {
  const events: string[] = []
  const chains = fake('chains', events)
  const signIn = { ...fake('signIn', events), needs: [chains] }
  const frame = { ...fake('frame', events), needs: [chains, signIn] }
  const relay = fake('relay', events)
  const dataApi = { ...fake('dataApi', events), needs: [chains], uses: [frame] }
  const registry = [chains, relay, signIn, frame, dataApi]

  it('runs every service without a selection', () => {
    expect(selectServices(registry, undefined).map((s) => s.id)).toEqual(['chains', 'relay', 'signIn', 'frame', 'dataApi'])
  })

  it('adds what the chosen services need, in registry order, and not what they only use', () => {
    expect(selectServices(registry, ['dataApi']).map((s) => s.id)).toEqual(['chains', 'dataApi'])
    expect(selectServices(registry, ['dataApi', 'frame']).map((s) => s.id)).toEqual(['chains', 'signIn', 'frame', 'dataApi'])
  })

  it('refuses an unknown id, naming the known ones', () => {
    expect(() => selectServices(registry, ['mailbox'])).toThrow("Unknown sandbox service 'mailbox': the services are chains, relay, signIn, frame, dataApi")
  })

  it('gives a service the handle of one it uses only when that one runs, and names a left-out service asked for', async () => {
    const seen: string[] = []
    const user: SandboxService<Fake> = {
      ...fake('user', events),
      uses: [relay],
      async start({ find }) {
        seen.push(find(relay) ? 'relay running' : 'no relay')
        return { id: 'user', up: true }
      },
    }
    const without = await runServices(selectServices([relay, user], ['user']), base())
    const withRelay = await runServices(selectServices([relay, user], ['relay', 'user']), base())
    try {
      expect(seen).toEqual(['no relay', 'relay running'])
      expect(() => without.get(relay)).toThrow(SandboxServiceNotStartedError)
      expect(() => without.get(relay)).toThrow("The sandbox service 'relay' is not running: start the sandbox with it (startSandbox({ services: [..., 'relay'] }))")
    } finally {
      await without.stop()
      await withRelay.stop()
    }
  })
})
