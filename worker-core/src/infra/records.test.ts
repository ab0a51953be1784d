import 'fake-indexeddb/auto'
import { createStore, get, set } from 'idb-keyval'
import { describe, expect, it } from 'vitest'
import { RECORDS, SchemaValidationError } from '@portico/shared-types'
import { STORAGE_VERSION } from '@portico/shared-types/constants'
import { ADDRESS, CAIP_ADDRESS, setupCore, testConfig, wallet } from '../../test/fixtures.ts'

/** A record as stored by another version of Portico, or with a shape this version does not know. */
const OTHER_VERSION = (data: unknown) => ({ v: STORAGE_VERSION + 1, kind: 'any', savedAt: 1, data })
const THIS_VERSION = (data: unknown) => ({ v: STORAGE_VERSION, kind: 'any', savedAt: 1, data })

describe('persisted records', () => {
  it('keeps every record kind of SPEC.md §3 and reads it back after a restart', async () => {
    const first = setupCore()
    await first.core.configure(testConfig)
    await first.core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    await first.core.getNames({ address: ADDRESS })
    await first.core.addRecentWallet(wallet('a'))
    await first.core.setPreferredAccountType('eip155', 'eoa')
    await first.core.setEmbeddedWallet({ loginUsed: true, email: 'visitor@example.org', lastChain: 'eip155:31337', socialUsername: 'visitor' })
    const session = {
      data: { accountAddress: ADDRESS, chainId: 'eip155:31337' as const, domain: 'example.org', nonce: 'n1', expirationTime: new Date(first.clock.now + 60_000).toISOString() },
      message: 'example.org wants you to sign in',
      signature: '0x01',
    }
    await first.core.addSiwxSession(session)

    const store = createStore(first.dbName, 'core')
    const keys = [
      RECORDS.connection.key(),
      RECORDS.recentWallets.key(),
      RECORDS.siwxSessions.key(),
      RECORDS.accountTypes.key(),
      RECORDS.embeddedWallet.key(),
      RECORDS.portfolio.key(CAIP_ADDRESS, 'usd'),
      RECORDS.nativeBalance.key(CAIP_ADDRESS),
      RECORDS.identity.key(ADDRESS),
      RECORDS.names.key(ADDRESS),
    ]
    for (const key of keys) expect(await get(key, store), key).toMatchObject({ v: STORAGE_VERSION, kind: expect.any(String), savedAt: first.clock.now })

    const second = setupCore({ dbName: first.dbName, clock: first.clock })
    const state = await second.core.getState()
    expect(state).toMatchObject({
      connections: { eip155: { status: 'connected', caipAddress: CAIP_ADDRESS } },
      activeCaipNetworkId: 'eip155:31337',
      recentWallets: [{ id: 'a' }],
      accountTypes: { eip155: 'eoa' },
      embeddedWallet: { loginUsed: true, email: 'visitor@example.org', lastChain: 'eip155:31337', socialUsername: 'visitor' },
      siwxSessions: [session],
      balances: { status: 'success' },
      nativeBalance: { status: 'success' },
      identity: { name: 'alice.reown.id' },
    })
    expect(second.warnings).toEqual([])

    // Sign-out clears the cached login data; SIWX sessions can be removed by network.
    await second.core.clearEmbeddedWallet()
    await second.core.removeSiwxSessions({ caipNetworkId: 'eip155:31337' })
    const third = setupCore({ dbName: first.dbName, clock: first.clock })
    expect(await third.core.getState()).toMatchObject({ embeddedWallet: { loginUsed: false, email: null }, siwxSessions: [] })
  })

  it.each([
    ['another version', OTHER_VERSION],
    ['an unknown shape', (data: unknown) => THIS_VERSION({ wrapped: data, extra: 1, n: 'x' })],
  ])('drops a record of %s with a warning and starts clean, never crashing', async (_what, wrap) => {
    const dbName = `bad-${Math.random()}`
    const store = createStore(dbName, 'core')
    await set(
      RECORDS.connection.key(),
      wrap({ connections: { eip155: { status: 'connected', caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' } }, activeNamespace: 'eip155', activeCaipNetworkId: 'eip155:31337' }),
      store,
    )
    await set(RECORDS.recentWallets.key(), wrap([wallet('a'), wallet('b'), wallet('c')].slice(0, 1)), store)
    await set(RECORDS.siwxSessions.key(), wrap([]), store)
    await set(RECORDS.accountTypes.key(), wrap({ eip155: 'eoa' }), store)
    await set(RECORDS.embeddedWallet.key(), wrap({ loginUsed: true, email: null, lastChain: null, socialUsername: null }), store)
    const { core, warnings } = setupCore({ dbName })
    const state = await core.getState()
    expect(state).toMatchObject({ connections: {}, recentWallets: [], accountTypes: {}, embeddedWallet: { loginUsed: false }, siwxSessions: [] })
    expect(warnings.filter((w) => w.startsWith('Portico: dropped stored record'))).toHaveLength(5)
    expect(await get(RECORDS.connection.key(), store)).toBeUndefined()
  })

  it('rejects what no record may hold: a third recent wallet, a wrong email, an unknown account type', async () => {
    const dbName = `limits-${Math.random()}`
    const store = createStore(dbName, 'core')
    await set(RECORDS.recentWallets.key(), THIS_VERSION([wallet('a'), wallet('b'), wallet('c')]), store)
    await set(RECORDS.embeddedWallet.key(), THIS_VERSION({ loginUsed: true, email: 'not-an-email', lastChain: null, socialUsername: null }), store)
    await set(RECORDS.accountTypes.key(), THIS_VERSION({ eip155: 'wizard' }), store)
    const { core, warnings } = setupCore({ dbName })
    expect(await core.getState()).toMatchObject({ recentWallets: [], accountTypes: {}, embeddedWallet: { loginUsed: false } })
    expect(warnings).toHaveLength(3)
    const wizard = core.setPreferredAccountType('eip155', 'wizard' as never)
    await expect(wizard).rejects.toThrow(SchemaValidationError)
    await expect(wizard).rejects.toMatchObject({ details: 'account type', message: 'Invalid option: expected one of "eoa"|"smartAccount"|"payment"' })
    const badEmail = core.setEmbeddedWallet({ email: 'nope' })
    await expect(badEmail).rejects.toThrow(SchemaValidationError)
    await expect(badEmail).rejects.toMatchObject({ details: 'embedded wallet', message: 'Invalid email address at email' })
  })

  it('drops cached balances, identity and names of another shape, then fetches them again', async () => {
    const first = setupCore()
    await first.core.configure(testConfig)
    await first.core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    const store = createStore(first.dbName, 'core')
    await set(RECORDS.portfolio.key(CAIP_ADDRESS, 'usd'), THIS_VERSION([{ symbol: 'ETH' }]), store)
    await set(RECORDS.identity.key(ADDRESS), OTHER_VERSION({ name: 'x', avatar: null }), store)
    const second = setupCore({ dbName: first.dbName, clock: first.clock })
    const state = await second.core.getState()
    expect(state.balances.data).toBeNull()
    expect(state.identity.name).toBeNull()
    await second.core.configure(testConfig)
    await second.core.refresh()
    expect((await second.core.getState()).balances.status).toBe('success')
    expect(second.warnings).toHaveLength(2)
  })

  it('skips SIWX sessions that have expired', async () => {
    const dbName = `siwx-${Math.random()}`
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') }
    const store = createStore(dbName, 'core')
    const session = (expirationTime: string) => ({ data: { accountAddress: ADDRESS, chainId: 'eip155:31337', expirationTime }, message: 'm', signature: '0x' })
    await set(RECORDS.siwxSessions.key(), THIS_VERSION([session('2025-12-31T00:00:00Z'), session('2026-02-01T00:00:00Z')]), store)
    const { core } = setupCore({ dbName, clock })
    expect((await core.getState()).siwxSessions.map((s) => s.data.expirationTime)).toEqual(['2026-02-01T00:00:00Z'])
  })
})
