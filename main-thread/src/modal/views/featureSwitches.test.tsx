import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PorticoConfigInput } from '@portico/shared-types'
import { announceWallet, catalogue, CATALOGUE_URL, connectInCore, createTestClient, openModal, renderPortico, testConfig, type FakeWallet, type TestPortico } from '../../../test/harness.tsx'
import { LEGAL_CONSENT_KEY } from './connect/LegalCheckbox.tsx'

type Features = NonNullable<PorticoConfigInput['features']>

const wallets: FakeWallet[] = []
const clients: TestPortico[] = []
beforeEach(() => localStorage.removeItem(LEGAL_CONSENT_KEY))
afterEach(() => {
  for (const wallet of wallets.splice(0)) wallet.cleanup()
  for (const portico of clients.splice(0)) portico.client.destroy()
})

async function openConnect(features: Features = {}, extra: Partial<PorticoConfigInput> = {}) {
  wallets.push(announceWallet({ name: 'Page Wallet', rdns: 'dev.page.wallet' }))
  const portico = createTestClient({ config: testConfig({ catalogueUrl: CATALOGUE_URL, features, ...extra }), remotes: { wallets: catalogue(57) } })
  clients.push(portico)
  renderPortico(portico)
  await openModal(portico)
  const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
  await vi_waitFor(() => portico.client.getSnapshot().connectors.some((c) => c.name === 'Page Wallet'))
  return { portico, dialog }
}

async function openAccount(features: Features = {}) {
  const portico = createTestClient({ config: testConfig({ features }) })
  clients.push(portico)
  renderPortico(portico)
  await connectInCore(portico, { connectorId: 'x' })
  await openModal(portico, { name: 'Account' })
  return { portico, dialog: await screen.findByRole('dialog', { name: 'Account' }) }
}

/** Disabled by itself or by a disabled fieldset around it (what the browser does; happy-dom's `:disabled` ignores the fieldset). */
const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled || element.closest('fieldset[disabled]') !== null

const tileNames = (dialog: HTMLElement) => Array.from(dialog.querySelectorAll('.portico-feature span:not(.portico-feature-soon)')).map((e) => e.textContent)

describe('feature switches (SPEC.md §1)', () => {
  it('shows the tiles onramp, swaps, receive, send in that order by default', async () => {
    const { dialog } = await openAccount()
    // The tiles may come a moment after the view's title (a loaded machine): waited for, then checked.
    await vi_waitFor(() => tileNames(dialog).length === 4)
    expect(tileNames(dialog)).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
  })

  it.each([
    ['onramp', 'Buy'],
    ['swaps', 'Swap'],
    ['receive', 'Receive'],
    ['send', 'Send'],
  ] as const)('%s off hides its tile and keeps the order of the others', async (feature, label) => {
    const { dialog } = await openAccount({ [feature]: false })
    await vi_waitFor(() => tileNames(dialog).length === 3)
    const names = tileNames(dialog)
    expect(names).not.toContain(label)
    expect(names).toEqual(['Buy', 'Swap', 'Receive', 'Send'].filter((n) => n !== label))
  })

  it.each([
    ['send', 'Send'],
    ['receive', 'Receive'],
  ] as const)('%s off never shows its view, even when asked for by name', async (feature, title) => {
    const { portico } = await openAccount({ [feature]: false })
    await act(async () => portico.client.navigate({ type: 'push', view: { name: title } }))
    screen.getByRole('dialog', { name: 'Account' })
    expect(screen.queryByRole('dialog', { name: title })).toBeNull()
  })

  it('history off hides the Activity tab and asks the data API for no history', async () => {
    const { portico, dialog } = await openAccount({ history: false })
    expect(within(dialog).queryByRole('tab', { name: 'Activity' })).toBeNull()
    expect(within(dialog).getByRole('tab', { name: 'Tokens' }).getAttribute('aria-selected')).toBe('true')
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(portico.fetch.mock.calls.some(([input]) => String(input).includes('/history'))).toBe(false)
  })

  it('history on shows the Activity tab and loads the history', async () => {
    const { portico, dialog } = await openAccount()
    within(dialog).getByRole('tab', { name: 'Activity' })
    await vi_waitFor(() => portico.fetch.mock.calls.some(([input]) => String(input).includes('/history')))
  })

  it('allWallets off hides the All Wallets entry', async () => {
    const on = await openConnect()
    await within(on.dialog).findByRole('button', { name: /All Wallets/ })
    cleanup()
    const off = await openConnect({ allWallets: false })
    expect(within(off.dialog).queryByRole('button', { name: /All Wallets/ })).toBeNull()
  })

  it('email off hides the email row; socials [] hides the social row', async () => {
    const { dialog } = await openConnect({ email: false, socials: [] })
    expect(within(dialog).queryByText('Continue with email')).toBeNull()
    expect(within(dialog).queryByText('Continue with a social account')).toBeNull()
    within(dialog).getByRole('list', { name: 'Wallets' })
  })

  it('emailShowWallets off puts the wallets behind "Continue with a wallet" on the first view', async () => {
    const { dialog } = await openConnect({ emailShowWallets: false })
    within(dialog).getByText('Continue with email')
    expect(within(dialog).queryByRole('list', { name: 'Wallets' })).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue with a wallet' }))
    const list = within(dialog).getByRole('list', { name: 'Wallets' })
    within(list).getByRole('button', { name: /Page Wallet/ })
  })

  it('emailShowWallets off changes nothing when email is off', async () => {
    const { dialog } = await openConnect({ email: false, emailShowWallets: false })
    within(dialog).getByRole('list', { name: 'Wallets' })
    expect(within(dialog).queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
  })

  it('collapseWallets collapses the wallet list the same way', async () => {
    const { dialog } = await openConnect({ collapseWallets: true, email: false })
    expect(within(dialog).queryByRole('list', { name: 'Wallets' })).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue with a wallet' }))
    within(dialog).getByRole('list', { name: 'Wallets' })
  })

  it('legalCheckbox off shows no checkbox', async () => {
    const { dialog } = await openConnect()
    expect(within(dialog).queryByRole('checkbox')).toBeNull()
  })

  it('legalCheckbox gates every connection method until ticked, links the configured pages, and remembers the tick', async () => {
    const { portico, dialog } = await openConnect({ legalCheckbox: true }, { termsConditionsUrl: 'https://dapp.test/terms', privacyPolicyUrl: 'https://dapp.test/privacy' })
    const box = within(dialog).getByRole('checkbox')
    expect(box.closest('.portico-legal')?.textContent).toBe('I agree to the Terms of Service and the Privacy Policy.')
    expect(document.querySelector(`label[for="${box.id}"]`)).not.toBeNull()
    expect(within(dialog).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('https://dapp.test/terms')
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('https://dapp.test/privacy')
    const methods = within(dialog).getByRole('group', { name: 'Connection methods' })
    const buttons = within(methods).getAllByRole('button')
    // WalletConnect, the installed wallet, the recommended ones and All Wallets: all of them.
    expect(buttons.length).toBeGreaterThanOrEqual(3)
    for (const button of buttons) expect(disabled(button)).toBe(true)
    await userEvent.click(within(dialog).getByRole('button', { name: /Page Wallet/ }))
    expect(portico.client.getSnapshot().attempt).toBeNull()

    await userEvent.click(box)
    for (const button of within(methods).getAllByRole('button')) expect(disabled(button)).toBe(false)
    expect(localStorage.getItem(LEGAL_CONSENT_KEY)).toBe('1')

    cleanup()
    const again = await openConnect({ legalCheckbox: true })
    expect((within(again.dialog).getByRole('checkbox') as HTMLInputElement).checked).toBe(true)
    for (const button of within(again.dialog).getAllByRole('button', { name: /Page Wallet|WalletConnect/ })) expect(disabled(button)).toBe(false)
  })

  it('legalCheckbox gates the "Continue with a wallet" row too', async () => {
    const { dialog } = await openConnect({ legalCheckbox: true, collapseWallets: true })
    expect(disabled(within(dialog).getByRole('button', { name: 'Continue with a wallet' }))).toBe(true)
  })
})

async function vi_waitFor(check: () => boolean) {
  for (let i = 0; i < 300 && !check(); i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 10)))
  expect(check()).toBe(true)
}
