/**
 * Buying with onramp providers (SPEC.md §3 onramp quote, §5 restricted timezones, §7 onramp calls,
 * §8 fallbacks, §9 onramp constants). Zod-free: the page imports it without a schema library.
 */
import type { CaipAddress } from './caip.ts'
import type { OnrampOptions, OnrampQuote } from './api/data-api.ts'

/** Fiat currencies a purchase is paid in (SPEC.md §9). */
export const ONRAMP_CURRENCIES = ['USD', 'EUR'] as const
export type OnrampCurrency = (typeof ONRAMP_CURRENCIES)[number]

/** Payment methods and their sample limits in the payment currency (SPEC.md §9). */
export const ONRAMP_PAYMENT_METHODS = ['card', 'ach_bank_account'] as const
export type OnrampPaymentMethod = (typeof ONRAMP_PAYMENT_METHODS)[number]
export const ONRAMP_SAMPLE_LIMITS: Record<OnrampPaymentMethod, { min: string; max: string }> = {
  card: { min: '10.00', max: '7500.00' },
  ach_bank_account: { min: '10.00', max: '25000.00' },
}

/** The two listed providers: fees of 1–2 %; one delivers on eip155, the other on eip155 and solana (SPEC.md §9). */
export const ONRAMP_PROVIDERS = [
  { id: 'coinbase', label: 'Coinbase', feeRange: '1-2%', namespaces: ['eip155'] },
  { id: 'meld', label: 'Meld', feeRange: '1-2%', namespaces: ['eip155', 'solana'] },
] as const
export type OnrampProviderId = (typeof ONRAMP_PROVIDERS)[number]['id']

/** Networks the card provider delivers on, and the one it falls back to (SPEC.md §9). */
export const ONRAMP_CARD_PROVIDER_CHAINS = ['ethereum', 'arbitrum', 'polygon', 'berachain', 'avalanche-c-chain', 'optimism', 'celo', 'base'] as const
export const ONRAMP_FALLBACK_NETWORK = 'ethereum'
const CARD_PROVIDER_CHAIN_IDS: Record<(typeof ONRAMP_CARD_PROVIDER_CHAINS)[number], string> = {
  ethereum: '1',
  arbitrum: '42161',
  polygon: '137',
  berachain: '80094',
  'avalanche-c-chain': '43114',
  optimism: '10',
  celo: '42220',
  base: '8453',
}

/** How long options and a quote are fresh; how often a pending purchase looks for its delivery. */
export const ONRAMP_OPTIONS_CACHE_MS = 10 * 60_000
export const ONRAMP_QUOTE_CACHE_MS = 30_000
export const ONRAMP_DELIVERY_POLL_MS = 2_000

/** The options answer, and whether it is the built-in sample that stands in when the call fails (SPEC.md §8). */
export type OnrampOptionsAnswer = { options: OnrampOptions; estimate: boolean }
/** The quote answer (fees, totals, purchase amount, quote id), and whether it is the built-in estimate. */
export type OnrampQuoteAnswer = { quote: OnrampQuote; estimate: boolean }

export type GetOnrampOptionsParameters = { force?: boolean | undefined }

export type GetOnrampQuoteParameters = {
  /** The asset to buy, by id or symbol ('eth', 'USDC'). */
  purchaseCurrency: string
  paymentCurrency: OnrampCurrency
  /** Fiat amount with at most two decimals ('50', '50.00'). */
  amount: string
  /** The onramp network name from the options ('ethereum', 'portico-local'). */
  network: string
  /** Card or bank: the estimate's fee depends on it. */
  paymentMethod?: OnrampPaymentMethod | undefined
  force?: boolean | undefined
}

export type GetOnrampUrlParameters = {
  /** The wallet the coins go to. */
  caipAddress: CaipAddress
  network: string
  purchaseCurrency: string
  paymentCurrency: OnrampCurrency
  /** Preset fiat amount of the provider's page. */
  amount: string
  provider?: OnrampProviderId | undefined
  force?: boolean | undefined
}

/** Far above every payment limit (SPEC.md §9), and below 1e21, where toFixed turns to exponents. */
const MAX_ESTIMATED_AMOUNT = 1e15

/** A sample network of the card provider in the options' shape. */
function sampleNetwork(name: (typeof ONRAMP_CARD_PROVIDER_CHAINS)[number], contract = '') {
  const display = name === 'avalanche-c-chain' ? 'Avalanche C-Chain' : name[0]!.toUpperCase() + name.slice(1)
  return { name, display_name: display, chain_id: CARD_PROVIDER_CHAIN_IDS[name], contract_address: contract }
}

/**
 * SPEC.md §8's built-in sample options: USD and EUR with the sample limits, ETH and USDC on the card
 * provider's chains. Shown when GET /v1/onramp/options fails, marked as an estimate.
 */
export function sampleOnrampOptions(): OnrampOptions {
  return {
    paymentCurrencies: ONRAMP_CURRENCIES.map((id) => ({ id, payment_method_limits: ONRAMP_PAYMENT_METHODS.map((m) => ({ id: m, ...ONRAMP_SAMPLE_LIMITS[m] })) })),
    purchaseCurrencies: [
      { id: 'eth', name: 'Ether', symbol: 'ETH', networks: (['ethereum', 'arbitrum', 'optimism', 'base'] as const).map((n) => sampleNetwork(n)) },
      { id: 'usdc', name: 'USD Coin', symbol: 'USDC', networks: ONRAMP_CARD_PROVIDER_CHAINS.map((n) => sampleNetwork(n)) },
    ],
  }
}

/**
 * SPEC.md §8's built-in sample quote, when POST /v1/onramp/quote fails: the provider's highest fee
 * (2 % by card, 1 % by bank) taken from the amount; the purchase amount is only known with a price.
 */
export function sampleOnrampQuote({ amount, paymentCurrency, purchaseCurrency, paymentMethod = 'card' }: GetOnrampQuoteParameters, unitPrice: number | null): OnrampQuote {
  // Only a plain decimal amount is estimated ('-5', '0x10', '1e999' are nothing), below what toFixed writes without an exponent.
  const typed = /^\d+(\.\d+)?$/.test(amount.trim()) ? Number(amount.trim()) : 0
  const fiat = typed < MAX_ESTIMATED_AMOUNT ? typed : 0
  const fee = Math.round(fiat * (paymentMethod === 'card' ? 0.02 : 0.01) * 100) / 100
  const subtotal = Math.max(0, fiat - fee)
  const money = (n: number) => ({ value: n.toFixed(2), currency: paymentCurrency })
  return {
    paymentTotal: money(fiat),
    paymentSubtotal: money(subtotal),
    purchaseAmount: { value: unitPrice && unitPrice > 0 ? (subtotal / unitPrice).toFixed(6) : '', currency: purchaseCurrency.toUpperCase() },
    coinbaseFee: money(fee),
    networkFee: money(0),
    quoteId: 'sample-quote',
  }
}

/** The options network for a chain: the one whose chain id is the account's, else the card provider's fallback. */
export function onrampNetworkFor(options: OnrampOptions, purchaseCurrency: string, chainReference: string | undefined): string {
  const asset = options.purchaseCurrencies.find((c) => c.id === purchaseCurrency || c.symbol.toLowerCase() === purchaseCurrency.toLowerCase())
  const networks = asset?.networks ?? []
  return networks.find((n) => n.chain_id === chainReference)?.name ?? ONRAMP_FALLBACK_NETWORK
}
