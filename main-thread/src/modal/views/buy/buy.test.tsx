import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ADDRESS, connectInCore, createTestClient, fakeFetch, openModal, renderPortico } from '../../../../test/harness.tsx'

beforeAll(async () => {
  await import('./BuyView.tsx')
}, 30_000)

afterEach(() => {
  vi.restoreAllMocks()
})

const OPTIONS = {
  paymentCurrencies: ['USD', 'EUR'].map((id) => ({
    id,
    payment_method_limits: [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ],
  })),
  purchaseCurrencies: [
    {
      id: 'eth',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'portico-local', display_name: 'Portico Local', chain_id: '31337', contract_address: '' }],
    },
    {
      id: 'usdc',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ name: 'portico-local', display_name: 'Portico Local', chain_id: '31337', contract_address: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35' }],
    },
  ],
}

const QUOTE = {
  paymentTotal: { value: '50.00', currency: 'USD' },
  paymentSubtotal: { value: '48.50', currency: 'USD' },
  purchaseAmount: { value: '0.016166', currency: 'ETH' },
  coinbaseFee: { value: '1.00', currency: 'USD' },
  networkFee: { value: '0.50', currency: 'USD' },
  quoteId: '5f0c2a8e-0000-4000-8000-000000000001',
}

const DELIVERY = {
  id: '0xdelivered',
  metadata: {
    operationType: 'receive',
    hash: '0xdelivered',
    minedAt: new Date().toISOString(),
    sentFrom: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
    sentTo: ADDRESS,
    status: 'confirmed',
    nonce: 0,
    chain: 'eip155:31337',
  },
  transfers: [{ fungible_info: { name: 'Ether', symbol: 'ETH', icon: null }, direction: 'in', quantity: { numeric: '0.016166' } }],
}

type Onramp = { failing?: boolean; delivered?: () => boolean; providerUrl?: string }

/** The fake remotes plus the onramp calls of SPEC.md §7 (or their failure: 500 each time). */
function onrampFetch({ failing = false, delivered = () => false, providerUrl = 'https://provider.test/checkout/1' }: Onramp = {}) {
  const base = fakeFetch()
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    if (url.pathname === '/v1/onramp/options') return failing ? json({ error: 'down' }, 500) : json(OPTIONS)
    if (url.pathname === '/v1/onramp/quote') return failing ? json({ error: 'down' }, 500) : json(QUOTE)
    if (url.pathname === '/v1/generators/onrampurl') return failing ? json({ error: 'down' }, 500) : json({ url: providerUrl })
    if (url.pathname.endsWith('/history') && url.searchParams.get('onramp') === 'coinbase') return json({ data: delivered() ? [DELIVERY] : [], next: null })
    return base(input, init)
  })
}

async function openBuy(onramp: Onramp = {}) {
  const fetch = onrampFetch(onramp)
  const portico = createTestClient({ fetch })
  renderPortico(portico)
  await connectInCore(portico)
  await openModal(portico, { name: 'Buy' })
  const dialog = await screen.findByRole('dialog', { name: 'Buy' }, { timeout: 5000 })
  await within(dialog).findByRole('button', { name: 'Continue' }, { timeout: 5000 })
  return { portico, dialog, fetch }
}

const calls = (fetch: ReturnType<typeof onrampFetch>, path: string) => fetch.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes(path))

describe('BuyView', () => {
  it('lists the providers with their fees and networks, labels every field, and shows the quote for 50 USD of ETH', async () => {
    const { portico, dialog, fetch } = await openBuy()
    const providers = within(dialog).getByRole('group', { name: 'Provider' })
    expect(
      within(providers)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['CoinbaseFees 1-2%Networks: EVM', 'MeldFees 1-2%Networks: EVM, Solana'])
    expect((within(dialog).getByRole('combobox', { name: 'Pay in' }) as HTMLSelectElement).value).toBe('USD')
    expect((within(dialog).getByRole('combobox', { name: 'Payment method' }) as HTMLSelectElement).value).toBe('card')
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Token to buy' }) as HTMLSelectElement).value).toBe('eth'))
    expect((within(dialog).getByRole('combobox', { name: 'Network' }) as HTMLSelectElement).value).toBe('portico-local')
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD)' })
    expect(amount.getAttribute('aria-describedby')).toBe(within(dialog).getByTestId('buy-limits').id)
    expect(within(dialog).getByTestId('buy-limits').textContent).toBe('Card: 10.00 to 7,500.00 USD')
    fireEvent.change(amount, { target: { value: '50' } })
    const quote = await within(dialog).findByTestId('buy-quote', {}, { timeout: 3000 })
    expect(within(quote).getByTestId('buy-receive').textContent).toBe('0.016 ETH')
    expect(within(quote).getByTestId('buy-total').textContent).toBe('50.00 USD')
    expect(within(quote).getByTestId('buy-quote-id').getAttribute('title')).toBe(QUOTE.quoteId)
    expect(quote.getAttribute('data-estimate')).toBeNull()
    const [[, init]] = calls(fetch, '/v1/onramp/quote') as [[unknown, RequestInit]]
    expect(JSON.parse(String(init.body))).toEqual({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50', network: 'portico-local' })
    portico.client.destroy()
  })

  it('refuses 5 and 8000 USD by card with the limits, asks for no quote and opens nothing', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const { portico, dialog, fetch } = await openBuy()
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD)' })
    for (const value of ['5', '8000']) {
      fireEvent.change(amount, { target: { value } })
      const alert = await within(dialog).findByRole('alert', {}, { timeout: 3000 })
      expect(alert.textContent).toBe('By Card, enter between 10.00 and 7,500.00 USD')
      expect(amount.getAttribute('aria-invalid')).toBe('true')
      expect(amount.getAttribute('aria-describedby')).toContain(alert.id)
      fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
    }
    expect(open).not.toHaveBeenCalled()
    expect(calls(fetch, '/v1/onramp/quote')).toHaveLength(0)
    // By bank account, 8000 is within the limits.
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Payment method' }), { target: { value: 'ach_bank_account' } })
    expect(within(dialog).queryByRole('alert')).toBeNull()
    expect(within(dialog).getByTestId('buy-limits').textContent).toBe('Bank account: 10.00 to 25,000.00 USD')
    await waitFor(() => expect(calls(fetch, '/v1/onramp/quote')).toHaveLength(1), { timeout: 3000 })
    portico.client.destroy()
  })

  it('when the onramp calls fail, the sample options and quote stand in, marked as an estimate', async () => {
    const { portico, dialog } = await openBuy({ failing: true })
    await within(dialog).findByText(/showing sample limits and networks/, undefined, { timeout: 5000 })
    expect((within(dialog).getByRole('combobox', { name: 'Network' }) as HTMLSelectElement).value).toBe('ethereum')
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount (USD)' }), { target: { value: '50' } })
    const quote = await within(dialog).findByTestId('buy-quote', {}, { timeout: 5000 })
    expect(quote.getAttribute('data-estimate')).toBe('true')
    expect(within(quote).getByTestId('buy-estimate').textContent).toContain('sample figures')
    expect(within(quote).getByTestId('buy-total').textContent).toBe('50.00 USD')
    expect(within(quote).getByTestId('buy-quote-id').textContent).toBe('sample-quote')
    portico.client.destroy()
  })

  it('Continue opens a window at once, sends it to the provider’s page, and follows the deliveries until the coins arrive', async () => {
    let delivered = false
    const popup = { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const { portico, dialog, fetch } = await openBuy({ delivered: () => delivered })
    await within(dialog).findByText('No purchases delivered yet.')
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount (USD)' }), { target: { value: '50' } })
    await within(dialog).findByTestId('buy-quote', {}, { timeout: 3000 })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
    // The window opened inside the click, before the URL was known.
    expect(open).toHaveBeenCalledWith('', '_blank')
    expect((await within(dialog).findByTestId('buy-pending')).textContent).toContain('Waiting for the ETH to arrive')
    expect(popup.location.href).toBe('https://provider.test/checkout/1')
    expect(popup.opener).toBeNull()
    const [[, init]] = calls(fetch, '/v1/generators/onrampurl') as [[unknown, RequestInit]]
    expect(JSON.parse(String(init.body))).toEqual({
      destinationWallets: [{ address: ADDRESS, blockchains: ['portico-local'], assets: ['ETH'] }],
      defaultNetwork: 'portico-local',
      partnerUserId: ADDRESS,
      defaultExperience: 'buy',
      presetFiatAmount: 50,
      paymentCurrency: 'USD',
    })
    delivered = true
    const done = await within(dialog).findByTestId('buy-delivered', {}, { timeout: 5000 })
    expect(done.textContent).toContain('0.016 ETH arrived in your wallet')
    expect(
      within(dialog)
        .getAllByTestId('onramp-delivery')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('+0.016 ETH')])
    portico.client.destroy()
  })

  it('a failed provider URL closes the window and says so', async () => {
    const popup = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() }
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const fetch = onrampFetch()
    const failing = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/v1/generators/onrampurl') ? new Response('{"error":"no"}', { status: 400 }) : fetch(input, init),
    )
    const portico = createTestClient({ fetch: failing })
    renderPortico(portico)
    await connectInCore(portico)
    await openModal(portico, { name: 'Buy' })
    const dialog = await screen.findByRole('dialog', { name: 'Buy' }, { timeout: 5000 })
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Amount (USD)' }, { timeout: 5000 }), { target: { value: '50' } })
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect((await within(dialog).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('The provider’s page could not be opened. Please try again.')
    expect(popup.close).toHaveBeenCalled()
    portico.client.destroy()
  })

  it.each(['javascript:alert(document.domain)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://provider.test/checkout/1', 'blob:https://provider.test/x'])(
    'a provider URL Portico may not open (%s) is never loaded: the window closes and the view says so',
    async (providerUrl) => {
      const popup = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() }
      vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
      const { portico, dialog } = await openBuy({ providerUrl })
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount (USD)' }), { target: { value: '50' } })
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false))
      fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
      expect((await within(dialog).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('The provider’s page could not be opened. Please try again.')
      expect(popup.close).toHaveBeenCalled()
      expect(popup.location.href).toBe('')
      expect(within(dialog).queryByRole('link', { name: /provider/i })).toBeNull()
      portico.client.destroy()
    },
  )

  it('in a restricted timezone the Account view offers no Buy, and the view explains why', async () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: 'Asia/Shanghai' }
    })
    const portico = createTestClient({ fetch: onrampFetch() })
    renderPortico(portico)
    await connectInCore(portico)
    await openModal(portico, { name: 'Account' })
    const account = await screen.findByRole('dialog', { name: 'Account' })
    within(account).getByRole('button', { name: /^Send/ })
    expect(within(account).queryByRole('button', { name: /^Buy/ })).toBeNull()
    await act(async () => portico.client.open({ name: 'Buy' }))
    const dialog = await screen.findByRole('dialog', { name: 'Buy' }, { timeout: 5000 })
    expect((await within(dialog).findByTestId('buy-restricted', {}, { timeout: 5000 })).textContent).toContain('not available in your region')
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).toBeNull()
    portico.client.destroy()
  })

  it('offers Buy on the Account view elsewhere, and opens the view from it', async () => {
    const portico = createTestClient({ fetch: onrampFetch() })
    renderPortico(portico)
    await connectInCore(portico)
    await openModal(portico, { name: 'Account' })
    const account = await screen.findByRole('dialog', { name: 'Account' })
    const tile = within(account).getByRole('button', { name: /^Buy/ })
    expect(tile.getAttribute('aria-disabled')).toBeNull()
    fireEvent.click(tile)
    await screen.findByRole('dialog', { name: 'Buy' }, { timeout: 5000 })
    portico.client.destroy()
  })
})
