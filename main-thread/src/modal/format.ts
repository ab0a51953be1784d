import { DISPLAY_DECIMALS, SECOND_MS, MINUTE_MS, HOUR_MS, DAY_MS, MONTH_MS, YEAR_MS } from '@portico/shared-types/constants'

const formatters = new Map<string, Intl.NumberFormat>()
function formatter(locale: string, min: number, max: number, style?: 'currency'): Intl.NumberFormat {
  const key = `${locale}|${min}|${max}|${style ?? ''}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.NumberFormat(locale, style ? { style, currency: 'USD', minimumFractionDigits: min, maximumFractionDigits: max } : { minimumFractionDigits: min, maximumFractionDigits: max })
    formatters.set(key, f)
  }
  return f
}

/** A decimal string shown with a fixed number of decimals (SPEC.md §9 display decimals). */
export function formatAmount(numeric: string, decimals: number = DISPLAY_DECIMALS.balance, locale = 'en-US'): string {
  return formatter(locale, decimals, decimals).format(Number(numeric))
}

/** Quantity of a token row: up to 3 decimals. */
export function formatQuantity(numeric: string, locale = 'en-US'): string {
  return formatter(locale, 0, DISPLAY_DECIMALS.tokenQuantity).format(Number(numeric))
}

export function formatUsd(value: number, locale = 'en-US'): string {
  return formatter(locale, DISPLAY_DECIMALS.tokenValue, DISPLAY_DECIMALS.tokenValue, 'currency').format(value)
}

const UNITS: readonly [number, string, string][] = [
  [YEAR_MS, 'yr', 'yrs'],
  [MONTH_MS, 'mo', 'mos'],
  [DAY_MS, 'day', 'days'],
  [HOUR_MS, 'hr', 'hrs'],
  [MINUTE_MS, 'min', 'mins'],
  [SECOND_MS, 'sec', 'secs'],
]

/** Abbreviated relative time: '2 hrs', '1 min', 'now'. */
export function formatAge(ms: number): string {
  for (const [size, one, many] of UNITS) {
    const n = Math.floor(ms / size)
    if (n >= 1) return `${n} ${n === 1 ? one : many}`
  }
  return 'now'
}
