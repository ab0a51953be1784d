import { DISPLAY_DECIMALS, SECOND_MS, MINUTE_MS, HOUR_MS, DAY_MS, MONTH_MS, YEAR_MS } from '@portico/shared-types/constants'
import type { MessageKey } from '../i18n/en.ts'
import type { Translate } from '../i18n/translate.ts'

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

const UNITS: readonly [number, MessageKey][] = [
  [YEAR_MS, 'ageYears'],
  [MONTH_MS, 'ageMonths'],
  [DAY_MS, 'ageDays'],
  [HOUR_MS, 'ageHours'],
  [MINUTE_MS, 'ageMinutes'],
  [SECOND_MS, 'ageSeconds'],
]

/** Abbreviated relative time in the catalogue's words: '2 hrs', '1 min', 'now' (German: '2 Std.'). */
export function formatAge(ms: number, t: Translate, locale = 'en-US'): string {
  for (const [size, key] of UNITS) {
    const n = Math.floor(ms / size)
    // The catalogue's plural forms are chosen by Intl.PluralRules of its language (Arabic has six).
    if (n >= 1) return t(key, { n: formatter(locale, 0, 0).format(n) }, n)
  }
  return t('ageNow')
}
