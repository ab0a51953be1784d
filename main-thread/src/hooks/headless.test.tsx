import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { WalletButton } from '../components/WalletButton.tsx'
import { PorticoProvider } from '../PorticoProvider.tsx'
import { ADDRESS, announceWallet, catalogue, CATALOGUE_URL, createTestClient, fakeWalletConnect, listing, testConfig, type FakeWallet, type TestPortico } from '../../test/harness.tsx'
import { useActivity, useBalances } from './useAccountData.ts'
import { useConnect } from './useConnect.ts'
import { useEmailLogin, useSocialLogin } from './useEmbeddedLogin.ts'
import { useWallets, type PorticoWallet } from './useWallets.ts'

const wallets: FakeWallet[] = []
afterEach(() => {
  for (const wallet of wallets.splice(0)) wallet.cleanup()
})

const PHONE = listing('phone', { name: 'Phone Wallet', webapp_link: 'https://phone.example' })
const withCatalogue = (extra = {}) => testConfig({ catalogueUrl: CATALOGUE_URL, ...extra })

function hook<T>(portico: TestPortico, fn: () => T) {
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider client={portico.client}>{children}</PorticoProvider>
  return renderHook(fn, { wrapper })
}

describe('useWallets', () => {
  it('lists WalletConnect, the installed wallet, then the catalogue page by page, each wallet once, with name, icon, installed, recent and type', async () => {
    wallets.push(announceWallet({ name: 'Test Wallet', rdns: 'dev.test.wallet' }))
    // The catalogue lists the installed wallet too (same rdns): it is shown once, as installed.
    const listed = [listing('test', { name: 'Test Wallet', rdns: 'dev.test.wallet' }), PHONE, ...catalogue(60)]
    const portico = createTestClient({ config: withCatalogue(), remotes: { wallets: listed } })
    const { result } = hook(portico, () => useWallets())
    await waitFor(() => expect(result.current.status).toBe('success'))
    await waitFor(() => expect(result.current.wallets.length).toBeGreaterThan(40))
    const [walletConnect, installed] = result.current.wallets
    expect(walletConnect).toMatchObject({ id: 'walletConnect', name: 'WalletConnect', installed: false, connectorType: 'WALLET_CONNECT' })
    expect(installed).toMatchObject({ id: 'dev.test.wallet', name: 'Test Wallet', installed: true, recent: false, connectorType: 'ANNOUNCED', rdns: 'dev.test.wallet' })
    expect(installed?.icon).toMatch(/^data:image\/svg\+xml/)
    const phone = result.current.wallets.find((w) => w.id === 'phone')
    expect(phone).toMatchObject({ name: 'Phone Wallet', installed: false, connectorType: 'WALLET_CONNECT', listing: { webapp_link: 'https://phone.example' } })
    expect(phone?.icon).toContain(`${CATALOGUE_URL}/getWalletImage/img-phone`)
    expect(result.current.wallets.filter((w) => w.name === 'Test Wallet')).toHaveLength(1)
    // All Wallets' count: the catalogue's 62 less the 4 recommended, listed above it.
    expect(result.current.count).toBe(58)
    expect(result.current.hasNextPage).toBe(true)
    const before = result.current.wallets.length
    act(() => result.current.fetchNextPage())
    await waitFor(() => expect(result.current.wallets.length).toBeGreaterThan(before))
    expect(new Set(result.current.wallets.map((w) => w.id)).size).toBe(result.current.wallets.length)
    portico.client.destroy()
  })

  it('searches the catalogue through the core and filters the page’s wallets by the same text', async () => {
    wallets.push(announceWallet({ name: 'Test Wallet', rdns: 'dev.test.wallet' }))
    const portico = createTestClient({ config: withCatalogue(), remotes: { wallets: [PHONE, ...catalogue(30)] } })
    const { result } = hook(portico, () => useWallets({ search: 'phone' }))
    await waitFor(() => expect(result.current.wallets.map((w) => w.name)).toEqual(['Phone Wallet']))
    expect(result.current.hasNextPage).toBe(false)
    portico.client.destroy()
  })

  it('asks nothing while disabled', async () => {
    const portico = createTestClient({ config: withCatalogue(), remotes: { wallets: catalogue(5) } })
    const { result } = hook(portico, () => useWallets({ enabled: false }))
    expect(result.current.status).toBe('idle')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(portico.fetch).not.toHaveBeenCalled()
    expect(portico.client.getSnapshot().core).toBeNull()
    portico.client.destroy()
  })
})

describe('useConnect', () => {
  it('connects an installed wallet in the page, remembers it as recent, and useBalances shows the native token first', async () => {
    wallets.push(announceWallet({ name: 'Test Wallet', rdns: 'dev.test.wallet' }))
    const balances = {
      balances: [
        {
          name: 'USD Coin',
          symbol: 'USDC',
          chainId: 'eip155:31337',
          address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
          value: 5,
          price: 1,
          quantity: { decimals: '6', numeric: '5' },
          iconUrl: 'http://x/usdc.svg',
        },
        { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 30000, price: 3000, quantity: { decimals: '18', numeric: '10' }, iconUrl: 'http://x/eth.svg' },
      ],
    }
    const portico = createTestClient({ config: withCatalogue(), remotes: { balances } })
    const { result } = hook(portico, () => ({ wallets: useWallets(), connect: useConnect(), balances: useBalances() }))
    expect(result.current.balances.status).toBe('idle')
    await waitFor(() => expect(result.current.wallets.wallets.some((w) => w.installed)).toBe(true))
    const installed = result.current.wallets.wallets.find((w) => w.installed) as PorticoWallet
    await act(() => result.current.connect.connect(installed))
    expect(result.current.connect).toMatchObject({ status: 'connected', error: null, caipAddress: `eip155:31337:${ADDRESS}`, wallet: { id: 'dev.test.wallet' } })
    await waitFor(() => expect(result.current.balances.native?.symbol).toBe('ETH'))
    expect(result.current.balances.balances.map((b) => b.symbol)).toEqual(['ETH', 'USDC'])
    expect(result.current.balances.status).toBe('success')
    await waitFor(() => expect(result.current.wallets.wallets.find((w) => w.id === 'dev.test.wallet')?.recent).toBe(true))
    portico.client.destroy()
  })

  it('says a declined connection with the code "declined"', async () => {
    wallets.push(announceWallet({ approve: async () => false }))
    const portico = createTestClient()
    const { result } = hook(portico, () => ({ wallets: useWallets(), connect: useConnect() }))
    await waitFor(() => expect(result.current.wallets.wallets.some((w) => w.installed)).toBe(true))
    await act(() => result.current.connect.connect(result.current.wallets.wallets.find((w) => w.installed)!))
    expect(result.current.connect.status).toBe('failed')
    expect(result.current.connect.error).toEqual({ code: 'declined', message: 'Connection declined' })
    portico.client.destroy()
  })

  it('connects a catalogue wallet through WalletConnect: the pairing URI and the wallet’s link while pairing, then the account', async () => {
    const walletConnect = fakeWalletConnect()
    const portico = createTestClient({ config: withCatalogue(), remotes: { wallets: [PHONE] }, walletConnect })
    const { result } = hook(portico, () => ({ wallets: useWallets(), connect: useConnect() }))
    await waitFor(() => expect(result.current.wallets.wallets.some((w) => w.id === 'phone')).toBe(true))
    let done: Promise<void> | undefined
    act(() => {
      done = result.current.connect.connect(result.current.wallets.wallets.find((w) => w.id === 'phone')!)
    })
    await waitFor(() => expect(result.current.connect.status).toBe('pairing'))
    expect(result.current.connect.uri).toBe(walletConnect.uris[0])
    expect(result.current.connect.deepLink).toBe(`https://phone.example/wc?uri=${encodeURIComponent(walletConnect.uris[0]!)}`)
    await act(async () => {
      walletConnect.approve(`eip155:31337:${ADDRESS}`)
      await done
    })
    expect(result.current.connect).toMatchObject({ status: 'connected', uri: undefined, caipAddress: `eip155:31337:${ADDRESS}` })
    portico.client.destroy()
  })

  it('cancel calls the pairing off: the URI shown is gone for good (a new one is made ready in the core, not shown)', async () => {
    const walletConnect = fakeWalletConnect()
    const portico = createTestClient({ config: withCatalogue(), walletConnect })
    const { result } = hook(portico, () => useConnect())
    act(
      () =>
        void result.current.connect({
          id: 'walletConnect',
          name: 'WalletConnect',
          icon: undefined,
          installed: false,
          recent: false,
          connectorType: 'WALLET_CONNECT',
          rdns: undefined,
          listing: undefined,
        }),
    )
    await waitFor(() => expect(result.current.status).toBe('pairing'))
    expect(result.current.deepLink).toBeUndefined()
    const shown = result.current.uri
    expect(shown).toBe(walletConnect.uris[0])
    act(() => result.current.cancel())
    expect(result.current.status).toBe('idle')
    expect(result.current.uri).toBeUndefined()
    await waitFor(async () => expect((await portico.core.getState()).walletConnect).toMatchObject({ status: 'pairing', uri: walletConnect.uris[1] }))
    expect(walletConnect.uris[1]).not.toBe(shown)
    expect((await portico.core.getState()).connections.eip155?.status).not.toBe('connected')
    portico.client.destroy()
  })
})

describe('useActivity', () => {
  it('answers the connected account’s transactions from the core, and nothing while disconnected', async () => {
    wallets.push(announceWallet())
    const tx = (hash: string) => ({
      id: hash,
      metadata: {
        operationType: 'send',
        hash,
        minedAt: '2026-05-01T10:00:00Z',
        sentFrom: ADDRESS,
        sentTo: '0x000000000000000000000000000000000000dEaD',
        status: 'confirmed',
        nonce: 1,
        chain: 'eip155:31337',
      },
      transfers: [],
    })
    const portico = createTestClient({ remotes: { history: (cursor) => (cursor ? { data: [tx('0x2')], next: null } : { data: [tx('0x1')], next: 'c1' }) } })
    const { result } = hook(portico, () => ({ activity: useActivity(), connect: useConnect() }))
    expect(result.current.activity).toMatchObject({ status: 'idle', transactions: [], hasNextPage: false })
    await act(() =>
      result.current.connect.connect({
        id: 'dev.test.wallet',
        name: 'Test Wallet',
        icon: undefined,
        installed: true,
        recent: false,
        connectorType: 'ANNOUNCED',
        rdns: 'dev.test.wallet',
        listing: undefined,
      }),
    )
    await waitFor(() => expect(result.current.activity.transactions.map((t) => t.metadata.hash)).toEqual(['0x1']))
    expect(result.current.activity.hasNextPage).toBe(true)
    act(() => result.current.activity.fetchNextPage())
    await waitFor(() => expect(result.current.activity.transactions.map((t) => t.metadata.hash)).toEqual(['0x1', '0x2']))
    expect(result.current.activity.hasNextPage).toBe(false)
    portico.client.destroy()
  })
})

describe('useEmailLogin and useSocialLogin', () => {
  it('say "unavailable" when the dapp configured no embedded wallet', async () => {
    const portico = createTestClient()
    const { result } = hook(portico, () => ({ email: useEmailLogin(), social: useSocialLogin() }))
    await act(() => result.current.email.sendCode('visitor@example.org'))
    expect(result.current.email.status).toBe('idle')
    expect(result.current.email.error?.code).toBe('unavailable')
    act(() => result.current.social.login('farcaster'))
    await waitFor(() => expect(result.current.social.status).toBe('failed'))
    expect(result.current.social.error?.code).toBe('unavailable')
    portico.client.destroy()
  })

  it('refuses a code that is not six digits before asking the frame', async () => {
    const portico = createTestClient()
    const { result } = hook(portico, () => useEmailLogin())
    await act(() => result.current.verifyCode('12a'))
    expect(result.current.error).toEqual({ code: 'invalidCode', message: 'The code has 6 digits.' })
    portico.client.destroy()
  })
})

describe('WalletButton', () => {
  it('connects an installed wallet by its name in one click, saying so in its status', async () => {
    wallets.push(announceWallet({ name: 'Test Wallet', rdns: 'dev.test.wallet' }))
    const portico = createTestClient()
    render(
      <PorticoProvider client={portico.client}>
        <WalletButton wallet="Test Wallet" />
      </PorticoProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Test Wallet' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Connected to Test Wallet'))
    expect(screen.getByRole('button', { name: 'Test Wallet' }).getAttribute('data-status')).toBe('connected')
    expect(portico.client.getSnapshot().modal.open).toBe(false)
    expect((await portico.core.getState()).connections.eip155).toMatchObject({ status: 'connected', connectorId: 'dev.test.wallet' })
    portico.client.destroy()
  })

  it('opens the modal at the wallet’s QR code when it is not installed', async () => {
    const walletConnect = fakeWalletConnect()
    const portico = createTestClient({ config: withCatalogue(), remotes: { wallets: [PHONE] }, walletConnect })
    render(
      <PorticoProvider client={portico.client}>
        <WalletButton wallet="Phone Wallet" />
      </PorticoProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Phone Wallet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Phone Wallet' })
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'WalletConnect QR code' }).getAttribute('data-qr-value')).toBe(walletConnect.uris[0]))
    portico.client.destroy()
  })

  it('shows an error for a wallet it cannot find', async () => {
    const portico = createTestClient({ config: withCatalogue(), remotes: { wallets: [PHONE] } })
    render(
      <PorticoProvider client={portico.client}>
        <WalletButton wallet="Nowhere Wallet" />
      </PorticoProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Nowhere Wallet' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Nowhere Wallet is not available'))
    expect(portico.client.getSnapshot().modal.open).toBe(false)
    portico.client.destroy()
  })
})
