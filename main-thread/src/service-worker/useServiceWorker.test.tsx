import { render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ClientSnapshot, PorticoClient } from '../client/createClient.ts'
import { serviceWorkerUrl } from './register.ts'
import { useServiceWorker, watchControllerChange } from './useServiceWorker.ts'

const { registerServiceWorker } = vi.hoisted(() => ({ registerServiceWorker: vi.fn(async () => null) }))
vi.mock('./register.ts', async (original) => ({ ...(await original<typeof import('./register.ts')>()), registerServiceWorker }))

class FakeContainer extends EventTarget {
  controller: object | null = null
  take(worker: object | null) {
    this.controller = worker
    this.dispatchEvent(new Event('controllerchange'))
  }
}

describe('watchControllerChange', () => {
  it('does not reload when a first version takes an uncontrolled page', () => {
    const container = new FakeContainer()
    const reload = vi.fn()
    watchControllerChange(container as unknown as ServiceWorkerContainer, reload)
    container.take({ version: 1 })
    expect(reload).not.toHaveBeenCalled()
  })
  it('reloads once when another version takes a controlled page', () => {
    const container = new FakeContainer()
    container.controller = { version: 1 }
    const reload = vi.fn()
    const stop = watchControllerChange(container as unknown as ServiceWorkerContainer, reload)
    container.take({ version: 2 })
    container.take({ version: 3 })
    expect(reload).toHaveBeenCalledTimes(1)
    stop()
  })
  it('reloads a page that was claimed on first install when a later version takes it', () => {
    const container = new FakeContainer()
    const reload = vi.fn()
    watchControllerChange(container as unknown as ServiceWorkerContainer, reload)
    container.take({ version: 1 })
    container.take({ version: 2 })
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe('serviceWorkerUrl', () => {
  it('passes the catalogue base in the query', () => {
    expect(serviceWorkerUrl('/portico-service-worker.js', 'http://127.0.0.1:8788')).toBe('/portico-service-worker.js?catalogue=http%3A%2F%2F127.0.0.1%3A8788')
    expect(serviceWorkerUrl('/sw.js?v=2', 'https://c.example/x')).toBe('/sw.js?v=2&catalogue=https%3A%2F%2Fc.example%2Fx')
    expect(serviceWorkerUrl('/portico-service-worker.js', undefined)).toBe('/portico-service-worker.js')
  })
})

function fakeClient(serviceWorker?: false): PorticoClient & { emit(patch: Partial<ClientSnapshot>): void } {
  const listeners = new Set<() => void>()
  const config = { projectId: 'p', networks: [], metadata: { name: 'd', url: 'https://d.example' }, apiUrl: 'https://api.example', catalogueUrl: 'https://c.example', serviceWorker }
  let snapshot = { core: null, config, modal: { open: false } } as unknown as ClientSnapshot
  return {
    startup: { serviceWorker: serviceWorker !== false },
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit(patch: Partial<ClientSnapshot>) {
      snapshot = { ...snapshot, ...patch }
      for (const l of listeners) l()
    },
  } as unknown as PorticoClient & { emit(patch: Partial<ClientSnapshot>): void }
}

function Host({ client }: { client: PorticoClient }) {
  useServiceWorker(client)
  return null
}

describe('useServiceWorker', () => {
  beforeEach(() => {
    registerServiceWorker.mockClear()
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: new FakeContainer() })
  })
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  it('registers nothing while the visitor has not acted, then registers once after the first intent', async () => {
    const client = fakeClient()
    render(<Host client={client} />)
    await new Promise((r) => setTimeout(r, 300))
    expect(registerServiceWorker).not.toHaveBeenCalled()
    client.emit({ modal: { open: true } } as Partial<ClientSnapshot>)
    client.emit({ core: {} } as Partial<ClientSnapshot>)
    await vi.waitFor(() => expect(registerServiceWorker).toHaveBeenCalledTimes(1), { timeout: 3000 })
    expect(registerServiceWorker).toHaveBeenCalledWith({ config: client.getSnapshot().config, coreScripts: expect.any(Function) })
  })

  it('registers nothing when the host turns it off', async () => {
    const client = fakeClient(false)
    render(<Host client={client} />)
    client.emit({ modal: { open: true } } as Partial<ClientSnapshot>)
    await new Promise((r) => setTimeout(r, 2500))
    expect(registerServiceWorker).not.toHaveBeenCalled()
  })
})
