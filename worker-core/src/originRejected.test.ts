import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { json, setupCore, testConfig } from '../test/fixtures.ts'

describe("a service refusing the origin (SPEC.md §8 'Invalid App Configuration')", () => {
  it('sets originRejected for every tab when the catalogue answers 403', async () => {
    const { core, upstream } = setupCore()
    upstream.on(/^GET \/getWallets$/, () => json({ error: 'Origin not allowed' }, { status: 403 }))
    await core.configure(testConfig)
    expect((await core.getState()).originRejected).toBe(false)
    await expect(core.getWallets()).rejects.toThrow()
    expect((await core.getState()).originRejected).toBe(true)
  })

  it('stays false when the services answer', async () => {
    const { core } = setupCore()
    await core.configure(testConfig)
    await core.getWallets()
    expect((await core.getState()).originRejected).toBe(false)
  })
})
