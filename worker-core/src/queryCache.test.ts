import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createQueryCache } from './queryCache.ts'
import { createStorage } from './storage.ts'

function setup() {
  const clock = { now: 1_000 }
  const dbName = `qc-${Math.random()}`
  const make = () => createQueryCache({ storage: createStorage({ dbName, now: () => clock.now }), now: () => clock.now })
  return { clock, make }
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
    await cache.fetch({ key: 'k', ttlMs: 100, fetch, force: true })
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('persists when given a schema, and a new cache (a restarted core) answers from IndexedDB within the TTL', async () => {
    const { clock, make } = setup()
    const schema = z.object({ n: z.number() })
    await make().fetch({ key: 'p', ttlMs: 300_000, schema, fetch: async () => ({ n: 7 }) })
    const fetch = vi.fn(async () => ({ n: 8 }))
    clock.now += 299_999
    expect(await make().fetch({ key: 'p', ttlMs: 300_000, schema, fetch })).toEqual({ data: { n: 7 }, updatedAt: 1_000 })
    clock.now += 1
    expect((await make().fetch({ key: 'p', ttlMs: 300_000, schema, fetch })).data).toEqual({ n: 8 })
    expect(await make().peek('p', schema)).toEqual({ data: { n: 8 }, updatedAt: 301_000 })
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
})
