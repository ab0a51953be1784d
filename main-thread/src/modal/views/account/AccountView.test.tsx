import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadModal } from '../../load.ts'
import { AUTH_CONNECTOR_ID } from '@portico/shared-types/connectors'
import { isAuthConnector } from '../../../connectors/embedded/types.ts'
import { ADDRESS, connectInCore, createTestClient, openModal, renderPortico, testConfig } from '../../../../test/harness.tsx'

const balances = { balances: [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 30000, price: 3000, quantity: { decimals: '18', numeric: '10.126' }, iconUrl: 'http://x/eth.svg' }] }

afterEach(() => vi.restoreAllMocks())

describe('AccountView', () => {
  it('rendered ahead while closed, it counts the age of what it shows to the moment it opens', async () => {
    const portico = createTestClient({ remotes: { balances } })
    await loadModal()
    renderPortico(portico)
    await connectInCore(portico, { connectorId: 'x' })
    await openModal(portico, { name: 'Account' })
    const seen = await screen.findByRole('dialog', { name: 'Account' })
    await waitFor(() => expect(within(seen).getByTestId('account-balance').textContent).toBe('10.13 ETH'))
    act(() => portico.client.close())
    await act(async () => {
      await portico.core.setOnline(false)
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.querySelector('.portico-modal')).not.toBeNull()
    const later = Date.now() + 2 * 60_000 + 5_000
    vi.spyOn(Date, 'now').mockReturnValue(later)
    await openModal(portico, { name: 'Account' })
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    expect(within(dialog).getByRole('status').textContent).toMatch(/Offline\s+Updated 2 mins ago/)
    portico.client.destroy()
  })

  it('shows the identity avatar, and the generated one when it cannot load (offline)', async () => {
    const portico = createTestClient({ remotes: { identity: { name: 'alice.portico.id', avatar: 'https://avatars.test/alice.png' } } })
    renderPortico(portico)
    await connectInCore(portico, { connectorId: 'x' })
    await openModal(portico, { name: 'Account' })
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    await within(dialog).findByText('alice.portico.id')
    const picture = within(dialog).getByRole('img', { name: 'Account avatar' })
    expect(picture.tagName).toBe('IMG')
    await act(async () => fireEvent.error(picture))
    const generated = within(dialog).getByRole('img', { name: 'Account avatar' })
    expect(generated.tagName).toBe('SPAN')
    expect(generated.className).toMatch(/portico-tint-[0-4]/)
    portico.client.destroy()
  })

  it('shows the generated avatar when the identity has none', async () => {
    const portico = createTestClient()
    renderPortico(portico)
    await connectInCore(portico, { connectorId: 'x' })
    await openModal(portico, { name: 'Account' })
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    expect(within(dialog).getByRole('img', { name: 'Account avatar' }).tagName).toBe('SPAN')
    portico.client.destroy()
  })

  it('lists the native token first in Tokens, with its value and 24 h change, for an account holding only ETH', async () => {
    const fresh = { balances: [{ ...balances.balances[0]!, quantity: { decimals: '18', numeric: '10' }, priceChange24h: 2.5 }] }
    const portico = createTestClient({ remotes: { balances: fresh } })
    renderPortico(portico)
    await connectInCore(portico, { connectorId: 'x' })
    await openModal(portico, { name: 'Account' })
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    const rows = await within(dialog).findAllByTestId('account-token')
    expect(rows).toHaveLength(1)
    expect(rows[0]!.dataset.native).toBe('true')
    expect(rows[0]!.textContent).toContain('10 ETH')
    expect(rows[0]!.textContent).toContain('$30,000.00')
    expect(rows[0]!.textContent).toContain('+2.50%')
    expect(within(dialog).queryByText('No tokens yet')).toBeNull()
    portico.client.destroy()
  })

  it('lists the native token before the ERC-20s, and no change where the feed has none', async () => {
    const usdc = {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:31337',
      address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
      value: 5,
      price: 1,
      quantity: { decimals: '6', numeric: '5' },
      iconUrl: 'http://x/usdc.svg',
    }
    const portico = createTestClient({ remotes: { balances: { balances: [usdc, balances.balances[0]!] } } })
    renderPortico(portico)
    await connectInCore(portico, { connectorId: 'x' })
    await openModal(portico, { name: 'Account' })
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    await waitFor(() => expect(within(dialog).getAllByTestId('account-token')).toHaveLength(2))
    const rows = within(dialog).getAllByTestId('account-token')
    expect(rows.map((r) => r.querySelector('.portico-token-name')?.textContent)).toEqual(['Ether', 'USD Coin'])
    expect(rows[0]!.querySelector('.portico-token-change')).toBeNull()
    portico.client.destroy()
  })
})

describe('AccountView, an embedded-wallet user', () => {
  const SMART = '0x1111111111111111111111111111111111111111'

  async function embeddedUser() {
    const portico = createTestClient({ config: testConfig({ embeddedWalletUrl: 'https://frame.test' }) })
    await loadModal()
    renderPortico(portico)
    await act(async () => {
      await portico.client.start()
      await portico.core.setEmbeddedWallet({
        loginUsed: true,
        email: 'a@example.org',
        accounts: [
          { address: ADDRESS, type: 'eoa' },
          { address: SMART, type: 'smartAccount' },
        ],
        preferredAccountType: 'smartAccount',
        smartAccountDeployed: false,
      })
      await portico.core.setConnected({ caipAddress: `eip155:31337:${SMART}`, connectorId: AUTH_CONNECTOR_ID, connectorName: 'Email Wallet', connectorType: 'AUTH' })
    })
    await waitFor(() => expect(isAuthConnector(portico.client.getSnapshot().connectors.find((c) => c.id === AUTH_CONNECTOR_ID))).toBe(true))
    const connector = portico.client.getSnapshot().connectors.find((c) => c.id === AUTH_CONNECTOR_ID)
    if (!isAuthConnector(connector)) throw new TypeError('no embedded wallet connector')
    await openModal(portico, { name: 'Account' })
    return { portico, connector, dialog: await screen.findByRole('dialog', { name: 'Account' }) }
  }

  it('shows the smart account and whether it is deployed, and switches to the EOA through the connector', async () => {
    const { portico, connector, dialog } = await embeddedUser()
    await waitFor(() => expect(within(dialog).getByTestId('account-type').textContent).toBe('Smart account Not deployed yet'))
    const setAccountType = vi.spyOn(connector.embedded, 'setAccountType').mockResolvedValue('eoa')
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to EOA' })))
    expect(setAccountType).toHaveBeenCalledWith('eoa')
    portico.client.destroy()
  })

  it('says so when the switch fails (SPEC.md §4: the EOA stays)', async () => {
    const { portico, connector, dialog } = await embeddedUser()
    vi.spyOn(connector.embedded, 'setAccountType').mockRejectedValue(new TypeError('frame gone'))
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to EOA' })))
    expect(await screen.findByText('Could not switch the account type')).toBeTruthy()
    portico.client.destroy()
  })
})

describe('AccountView, several wallets at once', () => {
  const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

  async function account({ wallets, multiWallet }: { wallets: number; multiWallet?: boolean }) {
    const portico = createTestClient({ config: testConfig(multiWallet === undefined ? {} : { multiWallet }) })
    await loadModal()
    renderPortico(portico)
    await connectInCore(portico, { connectorId: 'dev.test.first', connectorName: 'First Wallet' })
    if (wallets > 1)
      await act(async () => {
        await portico.core.setConnected({ caipAddress: `eip155:31337:${OTHER}`, connectorId: 'dev.test.second', connectorName: 'Second Wallet', select: true })
      })
    await openModal(portico, { name: 'Account' })
    return { portico, dialog: await screen.findByRole('dialog', { name: 'Account' }) }
  }

  it('offers Add wallet, which opens Connect over Account (Back returns), and no Wallets entry for one wallet', async () => {
    const { portico, dialog } = await account({ wallets: 1 })
    expect(within(dialog).queryByTestId('wallets-count')).toBeNull()
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add wallet' })))
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })))
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
    portico.client.destroy()
  })

  it('with two wallets connected, shows the Wallets entry with their count, which opens the Wallets view', async () => {
    const { portico, dialog } = await account({ wallets: 2 })
    const entry = await within(dialog).findByTestId('wallets-count')
    expect(entry.textContent).toBe('Wallets · 2')
    await act(async () => fireEvent.click(entry))
    const wallets = await screen.findByRole('dialog', { name: 'Wallets' })
    await waitFor(() => expect(within(wallets).getAllByTestId('wallet-row')).toHaveLength(2))
    portico.client.destroy()
  })

  it('shows neither with multiWallet off', async () => {
    const { portico, dialog } = await account({ wallets: 1, multiWallet: false })
    expect(within(dialog).getByTestId('account-address')).toBeTruthy()
    expect(within(dialog).queryByTestId('add-wallet')).toBeNull()
    expect(within(dialog).queryByTestId('wallets-count')).toBeNull()
    portico.client.destroy()
  })
})
