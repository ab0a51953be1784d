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

const UNITS: readonly [number, MessageKey, MessageKey][] = [
  [YEAR_MS, 'ageYear', 'ageYears'],
  [MONTH_MS, 'ageMonth', 'ageMonths'],
  [DAY_MS, 'ageDay', 'ageDays'],
  [HOUR_MS, 'ageHour', 'ageHours'],
  [MINUTE_MS, 'ageMinute', 'ageMinutes'],
  [SECOND_MS, 'ageSecond', 'ageSeconds'],
]

const plurals = new Map<string, Intl.PluralRules>()

/** Abbreviated relative time in the catalogue's words: '2 hrs', '1 min', 'now' (German: '2 Std.'). */
export function formatAge(ms: number, t: Translate, locale = 'en-US'): string {
  let rules = plurals.get(locale)
  if (!rules) plurals.set(locale, (rules = new Intl.PluralRules(locale)))
  for (const [size, one, many] of UNITS) {
    const n = Math.floor(ms / size)
    if (n >= 1) return t(rules.select(n) === 'one' ? one : many, { n: formatter(locale, 0, 0).format(n) })
  }
  return t('ageNow')
}
