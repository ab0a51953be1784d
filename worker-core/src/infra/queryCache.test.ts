import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { RecordDefinition } from '@portico/shared-types'
import { createPersister } from './persister.ts'
import { createQueryCache, persisted } from './queryCache.ts'
import { createStorage } from './storage.ts'

const counter: RecordDefinition<z.ZodObject<{ n: z.ZodNumber }>, [string]> = { kind: 'counter', key: (id) => `counter:${id}`, schema: z.object({ n: z.number() }) }

function setup() {
  const clock = { now: 1_000 }
  const warnings: string[] = []
  const dbName = `qc-${Math.random()}`
  const make = () => {
    const storage = createStorage({ dbName, now: () => clock.now })
    return createQueryCache({ records: createPersister(storage, (w) => void warnings.push(w)), now: () => clock.now })
  }
  return { clock, make, warnings }
}

describe('query cache', () => {
  it('serves a fresh answer, joins one in flight, and fetches again once stale', async () => {
    const { clock, make } = setup()
    const cache = make()
    const fetch = vi.fn(async () => clock.now)
    const query = () => cache.fetch({ key: 'k', ttlMs: 100, fetch })
    expect((await Promise.all([query(), query(), query()])).map((r) => r.data)).toEqual([1_000, 1_000, 1_000])
    clock.now += 99
    expect((await query()).data).toBe(1_000)
    clock.now += 1
    expect((await query()).data).toBe(1_100)
    expect(fetch).toHaveBeenCalledTimes(2)
    await cache.fetch({ key: 'k', ttlMs: 100, fetch }, { force: true })
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('persists through its record, and a new cache (a restarted core) answers from IndexedDB within the TTL', async () => {
    const { clock, make } = setup()
    const at = persisted(counter, 'p')
    await make().fetch({ ...at, ttlMs: 300_000, fetch: async () => ({ n: 7 }) })
    const fetch = vi.fn(async () => ({ n: 8 }))
    clock.now += 299_999
    expect(await make().fetch({ ...at, ttlMs: 300_000, fetch })).toEqual({ data: { n: 7 }, updatedAt: 1_000 })
    clock.now += 1
    expect((await make().fetch({ ...at, ttlMs: 300_000, fetch })).data).toEqual({ n: 8 })
    expect(await make().peek(at)).toEqual({ data: { n: 8 }, updatedAt: 301_000 })
  })

  it('stores an answer with the time it was shown with, however long the write takes (a restarted core shows the same age)', async () => {
    const { clock } = setup()
    const dbName = `qc-${Math.random()}`
    // The storage's clock moves on while the write is on its way (a busy machine).
    const storage = createStorage({ dbName, now: () => (clock.now += 5) })
    const cache = createQueryCache({ records: createPersister(storage), now: () => clock.now })
    const at = persisted(counter, 'age')
    const shown = await cache.fetch({ ...at, ttlMs: 300_000, fetch: async () => ({ n: 1 }) })
    const set = await cache.set(persisted(counter, 'set'), { n: 2 })
    const restarted = createQueryCache({ records: createPersister(createStorage({ dbName })), now: () => clock.now })
    expect(await restarted.peek(at)).toEqual({ data: { n: 1 }, updatedAt: shown.updatedAt })
    expect(await restarted.peek(persisted(counter, 'set'))).toEqual({ data: { n: 2 }, updatedAt: set.updatedAt })
  })

  it('checks an answer against its record before keeping it in storage', async () => {
    const { make, warnings } = setup()
    const at = persisted(counter, 'bad')
    const answer = await make().fetch({ ...at, ttlMs: 1_000, fetch: async () => ({ n: 'seven' }) as unknown as { n: number } })
    expect(answer.data).toEqual({ n: 'seven' })
    expect(warnings).toEqual(['Portico: not saving record "counter": Invalid input: expected number, received string'])
    expect(await make().peek(at)).toBeUndefined()
  })

  it('never caches a failure as data, and remembers it only when asked to', async () => {
    const { clock, make } = setup()
    const cache = make()
    const fetch = vi.fn<() => Promise<number>>().mockRejectedValueOnce(new Error('down')).mockResolvedValue(5)
    await expect(cache.fetch({ key: 'f', ttlMs: 1_000, fetch })).rejects.toThrow('down')
    expect((await cache.fetch({ key: 'f', ttlMs: 1_000, fetch })).data).toBe(5)

    const failing = vi.fn(async () => {
      throw new Error('no')
    })
    await expect(cache.fetch({ key: 'g', ttlMs: 1_000, errorTtlMs: 30_000, fetch: failing })).rejects.toThrow('no')
    await expect(cache.fetch({ key: 'g', ttlMs: 1_000, errorTtlMs: 30_000, fetch: failing })).rejects.toThrow('no')
    expect(failing).toHaveBeenCalledTimes(1)
    clock.now += 30_000
    await expect(cache.fetch({ key: 'g', ttlMs: 1_000, errorTtlMs: 30_000, fetch: failing })).rejects.toThrow('no')
    expect(failing).toHaveBeenCalledTimes(2)
  })

  it('keeps nothing of a read with no TTL and no record, but still shares it while in flight', async () => {
    const { make } = setup()
    const cache = make()
    let release!: () => void
    const fetch = vi.fn(() => new Promise<number>((resolve) => (release = () => resolve(1))))
    const both = Promise.all([cache.fetch({ key: 'page', ttlMs: 0, fetch }), cache.fetch({ key: 'page', ttlMs: 0, fetch })])
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    release()
    expect((await both).map((r) => r.data)).toEqual([1, 1])
    expect(await cache.peek({ key: 'page' })).toBeUndefined()
  })
})
