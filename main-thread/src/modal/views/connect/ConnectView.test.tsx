import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PAIRING_EXPIRED_BELOW_MS, WALLET_CONNECT_NEAR_PX } from '@portico/shared-types/constants'
import { announceWallet, catalogue, CATALOGUE_URL, createTestClient, fakeWalletConnect, listing, openModal, renderPortico, testConfig, type FakeWallet } from '../../../../test/harness.tsx'
import { warmLazyViews } from '../lazyView.tsx'

const wallets: FakeWallet[] = []
afterEach(() => {
  for (const wallet of wallets.splice(0)) wallet.cleanup()
})

const follows = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0

async function openConnect(extra: Parameters<typeof testConfig>[0] = {}) {
  const portico = createTestClient({ config: testConfig(extra), remotes: { wallets: catalogue(57) } })
  renderPortico(portico)
  await openModal(portico)
  return { portico, dialog: await screen.findByRole('dialog', { name: 'Connect Wallet' }) }
}

describe('ConnectView', () => {
  it('shows the methods email, social, wallet by default; email and social say "coming soon" and are not buttons', async () => {
    const { portico, dialog } = await openConnect()
    const email = within(dialog).getByText('Continue with email')
    const social = within(dialog).getByText('Continue with a social account')
    const list = within(dialog).getByRole('list', { name: 'Wallets' })
    expect(follows(email, social) && follows(social, list)).toBe(true)
    expect(within(dialog).getAllByText('Coming soon')).toHaveLength(2)
    expect(within(dialog).queryByRole('button', { name: /email/i })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: /social/i })).toBeNull()
    portico.client.destroy()
  })

  it('follows the configured method order', async () => {
    const { portico, dialog } = await openConnect({ features: { connectMethodsOrder: ['wallet', 'social', 'email'] } })
    const list = within(dialog).getByRole('list', { name: 'Wallets' })
    const social = within(dialog).getByText('Continue with a social account')
    const email = within(dialog).getByText('Continue with email')
    expect(follows(list, social) && follows(social, email)).toBe(true)
    portico.client.destroy()
  })

  it('lists WalletConnect, recent, installed, featured, custom, then recommended wallets, each once', async () => {
    wallets.push(announceWallet({ name: 'Page Wallet', rdns: 'dev.page.wallet' }))
    const portico = createTestClient({
      config: testConfig({
        catalogueUrl: CATALOGUE_URL,
        featuredWalletIds: ['featured-1', 'featured-dup'],
        customWallets: [{ id: 'custom-1', name: 'Custom Wallet' }],
      }),
      remotes: {
        wallets: [
          listing('featured-1', { name: 'Featured Wallet' }),
          // The page already announces this wallet: it shows once, as installed.
          listing('featured-dup', { name: 'Page Wallet (catalogue)', rdns: 'dev.page.wallet' }),
          listing('rec-1', { name: 'Recommended Wallet' }),
          ...catalogue(30),
        ],
      },
    })
    await act(async () => portico.core.addRecentWallet(listing('recent-1', { name: 'Recent Wallet' })))
    renderPortico(portico)
    await openModal(portico)
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    const list = within(dialog).getByRole('list', { name: 'Wallets' })
    await within(list).findByRole('button', { name: /Recommended Wallet/ })
    const buttons = within(list).getAllByRole('button')
    const expected = ['WalletConnect', 'Recent Wallet Recent', 'Page Wallet Installed', 'Featured Wallet', 'Custom Wallet', 'Recommended Wallet']
    expect(expected.map((name) => buttons.indexOf(within(list).getByRole('button', { name })))).toEqual([0, 1, 2, 3, 4, 5])
    expect(within(list).queryByRole('button', { name: /Page Wallet \(catalogue\)/ })).toBeNull()
    within(list).getByRole('button', { name: /Page Wallet/, description: 'Installed' })
    portico.client.destroy()
  })

  it('offers All Wallets with the catalogue count, rounded down to tens', async () => {
    const { portico, dialog } = await openConnect({ catalogueUrl: CATALOGUE_URL })
    // 57 wallets, 4 of them recommended above the list: 53 in All Wallets.
    const all = await within(dialog).findByRole('button', { name: 'All Wallets 50+' })
    await userEvent.click(all)
    await screen.findByRole('dialog', { name: 'All Wallets' })
    portico.client.destroy()
  })

  it('selecting a catalogue wallet the page does not have goes to WalletConnect', async () => {
    const { portico, dialog } = await openConnect({ catalogueUrl: CATALOGUE_URL, customWallets: [{ id: 'custom-1', name: 'Custom Wallet' }] })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Custom Wallet' }))
    const connecting = await screen.findByRole('dialog', { name: 'Custom Wallet' })
    // The WalletConnect view's code loads when the visitor heads for it; here it settles inside act().
    await act(async () => void (await warmLazyViews()))
    await within(connecting).findByRole('img', { name: 'WalletConnect QR code' })
    within(connecting).getByText('Scan this QR code with Custom Wallet')
    portico.client.destroy()
  })

  it('shows a recent wallet’s image at the URL the core gives the same image, its id encoded', async () => {
    const portico = createTestClient({
      config: testConfig({ catalogueUrl: CATALOGUE_URL, featuredWalletIds: ['featured-1'] }),
      remotes: { wallets: [listing('featured-1', { name: 'Featured Wallet', image_id: 'shared image/1' })] },
    })
    await act(async () => portico.core.addRecentWallet(listing('recent-1', { name: 'Recent Wallet', image_id: 'shared image/1' })))
    renderPortico(portico)
    await openModal(portico)
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    const featured = await within(dialog).findByRole('button', { name: 'Featured Wallet' })
    const recent = within(dialog).getByRole('button', { name: /Recent Wallet/ })
    const src = (button: HTMLElement) => button.querySelector('img')?.getAttribute('src')
    expect(src(recent)).toBe(`${CATALOGUE_URL}/getWalletImage/shared%20image%2F1?projectId=p&st=portico&sv=react-portico-0.1.0`)
    expect(src(recent)).toBe(src(featured))
    portico.client.destroy()
  })

  it('opening the view prepares nothing of WalletConnect (not while rendered ahead, hidden, either); the pointer nearing its row does, once', async () => {
    const walletConnect = fakeWalletConnect()
    const portico = createTestClient({ walletConnect })
    renderPortico(portico)
    await act(async () => portico.client.start())
    // The modal renders ahead, hidden, once the page is idle: no pairing for that.
    await act(async () => new Promise((r) => setTimeout(r, 300)))
    expect(walletConnect.uris).toEqual([])
    await openModal(portico)
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    await act(async () => new Promise((r) => setTimeout(r, 200)))
    // Opening Connect is no intent on a first visit: the core has not even loaded its client.
    expect(walletConnect.uris).toEqual([])
    expect((await portico.core.getState()).walletConnect).toMatchObject({ status: 'idle', uri: null, clientLoaded: false })

    // The row is laid out 56 px high at y 300 (happy-dom lays nothing out).
    placeRow(dialog, 300)
    // Moving far from it (the Connect Wallet button, the title): nothing.
    await movePointer(dialog, 180, 300 - WALLET_CONNECT_NEAR_PX - 5)
    await movePointer(dialog, 180, 356 + WALLET_CONNECT_NEAR_PX + 5)
    expect(walletConnect.uris).toEqual([])
    // Within WALLET_CONNECT_NEAR_PX of its box: the core loads its client and makes one pairing.
    await movePointer(dialog, 180, 300 - WALLET_CONNECT_NEAR_PX + 5)
    await waitFor(async () => expect((await portico.core.getState()).walletConnect).toMatchObject({ status: 'pairing', uri: walletConnect.uris[0], clientLoaded: true }))
    await movePointer(dialog, 180, 320)
    await act(async () => new Promise((r) => setTimeout(r, 100)))
    expect(walletConnect.uris).toHaveLength(1)
    portico.client.destroy()
  })

  it('once the core has its client, opening the view is enough: a pairing is made ready without the pointer (after the one made ahead expired unused)', async () => {
    const walletConnect = fakeWalletConnect()
    // A short life: dropped 400 ms after it was made (under 10 s left is expired, SPEC.md §9).
    const portico = createTestClient({ walletConnect, config: testConfig({ walletConnect: { relayUrl: 'ws://127.0.0.1:9', pairingExpiryMs: PAIRING_EXPIRED_BELOW_MS + 400 } }) })
    renderPortico(portico)
    await openModal(portico)
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    placeRow(dialog, 300)
    await movePointer(dialog, 180, 310)
    await waitFor(() => expect(walletConnect.uris).toHaveLength(1))
    await act(async () => portico.client.close())
    await waitFor(async () => expect((await portico.core.getState()).walletConnect).toMatchObject({ status: 'idle', uri: null, clientLoaded: true }), { timeout: 3000 })
    expect(walletConnect.uris).toHaveLength(1)
    await openModal(portico)
    await screen.findByRole('dialog', { name: 'Connect Wallet' })
    await waitFor(async () => expect((await portico.core.getState()).walletConnect).toMatchObject({ status: 'pairing', uri: walletConnect.uris[1] }))
    portico.client.destroy()
  })

  it('keyboard focus or a touch on the WalletConnect row makes a pairing ready', async () => {
    for (const act_ of ['focus', 'touch'] as const) {
      const walletConnect = fakeWalletConnect()
      const portico = createTestClient({ walletConnect })
      renderPortico(portico)
      await openModal(portico)
      const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
      const row = within(dialog).getByRole('button', { name: 'WalletConnect' })
      if (act_ === 'focus') act(() => row.focus())
      else fireEvent.touchStart(row)
      await waitFor(() => expect(walletConnect.uris).toHaveLength(1))
      portico.client.destroy()
      cleanup()
    }
  })

  it('with the terms to accept first, no pairing is made until they are accepted', async () => {
    const walletConnect = fakeWalletConnect()
    const portico = createTestClient({ walletConnect, config: testConfig({ features: { legalCheckbox: true }, termsConditionsUrl: 'https://example.test/terms' }) })
    renderPortico(portico)
    await openModal(portico)
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    placeRow(dialog, 300)
    await movePointer(dialog, 180, 310)
    await act(async () => new Promise((r) => setTimeout(r, 100)))
    expect(walletConnect.uris).toEqual([])
    await userEvent.click(within(dialog).getByRole('checkbox'))
    await movePointer(dialog, 180, 312)
    await waitFor(() => expect(walletConnect.uris).toHaveLength(1))
    portico.client.destroy()
  })
})

/** Lays the WalletConnect row out at `top` (360 px wide, 56 px high), as a browser would. */
function placeRow(dialog: HTMLElement, top: number) {
  const row = within(dialog).getByRole('button', { name: 'WalletConnect' })
  vi.spyOn(row, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, top, 360, 56))
}

async function movePointer(target: Element, clientX: number, clientY: number) {
  await act(async () => void target.dispatchEvent(new PointerEvent('pointermove', { clientX, clientY, bubbles: true })))
}
