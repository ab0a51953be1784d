import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import axe from 'axe-core'
import type { CaipAddress, NativeBalanceState } from '@portico/shared-types'
import { LOCALES, type Locale } from '@portico/shared-types'
import { emptyNativeBalance } from '@portico/shared-types/light'
import { WalletUnavailableError } from '@portico/shared-types/errors'
import { intlLocale } from '../../../i18n/labels.ts'
import { loadModal } from '../../load.ts'
import { ADDRESS, createTestClient, openModal, renderPortico, testConfig, type TestPortico } from '../../../../test/harness.tsx'

const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const THIRD = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const FIRST = { caipAddress: `eip155:31337:${ADDRESS}` as CaipAddress, connectorId: 'dev.test.first', connectorName: 'First Wallet' }
const SECOND = { caipAddress: `eip155:31338:${OTHER}` as CaipAddress, connectorId: 'dev.test.second', connectorName: 'Second Wallet' }
const PHONE = { caipAddress: `eip155:31337:${THIRD}` as CaipAddress, connectorId: 'dev.test.phone', connectorName: 'Phone Wallet' }

afterEach(() => vi.restoreAllMocks())

/** The native balances the core answers, by account: 1.5 ETH, 20.126 BEE, and none for the third. */
function balances(portico: TestPortico) {
  const answer = (caipAddress: CaipAddress, formatted: string | null, symbol: string): NativeBalanceState => ({
    ...emptyNativeBalance,
    caipAddress,
    status: formatted === null ? 'error' : 'success',
    formatted,
    symbol,
    value: formatted === null ? null : '1',
    decimals: 18,
    updatedAt: Date.now(),
  })
  return vi
    .spyOn(portico.core, 'getNativeBalance')
    .mockImplementation(async ({ caipAddress }) =>
      caipAddress === FIRST.caipAddress ? answer(caipAddress, '1.5', 'ETH') : caipAddress === SECOND.caipAddress ? answer(caipAddress, '20.126', 'BEE') : answer(caipAddress, null, 'ETH'),
    )
}

/** Three wallets connected at once, the phone wallet (connected last) in use, the modal open on Wallets. */
async function threeWallets({ locale, themeMode, multiWallet }: { locale?: Locale; themeMode?: 'light' | 'dark'; multiWallet?: boolean } = {}) {
  const portico = createTestClient({ config: testConfig({ ...(locale ? { locale } : {}), ...(themeMode ? { themeMode } : {}), ...(multiWallet === undefined ? {} : { multiWallet }) }) })
  const getNativeBalance = balances(portico)
  await loadModal()
  renderPortico(portico)
  await act(async () => {
    await portico.client.start()
    await portico.core.setConnected({ ...FIRST, connectAnswer: true })
    await portico.core.setConnected({ ...SECOND, select: true })
    await portico.core.setConnected({ ...PHONE, select: true })
  })
  await openModal(portico, { name: 'Account' })
  await act(async () => portico.client.navigate({ type: 'push', view: { name: 'Wallets' } }))
  const view = await screen.findByTestId('wallets-view')
  await waitFor(() => expect(within(view).getAllByTestId('wallet-row')).toHaveLength(3))
  return { portico, view, getNativeBalance }
}

describe('WalletsView', () => {
  it('lists every connected wallet with its account, network and balance, the one in use first and marked', async () => {
    const { portico, view, getNativeBalance } = await threeWallets()
    expect(screen.getByRole('dialog', { name: 'Wallets' })).toBeTruthy()
    const rows = within(view).getAllByTestId('wallet-row')
    expect(rows.map((r) => [r.dataset.walletId, r.dataset.active])).toEqual([
      ['dev.test.phone|eip155', 'true'],
      ['dev.test.second|eip155', 'false'],
      ['dev.test.first|eip155', 'false'],
    ])
    const inUse = within(rows[0]!).getByTestId('wallet-switch')
    expect(inUse.getAttribute('aria-current')).toBe('true')
    expect(inUse.textContent).toContain('Phone Wallet')
    expect(inUse.textContent).toContain('In use')
    expect(inUse.textContent).toContain('0x90F7…b906 · Portico Local')
    expect(within(rows[1]!).getByTestId('wallet-switch').getAttribute('aria-current')).toBeNull()
    expect(within(rows[1]!).getByTestId('wallet-switch').textContent).not.toContain('In use')
    expect(rows[1]!.textContent).toContain('0x3C44…93BC · Portico Local B')
    // Each account's native balance, as the core reads it, with two decimals; none where the chain gave none.
    await waitFor(() => expect(within(rows[1]!).getByTestId('wallet-balance').textContent).toBe('20.13 BEE'))
    await waitFor(() => expect(within(rows[2]!).getByTestId('wallet-balance').textContent).toBe('1.50 ETH'))
    expect(within(rows[0]!).queryByTestId('wallet-balance')).toBeNull()
    expect(getNativeBalance).toHaveBeenCalledWith({ caipAddress: SECOND.caipAddress })
    // No picture from the page's connectors: the generic wallet glyph.
    expect(rows[2]!.querySelector('.portico-method-icon svg')).not.toBeNull()
    portico.client.destroy()
  })

  it('switches to another wallet on a click, saying so while it is pending', async () => {
    const { portico, view } = await threeWallets()
    let finish!: () => void
    const switchConnection = vi.spyOn(portico.client, 'switchConnection').mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)))
    const second = within(view).getAllByTestId('wallet-row')[1]!
    await act(async () => fireEvent.click(within(second).getByTestId('wallet-switch')))
    expect(switchConnection).toHaveBeenCalledWith('dev.test.second|eip155')
    expect(within(second).getByTestId('wallet-switch').getAttribute('aria-busy')).toBe('true')
    expect(within(view).getByRole('status').textContent).toBe('Switching to Second Wallet…')
    await act(async () => finish())
    expect(within(view).getByRole('status').textContent).toBe('Now using Second Wallet')
    expect(within(view).queryByRole('alert')).toBeNull()
    portico.client.destroy()
  })

  it('says why when the switch fails', async () => {
    const { portico, view } = await threeWallets()
    vi.spyOn(portico.client, 'switchConnection').mockRejectedValue(new WalletUnavailableError())
    await act(async () => fireEvent.click(within(within(view).getAllByTestId('wallet-row')[2]!).getByTestId('wallet-switch')))
    expect((await within(view).findByRole('alert')).textContent).toBe(new WalletUnavailableError().message)
    portico.client.destroy()
  })

  it('disconnects only the wallet of the row, whose button names it', async () => {
    const { portico, view } = await threeWallets()
    const disconnect = vi.spyOn(portico.client, 'disconnect')
    const first = within(view).getAllByTestId('wallet-row')[2]!
    const button = within(first).getByRole('button', { name: 'Disconnect First Wallet' })
    expect(button.dataset.testid).toBe('wallet-disconnect')
    await act(async () => fireEvent.click(button))
    expect(disconnect).toHaveBeenCalledWith('dev.test.first|eip155')
    await waitFor(() =>
      expect(
        within(view)
          .getAllByTestId('wallet-row')
          .map((r) => r.dataset.walletId),
      ).toEqual(['dev.test.phone|eip155', 'dev.test.second|eip155']),
    )
    await waitFor(() => expect(within(view).getByRole('status').textContent).toBe('First Wallet disconnected'))
    expect(document.activeElement?.textContent).toBe('Choose the wallet this app uses. The others stay connected.')
    portico.client.destroy()
  })

  it('says so when a disconnect fails', async () => {
    const { portico, view } = await threeWallets()
    vi.spyOn(portico.client, 'disconnect').mockRejectedValue(new TypeError('wallet gone'))
    await act(async () => fireEvent.click(within(view).getByRole('button', { name: 'Disconnect Second Wallet' })))
    expect((await within(view).findByRole('alert')).textContent).toBe('Failed to disconnect')
    portico.client.destroy()
  })

  it('adds a wallet through Connect, and Back returns to the list', async () => {
    const { portico, view } = await threeWallets()
    await act(async () => fireEvent.click(within(view).getByTestId('add-wallet')))
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })))
    expect(await screen.findByTestId('wallets-view')).toBeTruthy()
    portico.client.destroy()
  })

  it('makes every action a button reached by Tab, in the order of the rows', async () => {
    const { portico, view } = await threeWallets()
    const buttons = within(view).getAllByRole('button')
    expect(buttons.map((b) => b.dataset.testid)).toEqual(['wallet-switch', 'wallet-disconnect', 'wallet-switch', 'wallet-disconnect', 'wallet-switch', 'wallet-disconnect', 'add-wallet'])
    expect(buttons.every((b) => b.tagName === 'BUTTON' && b.getAttribute('tabindex') === null)).toBe(true)
    portico.client.destroy()
  })

  // Names, roles and structure in every language and both themes (colour contrast is the end-to-end walk's: it needs a browser's layout).
  for (const themeMode of ['light', 'dark'] as const) {
    it(`has no axe-core violation in any of the twelve languages (${themeMode} theme)`, { timeout: 60_000 }, async () => {
      for (const locale of LOCALES) {
        const { portico, view } = await threeWallets({ locale, themeMode })
        const root = view.closest('.portico-root')!
        expect([root.getAttribute('lang'), root.getAttribute('data-theme')]).toEqual([intlLocale(locale), themeMode])
        const { violations } = await axe.run(view.closest('[role="dialog"]')!, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          rules: { 'color-contrast': { enabled: false } },
        })
        expect(
          violations.map((v) => v.id),
          `${locale} (${themeMode})`,
        ).toEqual([])
        portico.client.destroy()
        cleanup()
      }
    })
  }
})
