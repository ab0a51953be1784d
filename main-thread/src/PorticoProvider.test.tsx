import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createInPageCore } from '@portico/worker-core/in-page'
import { ConnectButton, PorticoProvider, createClient } from './index.ts'
import type { SpawnedCore } from './client/spawnCore.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  chainNamespace: 'eip155' as const,
  name: 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const config = { projectId: 'p', networks: [network], metadata: { name: 'Test', url: 'http://localhost' }, apiUrl: 'http://api.test' }

/** An EIP-6963 wallet on the page whose approval the test controls. */
function announceWallet(approve: () => Promise<boolean>) {
  let authorised = false
  const provider = {
    request: vi.fn(async ({ method }: { method: string }) => {
      if (method === 'eth_requestAccounts') {
        if (!(await approve())) throw { code: 4001, message: 'User rejected the request.' }
        authorised = true
        return [ADDRESS]
      }
      if (method === 'eth_accounts') return authorised ? [ADDRESS] : []
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'wallet_revokePermissions') {
        authorised = false
        return null
      }
      throw { code: 4200, message: 'Unsupported' }
    }),
    on: vi.fn(),
    removeListener: vi.fn(),
  }
  const info = { uuid: 'u-1', name: 'Test Wallet', rdns: 'dev.test.wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>' }
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return { provider, cleanup: () => window.removeEventListener('eip6963:requestProvider', announce) }
}

function inPage(fetchImpl: typeof fetch): () => SpawnedCore {
  return () => {
    const core = createInPageCore({ dbName: `t-${Math.random()}` })
    // The in-page core needs the test's fetch: patch the global for this core.
    vi.stubGlobal('fetch', fetchImpl)
    return { api: core as unknown as SpawnedCore['api'], kind: 'dedicated', close: () => core.dispose() }
  }
}

const balances = {
  balances: [
    { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 30000, price: 3000, quantity: { decimals: '18', numeric: '10.126' }, iconUrl: 'http://x/eth.svg' },
    { name: 'Portico USD', symbol: 'PUSD', chainId: 'eip155:31337', address: `eip155:31337:${ADDRESS}`, value: 1500.5, price: 1, quantity: { decimals: '6', numeric: '1500.5' }, iconUrl: 'http://x/p.svg' },
  ],
}

afterEach(() => vi.unstubAllGlobals())

describe('PorticoProvider', () => {
  it('connects a wallet discovered through EIP-6963 and shows the account', async () => {
    const user = userEvent.setup()
    const wallet = announceWallet(async () => true)
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(balances)))
    const client = createClient({ config, spawn: inPage(fetchMock) })
    render(
      <PorticoProvider config={config} client={client}>
        <ConnectButton />
      </PorticoProvider>,
    )
    expect(fetchMock).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    await user.click(await within(dialog).findByRole('button', { name: /Test Wallet/ }))
    const account = await screen.findByRole('dialog', { name: 'Account' })
    expect(within(account).getByText('0x7099…79C8')).toBeTruthy()
    await waitFor(() => expect(within(account).getByTestId('account-balance').textContent).toBe('10.13 ETH'))
    expect(within(account).getByText('1,500.5 PUSD')).toBeTruthy()
    expect(within(account).getByText('$1,500.50')).toBeTruthy()
    // The core also asks for identity, supported chains and the native balance; the portfolio is one call.
    const balanceCalls = fetchMock.mock.calls.map((c) => String((c as unknown[])[0])).filter((u) => u.includes('/balance'))
    expect(balanceCalls).toHaveLength(1)
    expect(balanceCalls[0]).toContain(`/v1/account/${ADDRESS}/balance`)

    await user.click(within(account).getByRole('button', { name: /Disconnect/ }))
    await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(screen.getByRole('button', { name: 'Connect Wallet', hidden: true })).toBeTruthy()
    wallet.cleanup()
    client.destroy()
  })

  it('says the connection was declined and offers another try', async () => {
    const user = userEvent.setup()
    let answer = false
    const wallet = announceWallet(async () => answer)
    const client = createClient({ config, spawn: inPage(vi.fn(async () => new Response(JSON.stringify(balances)))) })
    render(<PorticoProvider config={config} client={client}><ConnectButton /></PorticoProvider>)
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    await user.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    expect((await screen.findByRole('alert')).textContent).toBe('Connection declined')
    answer = true
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('dialog', { name: 'Account' })
    wallet.cleanup()
    client.destroy()
  })

  it('closes with Escape and gives focus back to the button', async () => {
    const user = userEvent.setup()
    const client = createClient({ config, spawn: inPage(vi.fn()) })
    render(<PorticoProvider config={config} client={client}><ConnectButton /></PorticoProvider>)
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    await user.click(button)
    await screen.findByRole('dialog', { name: 'Connect Wallet' })
    await act(async () => {
      await user.keyboard('{Escape}')
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(button)
    client.destroy()
  })

  it('speaks the configured language', async () => {
    const user = userEvent.setup()
    const client = createClient({ config: { ...config, locale: 'de' }, spawn: inPage(vi.fn()) })
    render(<PorticoProvider config={config} client={client}><ConnectButton /></PorticoProvider>)
    await user.click(screen.getByRole('button', { name: 'Wallet verbinden' }))
    const dialog = await screen.findByRole('dialog', { name: 'Wallet verbinden' })
    expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeTruthy()
    client.destroy()
  })
})
