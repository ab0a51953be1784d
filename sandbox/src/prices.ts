import { z } from 'zod'

/** Fixed USD prices of every asset the sandbox knows, by symbol (native symbols included). */
export const USD_PRICES: Readonly<Record<string, number>> = {
  ETH: 3000,
  BEE: 2,
  SOL: 150,
  USDC: 1,
  PTK: 0.25,
  FRZ: 0.5,
}

/** The sandbox feed's fixed 24 h price change, in percent, of the assets it has one for. */
export const USD_CHANGE_24H: Readonly<Record<string, number>> = {
  ETH: 2.5,
  BEE: -1.25,
  SOL: 4.2,
}

/** The 24 h change of `symbol`'s price in percent (the same in every currency), or undefined where the feed has none. */
export function priceChange24hOf(symbol: string): number | undefined {
  return USD_CHANGE_24H[symbol]
}

/** Units of each supported currency per 1 USD (SPEC.md §9 lists USD and EUR). */
export const CURRENCY_RATES = { usd: 1, eur: 0.9 } as const
export type Currency = keyof typeof CURRENCY_RATES

export const currencySchema = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(Object.keys(CURRENCY_RATES) as [Currency, ...Currency[]]))

/** Price of `symbol` in `currency`; 0 for an asset without a price. */
export function priceOf(symbol: string, currency: Currency): number {
  const usd = USD_PRICES[symbol] ?? 0
  return usd * CURRENCY_RATES[currency]
}
