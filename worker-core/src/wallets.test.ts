import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { CONNECTED_WALLETS_LIMIT } from '@portico/shared-types/constants'
import { balance, BALANCE_CALL, CAIP_ADDRESS, json, RPC_CALL, setupCore, testConfig } from '../test/fixtures.ts'

const SANDBOX = { connectorId: 'dev.portico.sandbox-wallet', connectorName: 'Sandbox Wallet', connectorType: 'ANNOUNCED' } as const
const PHONE = { connectorId: 'walletConnect', connectorName: 'Sandbox Phone Wallet', connectorType: 'WALLET_CONNECT' } as const
const EMAIL = { connectorId: 'auth', connectorName: 'Email', connectorType: 'AUTH' } as const
const SECOND = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const THIRD = 'eip155:31337:0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv' as const

/** A core with the Sandbox Wallet connected, then the phone wallet added (the visitor's connect). */
async function twoWallets(config = testConfig) {
  const setup = setupCore()
  await setup.core.configure(config)
  await setup.core.setConnected({ caipAddress: CAIP_ADDRESS, ...SANDBOX, connectAnswer: true })
  setup.clock.now += 1000
  await setup.core.setConnected({ caipAddress: SECOND, ...PHONE, select: true })
  return setup
}

describe('several wallets at once', () => {
  it('a second wallet connected becomes the one in use, and the first stays in the list', async () => {
    const { core } = await twoWallets()
    const state = await core.getState()
    expect(state.connections.eip155).toMatchObject({ status: 'connected', connectorId: 'walletConnect', caipAddress: SECOND })
    expect(state.wallets.map((w) => [w.id, w.caipAddress])).toEqual([
      ['walletConnect|eip155', SECOND],
      ['dev.portico.sandbox-wallet|eip155', CAIP_ADDRESS],
    ])
    expect(state.balances.caipAddress).toBe(SECOND)
  })

  it('choosing the first again switches back; a wallet not in use changing account changes its entry only', async () => {
    const { core, clock } = await twoWallets()
    clock.now += 1000
    await core.setConnected({ caipAddress: CAIP_ADDRESS, ...SANDBOX, select: true, activate: true })
    let state = await core.getState()
    expect(state.connections.eip155?.connectorId).toBe(SANDBOX.connectorId)
    expect(state.wallets[0]?.connectorId).toBe(SANDBOX.connectorId)
    // The phone wallet, not in use, moves to another account: its entry follows, the connection in use does not.
    await core.setConnected({ caipAddress: THIRD, ...PHONE })
    state = await core.getState()
    expect(state.connections.eip155).toMatchObject({ connectorId: SANDBOX.connectorId, caipAddress: CAIP_ADDRESS })
    expect(state.wallets.find((w) => w.connectorId === 'walletConnect')?.caipAddress).toBe(THIRD)
    // A reloaded tab's check of the wallet not in use answers the same: nothing moves.
    await core.setConnected({ caipAddress: THIRD, ...PHONE, whileHeld: true })
    expect((await core.getState()).connections.eip155?.connectorId).toBe(SANDBOX.connectorId)
  })

  it('disconnecting the wallet in use brings the most recently used other one back; one not in use leaves alone', async () => {
    const { core, clock } = await twoWallets()
    clock.now += 1000
    await core.setConnected({ caipAddress: THIRD, ...EMAIL, connectAnswer: true })
    // In use: email; then phone (used at +1 s); then the Sandbox Wallet (used at 0).
    await core.setDisconnected('eip155')
    let state = await core.getState()
    expect(state.connections.eip155).toMatchObject({ status: 'connected', connectorId: 'walletConnect', caipAddress: SECOND })
    expect(state.activeCaipNetworkId).toBe('eip155:31337')
    expect(state.balances.caipAddress).toBe(SECOND)
    // The Sandbox Wallet, not in use, says it disconnected: it leaves the list, the phone stays in use.
    await core.setDisconnected('eip155', { connectorId: SANDBOX.connectorId })
    state = await core.getState()
    expect(state.wallets.map((w) => w.connectorId)).toEqual(['walletConnect'])
    expect(state.connections.eip155?.connectorId).toBe('walletConnect')
    // The last one leaving disconnects the namespace.
    await core.setDisconnected('eip155', { connectorId: 'walletConnect' })
    state = await core.getState()
    expect(state.wallets).toEqual([])
    expect(state.connections.eip155?.status).toBe('disconnected')
  })

  it('a session shared across namespaces ends on all of them, the other wallets stay', async () => {
    const { core } = await twoWallets()
    await core.setConnected({ caipAddress: SOLANA, ...PHONE, select: true, activate: false })
    await core.setConnected({ caipAddress: CAIP_ADDRESS, ...SANDBOX, select: true })
    // The phone ended the session (not in use on eip155, in use on solana).
    await core.setDisconnected('solana', { connectorId: 'walletConnect' })
    const state = await core.getState()
    expect(state.wallets.map((w) => w.id)).toEqual(['dev.portico.sandbox-wallet|eip155'])
    expect(state.connections.solana?.status).toBe('disconnected')
    expect(state.connections.eip155?.connectorId).toBe(SANDBOX.connectorId)
  })

  it('the list, the one in use and each account come back after a restart', async () => {
    const { core, dbName, clock } = await twoWallets()
    const before = await core.getState()
    const next = setupCore({ dbName, clock })
    await next.core.configure(testConfig)
    const after = await next.core.getState()
    expect(after.wallets).toEqual(before.wallets)
    expect(after.connections.eip155).toEqual(before.connections.eip155)
  })

  it('with multiWallet off, connecting another wallet replaces the one of its namespace', async () => {
    const { core } = await twoWallets({ ...testConfig, multiWallet: false })
    const state = await core.getState()
    expect(state.wallets.map((w) => w.connectorId)).toEqual(['walletConnect'])
    // and a wallet that does not hold the namespace takes it with its word, as before.
    await core.setConnected({ caipAddress: THIRD, ...EMAIL })
    expect((await core.getState()).connections.eip155?.connectorId).toBe('auth')
    expect((await core.getState()).wallets.map((w) => w.connectorId)).toEqual(['auth'])
  })

  it(`keeps ${CONNECTED_WALLETS_LIMIT} wallets: one more lets the least recently used one not in use go`, async () => {
    const { core, clock } = await twoWallets()
    for (let i = 0; i < CONNECTED_WALLETS_LIMIT - 1; i++) {
      clock.now += 1000
      await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: `extension-${i}`, connectorName: `Extension ${i}`, connectAnswer: true })
    }
    const state = await core.getState()
    expect(state.wallets).toHaveLength(CONNECTED_WALLETS_LIMIT)
    // The Sandbox Wallet (used first) went; the phone wallet stays.
    expect(state.wallets.some((w) => w.connectorId === SANDBOX.connectorId)).toBe(false)
    expect(state.wallets.some((w) => w.connectorId === 'walletConnect')).toBe(true)
    expect(state.connections.eip155?.connectorId).toBe(`extension-${CONNECTED_WALLETS_LIMIT - 2}`)
  })

  it('reads the balance of a wallet not in use through the same cache as the active one', async () => {
    const { core, upstream } = await twoWallets()
    await vi.waitFor(async () => expect((await core.getState()).nativeBalance.status).toBe('success'))
    const before = upstream.count(RPC_CALL)
    // The first wallet's balance was read while it was in use: served from the cache.
    expect(await core.getNativeBalance({ caipAddress: CAIP_ADDRESS })).toMatchObject({ status: 'success', caipAddress: CAIP_ADDRESS, formatted: '2', symbol: 'ETH' })
    expect(upstream.count(RPC_CALL)).toBe(before)
    // An account never read: one request for two reads.
    expect(await core.getNativeBalance({ caipAddress: THIRD })).toMatchObject({ status: 'success', formatted: '2' })
    await core.getNativeBalance({ caipAddress: THIRD })
    expect(upstream.count(RPC_CALL) - before).toBe(1)
    // A network the dapp does not list is not read.
    expect((await core.getNativeBalance({ caipAddress: 'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })).status).toBe('unsupported')
    await expect(core.getNativeBalance({ caipAddress: 'not-an-address' as never })).rejects.toThrow('Invalid CAIP address')
  })

  it('switching back to a wallet shows its cached account at once, while the stale part loads again', async () => {
    const { core, clock, upstream } = await twoWallets()
    // The first wallet's account was read while it was in use (then the phone took over).
    await core.setConnected({ caipAddress: CAIP_ADDRESS, ...SANDBOX, select: true })
    await vi.waitFor(async () => expect((await core.getState()).balances).toMatchObject({ status: 'success', caipAddress: CAIP_ADDRESS }))
    await core.setConnected({ caipAddress: SECOND, ...PHONE, select: true })
    await vi.waitFor(async () => expect((await core.getState()).balances.caipAddress).toBe(SECOND))
    // Its portfolio goes stale; the next answer waits until the test lets it through.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    upstream.on(BALANCE_CALL, async () => {
      await held
      return json({ balances: [balance()] })
    })
    clock.now += 60_000
    // The switch resolves once the account's reads are done: it is awaited after the answer is let through.
    const switching = core.setConnected({ caipAddress: CAIP_ADDRESS, ...SANDBOX, select: true })
    // While its fresh answer loads, the first wallet's last portfolio shows, not an empty one.
    await vi.waitFor(async () => expect((await core.getState()).balances).toMatchObject({ status: 'loading', caipAddress: CAIP_ADDRESS }))
    expect((await core.getState()).balances.data?.length).toBeGreaterThan(0)
    release()
    await switching
    expect((await core.getState()).balances).toMatchObject({ status: 'success', caipAddress: CAIP_ADDRESS })
  })
})
