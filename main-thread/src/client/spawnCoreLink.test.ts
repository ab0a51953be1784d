import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SpawnCoreOptions, SpawnedCore } from './spawnCore.ts'
import { CORE_GENERATION_KEY, createCoreLink, type CoreLink } from './spawnCoreLink.ts'

/** A core's API that answers every call with its method's name, or never (a dead worker). */
function fakeApi(answers: () => boolean): SpawnedCore['api'] {
  return new Proxy({} as SpawnedCore['api'], {
    get: (_t, method) => (typeof method !== 'string' || method === 'then' ? undefined : async () => (answers() ? method : new Promise<never>(() => undefined))),
  })
}

const links: CoreLink[] = []
afterEach(() => {
  for (const link of links.splice(0)) link.close()
  localStorage.removeItem(CORE_GENERATION_KEY)
})

describe('createCoreLink', () => {
  it('follows another tab that restarted the core: the same generation, not one more', async () => {
    localStorage.setItem(CORE_GENERATION_KEY, '2')
    const spawned: number[] = []
    const attached: number[] = []
    const link = createCoreLink({
      spawn: ({ generation = 0 }: SpawnCoreOptions) => {
        spawned.push(generation)
        return { api: fakeApi(() => true), kind: 'shared', close: () => undefined }
      },
      reattach: async () => void attached.push(spawned.at(-1)!),
      onReconnecting: () => undefined,
      heartbeatMs: 1_000_000,
    })
    links.push(link)
    expect(spawned).toEqual([2])
    localStorage.setItem(CORE_GENERATION_KEY, '3')
    window.dispatchEvent(new StorageEvent('storage', { key: CORE_GENERATION_KEY, newValue: '3' }))
    await vi.waitFor(() => expect(attached).toEqual([3]))
    expect(spawned).toEqual([2, 3])
    expect(await link.api.getState()).toBe('getState')
    expect(localStorage.getItem(CORE_GENERATION_KEY)).toBe('3')
  })

  it('a new core that does not attach is replaced at a later heartbeat; calls wait for the one that does', async () => {
    const spawned: number[] = []
    let attachable = false
    const reconnecting: boolean[] = []
    const link = createCoreLink({
      spawn: ({ generation = 0 }: SpawnCoreOptions) => {
        spawned.push(generation)
        // The first core dies at once; the second never attaches; the third does.
        return { api: fakeApi(() => (generation === 0 ? false : true)), kind: 'shared', close: () => undefined }
      },
      reattach: () => {
        if (spawned.at(-1) === 2) attachable = true
        return attachable ? Promise.resolve() : new Promise<void>(() => undefined)
      },
      onReconnecting: (value) => reconnecting.push(value),
      heartbeatMs: 10,
    })
    links.push(link)
    link.startHeartbeat()
    const answer = link.api.getState()
    await expect(answer).resolves.toBe('getState')
    expect(spawned).toEqual([0, 1, 2])
    expect(reconnecting.at(-1)).toBe(false)
    expect(link.restarts()).toBe(2)
  })
})
