import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { connectInCore, createTestClient, renderPortico, testConfig } from '../../test/harness.tsx'
import { AccountButton } from './AccountButton.tsx'
import { ConnectButton } from './ConnectButton.tsx'
import { ACCOUNT_HINT_KEY } from '../client/accountHint.ts'
import { NetworkButton } from './NetworkButton.tsx'

const balances = { balances: [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 30378, price: 3000, quantity: { decimals: '18', numeric: '10126.126' }, iconUrl: 'http://x/eth.svg' }] }

describe('AccountButton', () => {
  it('shows nothing while disconnected', async () => {
    const portico = createTestClient()
    renderPortico(portico, <AccountButton />)
    await act(() => portico.client.start())
    expect(screen.queryByRole('button')).toBeNull()
    portico.client.destroy()
  })

  it.each([
    ['en', '10,126.13 ETH'],
    ['de', '10.126,13 ETH'],
  ] as const)('shows the balance (%s) and the short address, and opens the account', async (locale, amount) => {
    const portico = createTestClient({ config: testConfig({ locale }), remotes: { balances } })
    renderPortico(portico, <AccountButton />)
    await connectInCore(portico)
    await act(() => portico.core.refreshBalances())
    const button = await screen.findByRole('button', { name: `${amount} 0x7099…79C8` })
    await userEvent.click(button)
    await screen.findByRole('dialog', { name: locale === 'en' ? 'Account' : 'Konto' })
    portico.client.destroy()
  })
})

describe('AccountButton, several wallets at once', () => {
  const others = [
    { caipAddress: 'eip155:31337:0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', connectorId: 'dev.test.second', connectorName: 'Second Wallet', select: true },
    { caipAddress: 'eip155:31337:0x90F79bf6EB2c4f870365E785982E1f101E93b906', connectorId: 'dev.test.third', connectorName: 'Third Wallet', select: true },
  ] as const

  it.each([
    ['en', '3 wallets connected'],
    ['ru', '3 кошелька подключено'],
  ] as const)('counts the other connected wallets ("+2") and names them all (%s)', async (locale, label) => {
    const portico = createTestClient({ config: testConfig({ locale }) })
    renderPortico(portico, <AccountButton balance="hide" />)
    await connectInCore(portico, { connectorId: 'dev.test.first' })
    expect((await screen.findByRole('button')).textContent).toBe('0x7099…79C8')
    await act(async () => {
      for (const wallet of others) await portico.core.setConnected(wallet)
    })
    const button = await screen.findByRole('button', { name: `0x90F7…b906 ${label}` })
    expect(button.textContent).toBe('0x90F7…b906+2')
    portico.client.destroy()
  })

  it('shows no count with multiWallet off', async () => {
    const portico = createTestClient({ config: testConfig({ multiWallet: false }) })
    renderPortico(portico, <AccountButton balance="hide" />)
    await connectInCore(portico, { connectorId: 'dev.test.first' })
    await act(async () => {
      for (const wallet of others) await portico.core.setConnected(wallet)
    })
    await screen.findByRole('button', { name: '0x90F7…b906' })
    expect(screen.getByRole('button').textContent).toBe('0x90F7…b906')
    portico.client.destroy()
  })
})

describe('the account stored for the first paint', () => {
  it('is written when the core pushes the account and its balance, shown before the core answers, and cleared on disconnect', async () => {
    const first = createTestClient({ remotes: { balances } })
    const firstPage = renderPortico(first, <AccountButton />)
    await connectInCore(first)
    await act(() => first.core.refreshBalances())
    await screen.findByRole('button', { name: '10,126.13 ETH 0x7099…79C8' })
    expect(JSON.parse(localStorage.getItem(ACCOUNT_HINT_KEY)!)).toEqual({ a: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', n: '10126.126', s: 'ETH' })
    firstPage.unmount()
    first.client.destroy()

    // A new page: its first render, with no core yet, shows the stored account in both buttons.
    const next = createTestClient()
    const nextPage = renderPortico(
      next,
      <>
        <ConnectButton />
        <AccountButton />
      </>,
    )
    expect(next.client.getSnapshot().core).toBeNull()
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['0x7099…79C8', '10,126.13 ETH0x7099…79C8'])
    nextPage.unmount()
    next.client.destroy()

    const again = createTestClient({ remotes: { balances } })
    renderPortico(again, <ConnectButton />)
    await connectInCore(again)
    await act(() => again.client.disconnect())
    await screen.findByRole('button', { name: 'Connect Wallet' })
    expect(localStorage.getItem(ACCOUNT_HINT_KEY)).toBeNull()
    again.client.destroy()
  })

  it('hydrates a page rendered on the server (which had no stored account) without a mismatch, then shows the stored account', async () => {
    const { renderToString } = await import('react-dom/server')
    const { hydrateRoot } = await import('react-dom/client')
    const { PorticoProvider } = await import('../PorticoProvider.tsx')
    const server = createTestClient()
    const html = renderToString(
      <PorticoProvider client={server.client}>
        <ConnectButton />
      </PorticoProvider>,
    )
    server.client.destroy()
    expect(html).toContain('Connect Wallet')
    localStorage.setItem(ACCOUNT_HINT_KEY, JSON.stringify({ a: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }))
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.appendChild(container)
    const errors: unknown[] = []
    const client = createTestClient()
    const root = await act(async () =>
      hydrateRoot(
        container,
        <PorticoProvider client={client.client}>
          <ConnectButton />
        </PorticoProvider>,
        { onRecoverableError: (error) => errors.push(error) },
      ),
    )
    expect(errors).toEqual([])
    expect(container.querySelector('button')?.textContent).toBe('0x7099…79C8')
    act(() => root.unmount())
    container.remove()
    client.client.destroy()
    localStorage.removeItem(ACCOUNT_HINT_KEY)
  })

  it.each([
    ['not JSON', '{'],
    ['markup as the address', JSON.stringify({ a: '<img src=x onerror=alert(1)>' })],
    ['no address', JSON.stringify({ n: '1', s: 'ETH' })],
    ['an array', '[]'],
  ])('is ignored when malformed (%s)', (_, raw) => {
    localStorage.setItem(ACCOUNT_HINT_KEY, raw)
    const portico = createTestClient()
    renderPortico(
      portico,
      <>
        <ConnectButton />
        <AccountButton />
      </>,
    )
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Connect Wallet'])
    portico.client.destroy()
  })

  it('shows no balance from a record whose amount is not a plain decimal', () => {
    localStorage.setItem(ACCOUNT_HINT_KEY, JSON.stringify({ a: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', n: '1e400', s: 'ETH' }))
    const portico = createTestClient()
    renderPortico(portico, <AccountButton />)
    expect(screen.getByRole('button').textContent).toBe('0x7099…79C8')
    portico.client.destroy()
  })
})

describe('NetworkButton', () => {
  it('names the active network and opens the network list', async () => {
    const portico = createTestClient()
    renderPortico(portico, <NetworkButton />)
    await userEvent.click(screen.getByRole('button', { name: 'Portico Local' }))
    await screen.findByRole('dialog', { name: 'Choose network' })
    portico.client.destroy()
  })

  it.each([
    ['en', 'Select network'],
    ['de', 'Netzwerk wählen'],
  ] as const)('asks to select a network (%s) when the wallet is on one the dapp does not list', async (locale, label) => {
    const portico = createTestClient({ config: testConfig({ locale, allowUnsupportedChain: true }) })
    renderPortico(portico, <NetworkButton />)
    await connectInCore(portico, { chain: 'eip155:999', connectorId: 'x' })
    await screen.findByRole('button', { name: label })
    portico.client.destroy()
  })

  it('is disabled when network switching is', () => {
    const portico = createTestClient({ config: testConfig({ enableNetworkSwitch: false }) })
    renderPortico(portico, <NetworkButton />)
    expect(screen.getByRole('button', { name: 'Portico Local' }).hasAttribute('disabled')).toBe(true)
    portico.client.destroy()
  })
})
