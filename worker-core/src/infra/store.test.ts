import { describe, expect, it } from 'vitest'
import type { CoreState, CoreStateChange } from '@portico/shared-types'
import { createStateStore } from './store.ts'

const balances = (symbol: string, updatedAt: number): CoreState['balances'] =>
  ({
    status: 'success',
    caipAddress: 'eip155:1:0x0000000000000000000000000000000000000001',
    data: [{ symbol, name: symbol, chainId: 'eip155:1', quantity: { decimals: '18', numeric: '1.5' }, price: 0, value: 0 }],
    error: null,
    updatedAt,
  }) as unknown as CoreState['balances']

/** A store with one follower, its first push (the whole state) already taken: `pushes` holds the changes after. */
async function followedStore() {
  const store = createStateStore({ listenerTimeoutMs: 1000, storageKind: () => 'indexeddb' })
  const pushes: CoreStateChange[] = []
  store.subscribe(async (change) => void pushes.push(change))
  await new Promise((r) => setTimeout(r, 0))
  pushes.length = 0
  return { store, pushes }
}

describe('the core state store', () => {
  it('pushes what changed; a slice read again with the same content keeps its object and pushes nothing', async () => {
    const { store, pushes } = await followedStore()

    const first = store.set({ balances: balances('ETH', 1) })
    await new Promise((r) => setTimeout(r, 0))
    expect(pushes.map((p) => Object.keys(p.changed))).toEqual([['balances']])

    // The same content in new objects: the same state, no revision, no push.
    const again = store.set({ balances: balances('ETH', 1) })
    await new Promise((r) => setTimeout(r, 0))
    expect(again).toBe(first)
    expect(again.revision).toBe(first.revision)
    expect(pushes).toHaveLength(1)

    // A new read time: the slice changes, its unchanged token list keeps its object.
    const later = store.set({ balances: balances('ETH', 2) })
    await new Promise((r) => setTimeout(r, 0))
    expect(later.revision).toBe(first.revision + 1)
    expect(later.balances).not.toBe(first.balances)
    expect(later.balances.data).toBe(first.balances.data)
    expect(pushes).toHaveLength(2)
  })

  it("sends the changes of one task as one push: a refresh's slices that land together cost each tab one message", async () => {
    const { store, pushes } = await followedStore()

    store.set({ balances: balances('ETH', 1) })
    store.set({ online: false })
    const last = store.set({ balances: balances('ETH', 2) })
    await new Promise((r) => setTimeout(r, 0))
    expect(pushes).toHaveLength(1)
    expect(pushes[0]!.revision).toBe(last.revision)
    expect(Object.keys(pushes[0]!.changed).sort()).toEqual(['balances', 'online'])
    expect(pushes[0]!.changed.balances).toBe(last.balances)
  })
})
