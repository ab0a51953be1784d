import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ADDRESS, CATALOGUE_URL, createTestClient, fakeWalletConnect, listing, openModal, renderPortico, testConfig } from '../../../../test/harness.tsx'
import { walletLink } from './ConnectingWalletConnectView.tsx'

describe('ConnectingWalletConnectView', () => {
  it('shows the core’s pairing URI as a QR code with Copy link, and goes to Account in every tab once the wallet approves', async () => {
    const walletConnect = fakeWalletConnect()
    const portico = createTestClient({ walletConnect })
    renderPortico(portico)
    await openModal(portico, { name: 'ConnectingWalletConnect', walletId: 'walletConnect', walletName: 'WalletConnect' })
    const dialog = await screen.findByRole('dialog', { name: 'WalletConnect' })
    const qr = await within(dialog).findByRole('img', { name: 'WalletConnect QR code' })
    expect(qr.getAttribute('data-qr-value')).toBe(walletConnect.uris[0])
    within(dialog).getByRole('button', { name: /Copy link/ })
    // No wallet chosen: no "Open" link.
    expect(within(dialog).queryByRole('link')).toBeNull()
    const core = portico.core
    expect((await core.getState()).walletConnect).toMatchObject({ status: 'pairing', uri: walletConnect.uris[0] })
    await act(async () => walletConnect.approve(`eip155:31337:${ADDRESS}`))
    await screen.findByRole('dialog', { name: 'Account' })
    expect((await core.getState()).connections.eip155).toMatchObject({ status: 'connected', connectorId: 'walletConnect', connectorType: 'WALLET_CONNECT' })
    portico.client.destroy()
  })

  it('offers a retry after the wallet declines, which shows a new URI', async () => {
    const walletConnect = fakeWalletConnect()
    const portico = createTestClient({ walletConnect })
    renderPortico(portico)
    await openModal(portico, { name: 'ConnectingWalletConnect', walletId: 'sandbox-phone', walletName: 'Phone', wallet: listing('sandbox-phone', { webapp_link: 'https://phone.test' }) })
    const dialog = await screen.findByRole('dialog', { name: 'Phone' })
    await within(dialog).findByRole('img', { name: 'WalletConnect QR code' })
    expect(within(dialog).getByRole('link', { name: 'Open Phone' }).getAttribute('href')).toBe(`https://phone.test/wc?uri=${encodeURIComponent(walletConnect.uris[0]!)}`)
    await act(async () => walletConnect.reject('User rejected.'))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The connection did not go through: Connection declined')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'WalletConnect QR code' }).getAttribute('data-qr-value')).toBe(walletConnect.uris[1]))
    portico.client.destroy()
  })
})

describe('walletLink', () => {
  const wallet = listing('w', { mobile_link: 'phonewallet://', desktop_link: null, webapp_link: 'http://127.0.0.1:8791' })
  it('uses the deep link on touch devices and the web link elsewhere, with the URI encoded', () => {
    expect(walletLink(wallet, 'wc:a@2?x=1', true)).toBe('phonewallet://wc?uri=wc%3Aa%402%3Fx%3D1')
    expect(walletLink(wallet, 'wc:a@2?x=1', false)).toBe('http://127.0.0.1:8791/wc?uri=wc%3Aa%402%3Fx%3D1')
    expect(walletLink(listing('none'), 'wc:a', false)).toBeNull()
  })

  it('opens only what the URL gate lets through: the mobile link’s own scheme on touch devices, https elsewhere', () => {
    const hostile = [
      'javascript:alert(1)//',
      'JavaScript://',
      ' javascript:',
      'java\tscript:',
      'data:text/html,<script>alert(1)</script>#',
      'vbscript:',
      'blob:https://x.example/',
      'file:///',
      'http://evil.example',
    ]
    for (const link of hostile) {
      const wallet = listing('w', { mobile_link: link, desktop_link: link, webapp_link: link })
      expect(walletLink(wallet, 'wc:a', true), link).toBeNull()
      expect(walletLink(wallet, 'wc:a', false), link).toBeNull()
    }
    // A custom scheme is a mobile link only; a desktop link that is one gives way to the web app link.
    const custom = listing('w', { mobile_link: 'metamask://', desktop_link: 'metamask-desktop://', webapp_link: 'https://app.metamask.example' })
    expect(walletLink(custom, 'wc:a', true)).toBe('metamask://wc?uri=wc%3Aa')
    expect(walletLink(custom, 'wc:a', false)).toBe('https://app.metamask.example/wc?uri=wc%3Aa')
    expect(walletLink(listing('w', { mobile_link: null, desktop_link: 'metamask://', webapp_link: null }), 'wc:a', false)).toBeNull()
  })
})

describe('WalletConnect chain switching (SPEC.md §4)', () => {
  it('shows the §8 error as a notification when the session lacks the chain and the wallet_switchEthereumChain method', async () => {
    const walletConnect = fakeWalletConnect()
    const portico = createTestClient({ walletConnect })
    renderPortico(portico)
    await openModal(portico, { name: 'ConnectingWalletConnect', walletId: 'walletConnect', walletName: 'WalletConnect' })
    await screen.findByRole('img', { name: 'WalletConnect QR code' })
    // The fake wallet approves eip155:31337 only, with personal_sign only.
    await act(async () => walletConnect.approve(`eip155:31337:${ADDRESS}`))
    await screen.findByRole('dialog', { name: 'Account' })
    await act(async () => portico.client.navigate({ type: 'push', view: { name: 'SwitchNetwork', caipNetworkId: 'eip155:31338' } }))
    const dialog = await screen.findByRole('dialog', { name: 'Portico Local B' })
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      "Failed to switch to chain 'eip155:31338'. The chain is not approved or the wallet does not support 'wallet_switchEthereumChain' method",
    )
    expect((await portico.core.getState()).connections.eip155?.caipAddress).toBe(`eip155:31337:${ADDRESS}`)
    portico.client.destroy()
  })
})

describe('leaving ConnectingWalletConnect', () => {
  it('calls the pairing off: no tab stays connecting, the URI shown is gone for good and a new one is ready for the next attempt', async () => {
    const walletConnect = fakeWalletConnect()
    const portico = createTestClient({ walletConnect })
    renderPortico(portico)
    await openModal(portico, { name: 'ConnectingWalletConnect', walletId: 'walletConnect', walletName: 'WalletConnect' })
    const shown = (await screen.findByRole('img', { name: 'WalletConnect QR code' })).getAttribute('data-qr-value')
    await waitFor(async () => expect((await portico.core.getState()).connections.eip155?.status).toBe('connecting'))
    await act(async () => portico.client.close())
    await waitFor(async () => {
      const state = await portico.core.getState()
      expect(state.connections.eip155?.status).toBe('disconnected')
      expect(state.walletConnect).toMatchObject({ status: 'pairing', uri: walletConnect.uris[1] })
    })
    expect(walletConnect.uris).toHaveLength(2)
    expect(walletConnect.uris[1]).not.toBe(shown)
    // The next QR view shows the new one.
    await act(async () => portico.client.open({ name: 'ConnectingWalletConnect', walletId: 'walletConnect', walletName: 'WalletConnect' }))
    expect((await screen.findByRole('img', { name: 'WalletConnect QR code' })).getAttribute('data-qr-value')).toBe(walletConnect.uris[1])
    portico.client.destroy()
  })
})

describe('ConnectingWalletConnectBasic (basic mode)', () => {
  it('opens on the QR code with the recommended wallets below; a wallet leads to its own WalletConnect view', async () => {
    const walletConnect = fakeWalletConnect()
    const portico = createTestClient({
      walletConnect,
      config: testConfig({ basic: true, catalogueUrl: CATALOGUE_URL }),
      remotes: { wallets: [listing('rainbow', { name: 'Rainbow', webapp_link: 'https://rainbow.test' })] },
    })
    renderPortico(portico)
    await openModal(portico)
    const dialog = await screen.findByRole('dialog', { name: 'WalletConnect' })
    expect((await within(dialog).findByRole('img', { name: 'WalletConnect QR code' })).getAttribute('data-qr-value')).toBe(walletConnect.uris[0])
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Rainbow' }))
    const rainbow = await screen.findByRole('dialog', { name: 'Rainbow' })
    expect(within(rainbow).getByRole('link', { name: 'Open Rainbow' }).getAttribute('href')).toBe(`https://rainbow.test/wc?uri=${encodeURIComponent(walletConnect.uris[0]!)}`)
    portico.client.destroy()
  })
})
