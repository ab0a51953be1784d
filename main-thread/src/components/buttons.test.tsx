import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { connectInCore, createTestClient, renderPortico, testConfig } from '../testing/harness.tsx'
import { AccountButton } from './AccountButton.tsx'
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
    expect(await screen.findByRole('dialog', { name: locale === 'en' ? 'Account' : 'Konto' })).toBeTruthy()
    portico.client.destroy()
  })
})

describe('NetworkButton', () => {
  it('names the active network and opens the network list', async () => {
    const portico = createTestClient()
    renderPortico(portico, <NetworkButton />)
    await userEvent.click(screen.getByRole('button', { name: 'Portico Local' }))
    expect(await screen.findByRole('dialog', { name: 'Choose network' })).toBeTruthy()
    portico.client.destroy()
  })

  it.each([
    ['en', 'Select network'],
    ['de', 'Netzwerk wählen'],
  ] as const)('asks to select a network (%s) when the wallet is on one the dapp does not list', async (locale, label) => {
    const portico = createTestClient({ config: testConfig({ locale, allowUnsupportedChain: true }) })
    renderPortico(portico, <NetworkButton />)
    await connectInCore(portico, { chain: 'eip155:999', connectorId: 'x' })
    expect(await screen.findByRole('button', { name: label })).toBeTruthy()
    portico.client.destroy()
  })

  it('is disabled when network switching is', () => {
    const portico = createTestClient({ config: testConfig({ enableNetworkSwitch: false }) })
    renderPortico(portico, <NetworkButton />)
    expect(screen.getByRole('button', { name: 'Portico Local' }).hasAttribute('disabled')).toBe(true)
    portico.client.destroy()
  })
})
