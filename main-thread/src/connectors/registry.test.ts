import { describe, expect, it, vi } from 'vitest'
import type { ConnectorSourceContext } from './registry.ts'
import { createConnectorRegistry } from './registry.ts'
import type { Connector, ConnectorSource } from './types.ts'

const unused = () => Promise.reject(new Error('not called'))
const connector = (id: string, type: Connector['type']): Connector => ({
  id,
  type,
  name: id,
  namespaces: type === 'AUTH' ? ['eip155', 'solana'] : ['eip155'],
  approval: type === 'AUTH' ? 'modal' : 'wallet',
  connect: unused,
  disconnect: unused,
  getCaipAddress: unused,
  switchChain: unused,
  getProvider: unused,
  subscribe: () => () => undefined,
})

function source(initial: Connector[]): ConnectorSource & { set(next: Connector[]): void; destroyed: boolean } {
  let current = initial
  const listeners = new Set<() => void>()
  return {
    destroyed: false,
    connectors: () => current,
    subscribe(onChange) {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    destroy() {
      this.destroyed = true
    },
    set(next) {
      current = next
      for (const l of listeners) l()
    },
  }
}

const ctx = {} as ConnectorSourceContext

describe('connector registry', () => {
  it('lists the connectors of every source in registration order, each id once, and follows changes', async () => {
    const announced = source([connector('io.metamask', 'ANNOUNCED')])
    const auth = source([connector('auth', 'AUTH'), connector('io.metamask', 'EXTERNAL')])
    const registry = createConnectorRegistry(ctx, [
      () => announced,
      // A kind whose code loads first (a large SDK), one the configuration leaves out, one that cannot start.
      async () => auth,
      () => null,
      () => {
        throw new Error('no SDK')
      },
    ])
    const onChange = vi.fn()
    registry.subscribe(onChange)
    expect(registry.connectors().map((c) => c.id)).toEqual(['io.metamask'])
    await vi.waitFor(() => expect(registry.connectors().map((c) => `${c.id}:${c.type}`)).toEqual(['io.metamask:ANNOUNCED', 'auth:AUTH']))
    announced.set([connector('io.metamask', 'ANNOUNCED'), connector('app.rabby', 'ANNOUNCED')])
    expect(registry.connectors().map((c) => c.id)).toEqual(['io.metamask', 'app.rabby', 'auth'])
    expect(onChange).toHaveBeenCalledTimes(2)
    registry.destroy()
    expect([announced.destroyed, auth.destroyed]).toEqual([true, true])
  })
})
