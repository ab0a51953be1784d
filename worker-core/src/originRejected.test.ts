import 'fake-indexeddb/auto'
import { HttpRequestError } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { json, setupCore, testConfig } from '../test/fixtures.ts'

describe("a service refusing the origin (SPEC.md §8 'Invalid App Configuration')", () => {
  it('sets originRejected for every tab when the catalogue answers 403', async () => {
    const { core, upstream } = setupCore()
    upstream.on(/^GET \/getWallets$/, () => json({ error: 'Origin not allowed' }, { status: 403 }))
    await core.configure(testConfig)
    expect((await core.getState()).originRejected).toBe(false)
    const refused = core.getWallets()
    await expect(refused).rejects.toThrow(HttpRequestError)
    await expect(refused).rejects.toMatchObject({ status: 403, message: 'HTTP status code: 403' })
    expect((await core.getState()).originRejected).toBe(true)
  })

  it('stays false when the services answer', async () => {
    const { core } = setupCore()
    await core.configure(testConfig)
    await core.getWallets()
    expect((await core.getState()).originRejected).toBe(false)
  })
})
