import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConnectButton } from './index.ts'
import { ADDRESS, announceWallet, createTestClient, renderPortico, testConfig } from '../test/harness.tsx'

const answering = (body: unknown) => vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body)))

const balances = {
  balances: [
    { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 30000, price: 3000, quantity: { decimals: '18', numeric: '10.126' }, iconUrl: 'http://x/eth.svg' },
    {
      name: 'Portico USD',
      symbol: 'PUSD',
      chainId: 'eip155:31337',
      address: `eip155:31337:${ADDRESS}`,
      value: 1500.5,
      price: 1,
      quantity: { decimals: '6', numeric: '1500.5' },
      iconUrl: 'http://x/p.svg',
    },
  ],
}

function renderWithButton<T extends Parameters<typeof renderPortico>[0]>(portico: T): T {
  renderPortico(portico, <ConnectButton />)
  return portico
}

describe('PorticoProvider', () => {
  it('connects a wallet discovered through EIP-6963 and shows the account', async () => {
    const user = userEvent.setup()
    const wallet = announceWallet()
    const fetchMock = answering(balances)
    const { client } = renderWithButton(createTestClient({ fetch: fetchMock }))
    expect(fetchMock).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    await user.click(await within(dialog).findByRole('button', { name: /Test Wallet/ }))
    const account = await screen.findByRole('dialog', { name: 'Account' })
    // Account is a view of its own chunk: it shows once its code is there (fetched while connecting).
    await within(account).findByText('0x7099…79C8')
    await waitFor(() => expect(within(account).getByTestId('account-balance').textContent).toBe('10.13 ETH'))
    within(account).getByText('1,500.5 PUSD')
    within(account).getByText('$1,500.50')
    // The core also asks for identity, supported chains and the native balance; the portfolio is one call.
    const balanceCalls = fetchMock.mock.calls.map((c) => String((c as unknown[])[0])).filter((u) => u.includes('/balance'))
    expect(balanceCalls).toHaveLength(1)
    expect(balanceCalls[0]).toContain(`/v1/account/${ADDRESS}/balance`)

    await user.click(within(account).getByRole('button', { name: /Disconnect/ }))
    await screen.findByRole('dialog', { name: 'Connect Wallet' })
    screen.getByRole('button', { name: 'Connect Wallet', hidden: true })
    wallet.cleanup()
    client.destroy()
  })

  it('says the connection was declined and offers another try', async () => {
    const user = userEvent.setup()
    let answer = false
    const wallet = announceWallet({ approve: async () => answer })
    const { client } = renderWithButton(createTestClient({ fetch: answering(balances) }))
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
    const { client } = renderWithButton(createTestClient({ fetch: vi.fn<typeof fetch>() }))
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
    const { client } = renderWithButton(createTestClient({ config: testConfig({ locale: 'de' }), fetch: vi.fn<typeof fetch>() }))
    await user.click(screen.getByRole('button', { name: 'Wallet verbinden' }))
    const dialog = await screen.findByRole('dialog', { name: 'Wallet verbinden' })
    within(dialog).getByRole('button', { name: 'Schließen' })
    client.destroy()
  })
})
