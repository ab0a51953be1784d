import type { OnrampQuote } from '@portico/shared-types'
import { randomUUID } from 'node:crypto'
import { priceOf } from '../prices.ts'
import { FEE_RATES, PAYMENT_METHOD_LIMITS, type PaymentCurrency, type PaymentMethod, type Purchasable } from './catalogue.ts'

/** Fixed network fee of a delivery, in USD (converted to the payment currency). */
const NETWORK_FEE_USD = 0.5

export type OnrampPrice = {
  fiat: number
  fee: number
  networkFee: number
  subtotal: number
  /** What the visitor receives, in whole units of the asset, as a decimal string. */
  crypto: string
}

const money = (n: number): string => n.toFixed(2)

/** The limits of `method`, or of every method when none is chosen. */
export function limitsOf(method: PaymentMethod | undefined): { min: number; max: number } {
  const limits = PAYMENT_METHOD_LIMITS.filter((l) => method === undefined || l.id === method)
  return { min: Math.min(...limits.map((l) => Number(l.min))), max: Math.max(...limits.map((l) => Number(l.max))) }
}

/** Prices a purchase of `fiat` in `currency`; the crypto side is what is left after the fees. */
export function priceOnramp(item: Purchasable, fiat: number, currency: PaymentCurrency, method: PaymentMethod = 'card'): OnrampPrice {
  const lower = currency === 'USD' ? 'usd' : 'eur'
  const fee = Math.round(fiat * FEE_RATES[method] * 100) / 100
  const networkFee = Math.round(NETWORK_FEE_USD * priceOf('USDC', lower) * 100) / 100
  const subtotal = Math.max(0, fiat - fee - networkFee)
  const unitPrice = priceOf(item.symbol, lower)
  const digits = Math.min(item.decimals, 6)
  const crypto = unitPrice > 0 ? (subtotal / unitPrice).toFixed(digits) : '0'
  return { fiat, fee, networkFee, subtotal, crypto }
}

/** POST /v1/onramp/quote's answer. */
export function toQuote(item: Purchasable, price: OnrampPrice, currency: PaymentCurrency): OnrampQuote {
  return {
    paymentTotal: { value: money(price.fiat), currency },
    paymentSubtotal: { value: money(price.subtotal), currency },
    purchaseAmount: { value: price.crypto, currency: item.symbol },
    coinbaseFee: { value: money(price.fee), currency },
    networkFee: { value: money(price.networkFee), currency },
    quoteId: randomUUID(),
  }
}
