import { describe, expect, it, vi } from 'vitest'
import type { ConnectorSourceContext } from './registry.ts'
import { createConnectorRegistry, lazySource, preloadConnectorCode } from './registry.ts'
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

  it('settles once every lazily loaded kind attached or failed: a wallet announced for EVM first has its Solana side by then', async () => {
    const evm = { ...connector('sandbox', 'ANNOUNCED'), rdns: 'dev.portico.sandbox' }
    const solana = { ...connector('standard:Sandbox', 'ANNOUNCED'), rdns: 'dev.portico.sandbox', namespaces: ['solana' as const] }
    let load!: () => void
    const loaded = new Promise<void>((resolve) => (load = resolve))
    const registry = createConnectorRegistry(ctx, [
      () => source([evm]),
      async () => {
        await loaded
        return source([solana])
      },
      async () => {
        throw new Error('a chunk that failed to load')
      },
    ])
    expect(registry.connectors().map((c) => c.namespaces)).toEqual([['eip155']])
    let settled = false
    const waiting = registry.settled().then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    load()
    await waiting
    expect(registry.connectors().map((c) => [c.id, c.namespaces])).toEqual([['sandbox', ['eip155', 'solana']]])
    registry.destroy()
  })
})

describe('lazySource', () => {
  it('fetches its code once (preload, then the factory), and neither when the configuration leaves the kind out', async () => {
    const load = vi.fn(async () => ({ make: () => source([connector('lazy', 'WALLET_CONNECT')]) }))
    const offered = lazySource(load, (m) => m.make())
    const config = {} as ConnectorSourceContext['config']
    await preloadConnectorCode(config, [offered])
    expect(load).toHaveBeenCalledTimes(1)
    const made = await offered({ config } as ConnectorSourceContext)
    expect(made?.connectors().map((c) => c.id)).toEqual(['lazy'])
    expect(load).toHaveBeenCalledTimes(1)

    const skipped = vi.fn(async () => ({ make: () => source([]) }))
    const off = lazySource(
      skipped,
      (m) => m.make(),
      () => false,
    )
    await preloadConnectorCode(config, [off])
    expect(off({ config } as ConnectorSourceContext)).toBeNull()
    expect(skipped).not.toHaveBeenCalled()
  })

  it('a failed fetch is tried again on the next use', async () => {
    let attempts = 0
    const lazy = lazySource(
      async () => {
        attempts++
        if (attempts === 1) throw new Error('offline')
        return { make: () => source([connector('back', 'WALLET_CONNECT')]) }
      },
      (m) => m.make(),
    )
    const config = {} as ConnectorSourceContext['config']
    await preloadConnectorCode(config, [lazy])
    expect((await lazy({ config } as ConnectorSourceContext))?.connectors().map((c) => c.id)).toEqual(['back'])
    expect(attempts).toBe(2)
  })
})
