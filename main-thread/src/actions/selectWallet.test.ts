import { act } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { currentView } from '../client/router.ts'
import { announceWallet, createTestClient, listing, type FakeWallet } from '../../test/harness.tsx'
import { selectWallet } from './selectWallet.ts'

let wallet: FakeWallet | undefined
afterEach(() => wallet?.cleanup())

describe('selectWallet (SPEC.md §2)', () => {
  it('goes to ConnectingExternal when the page has a connector for the wallet, and remembers it as recent', async () => {
    wallet = announceWallet({ name: 'Test Wallet', rdns: 'dev.test.wallet' })
    const { client, core } = createTestClient()
    await client.start()
    client.open({ name: 'AllWallets' })
    const views: string[] = []
    client.subscribe(() => views.push(currentView(client.getSnapshot().modal.router).name))
    await act(() => selectWallet(client, { ...listing('test-wallet', { name: 'Test Wallet', rdns: 'dev.test.wallet' }), imageUrl: null }))
    expect(views[0]).toBe('ConnectingExternal')
    expect(views).not.toContain('ConnectingWalletConnect')
    expect(wallet.provider.request).toHaveBeenCalledWith({ method: 'eth_requestAccounts' })
    const state = await core.getState()
    expect(state.connections.eip155?.status).toBe('connected')
    expect(state.recentWallets.map((w) => w.id)).toEqual(['test-wallet'])
    client.destroy()
  })

  it('goes to ConnectingWalletConnect with the wallet when no connector matches', async () => {
    wallet = announceWallet({ rdns: 'dev.other.wallet' })
    const { client } = createTestClient()
    await client.start()
    client.open({ name: 'AllWallets' })
    await selectWallet(client, { ...listing('rainbow', { name: 'Rainbow', rdns: 'me.rainbow' }), imageUrl: null })
    expect(currentView(client.getSnapshot().modal.router)).toMatchObject({ name: 'ConnectingWalletConnect', walletId: 'rainbow', walletName: 'Rainbow', wallet: { id: 'rainbow', rdns: 'me.rainbow' } })
    expect(wallet.provider.request).not.toHaveBeenCalledWith({ method: 'eth_requestAccounts' })
    client.destroy()
  })
})
