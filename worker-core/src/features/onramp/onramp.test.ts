import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { json, setupCore, testConfig } from '../../../test/fixtures.ts'

const OPTIONS = {
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '20.00', max: '500.00' }] }],
  purchaseCurrencies: [{ id: 'eth', name: 'Ether', symbol: 'ETH', networks: [{ name: 'portico-local', display_name: 'Portico Local', chain_id: '31337', contract_address: '' }] }],
}
const QUOTE = {
  paymentTotal: { value: '50.00', currency: 'USD' },
  paymentSubtotal: { value: '48.50', currency: 'USD' },
  purchaseAmount: { value: '0.016166', currency: 'ETH' },
  coinbaseFee: { value: '1.00', currency: 'USD' },
  networkFee: { value: '0.50', currency: 'USD' },
  quoteId: 'q-1',
}
const QUOTE_PARAMS = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50', network: 'portico-local' } as const

async function configured() {
  const setup = setupCore()
  await setup.core.configure(testConfig)
  return setup
}

describe('onramp reads', () => {
  it('answers the options and shares them for every caller; a quote is asked once per amount', async () => {
    const { core, upstream } = await configured()
    upstream.on(/^GET \/v1\/onramp\/options$/, () => json(OPTIONS))
    upstream.on(/^POST \/v1\/onramp\/quote$/, () => json(QUOTE))
    const [a, b] = await Promise.all([core.getOnrampOptions(), core.getOnrampOptions()])
    expect(a).toEqual({ options: OPTIONS, estimate: false })
    expect(b).toEqual(a)
    expect(await core.getOnrampQuote(QUOTE_PARAMS)).toEqual({ quote: QUOTE, estimate: false })
    await core.getOnrampQuote({ ...QUOTE_PARAMS, amount: '50.00' })
    expect(upstream.count(/onramp\/options/)).toBe(1)
    expect(upstream.count(/onramp\/quote/)).toBe(1)
    expect(upstream.bodies[upstream.calls.indexOf('POST /v1/onramp/quote')]).toEqual(QUOTE_PARAMS)
  })

  it('when the calls fail, SPEC §8’s sample stands in, marked as an estimate, and is not kept', async () => {
    const { core, upstream } = await configured()
    let down = true
    upstream.on(/^GET \/v1\/onramp\/options$/, () => (down ? json({ error: 'down' }, { status: 500 }) : json(OPTIONS)))
    upstream.on(/^POST \/v1\/onramp\/quote$/, () => (down ? json({ error: 'down' }, { status: 500 }) : json(QUOTE)))
    const options = await core.getOnrampOptions()
    expect(options.estimate).toBe(true)
    expect(options.options.paymentCurrencies.map((c) => [c.id, c.payment_method_limits])).toEqual([
      [
        'USD',
        [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      ],
      [
        'EUR',
        [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      ],
    ])
    expect(options.options.purchaseCurrencies.find((c) => c.symbol === 'USDC')?.networks.map((n) => n.name)).toEqual([
      'ethereum',
      'arbitrum',
      'polygon',
      'berachain',
      'avalanche-c-chain',
      'optimism',
      'celo',
      'base',
    ])
    const quote = await core.getOnrampQuote(QUOTE_PARAMS)
    expect(quote.estimate).toBe(true)
    expect(quote.quote).toMatchObject({
      paymentTotal: { value: '50.00', currency: 'USD' },
      coinbaseFee: { value: '1.00', currency: 'USD' },
      paymentSubtotal: { value: '49.00' },
      quoteId: 'sample-quote',
    })
    down = false
    expect((await core.getOnrampOptions()).estimate).toBe(false)
    expect((await core.getOnrampQuote(QUOTE_PARAMS)).estimate).toBe(false)
  })

  it('the provider URL carries the wallet, network, asset and preset amount, and every Continue asks again', async () => {
    const { core, upstream } = await configured()
    upstream.on(/^POST \/v1\/generators\/onrampurl$/, () => json({ url: 'https://provider.test/checkout/1' }))
    const params = { caipAddress: 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8', network: 'portico-local', purchaseCurrency: 'ETH', paymentCurrency: 'EUR', amount: '50' } as const
    expect(await core.getOnrampUrl(params)).toBe('https://provider.test/checkout/1')
    await core.getOnrampUrl(params)
    expect(upstream.count(/generators\/onrampurl/)).toBe(2)
    expect(upstream.bodies[upstream.calls.indexOf('POST /v1/generators/onrampurl')]).toEqual({
      destinationWallets: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', blockchains: ['portico-local'], assets: ['ETH'] }],
      defaultNetwork: 'portico-local',
      partnerUserId: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      defaultExperience: 'buy',
      presetFiatAmount: 50,
      paymentCurrency: 'EUR',
    })
  })

  it.each(['javascript:alert(document.domain)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'http://provider.test/checkout/1'])(
    'a provider URL Portico may not open (%s) is a typed schema error, never handed to a tab',
    async (url) => {
      const { core, upstream } = await configured()
      upstream.on(/^POST \/v1\/generators\/onrampurl$/, () => json({ url }))
      const params = { caipAddress: 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8', network: 'portico-local', purchaseCurrency: 'ETH', paymentCurrency: 'EUR', amount: '50' } as const
      await expect(core.getOnrampUrl(params)).rejects.toMatchObject({ name: 'SchemaValidationError', message: expect.stringContaining('Expected an https URL') })
    },
  )
})
