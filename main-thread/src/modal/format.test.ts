import { describe, expect, it } from 'vitest'
import { translator } from '../i18n/translate.ts'
import { formatAge, formatAmount, formatQuantity, formatUsd } from './format.ts'

const en = translator('en')
const de = translator('de')

describe('format', () => {
  it('shows balances with 2 decimals, quantities with up to 3, values in USD with 2', () => {
    expect(formatAmount('9999.987654321')).toBe('9,999.99')
    expect(formatAmount('0.5')).toBe('0.50')
    expect(formatAmount('1.23456', 3)).toBe('1.235')
    expect(formatQuantity('1000.123456')).toBe('1,000.123')
    expect(formatQuantity('2')).toBe('2')
    expect(formatUsd(1234.5)).toBe('$1,234.50')
  })
  it('abbreviates relative time', () => {
    expect(formatAge(500, en)).toBe('now')
    expect(formatAge(61_000, en)).toBe('1 min')
    expect(formatAge(2 * 3_600_000 + 5, en)).toBe('2 hrs')
    expect(formatAge(3 * 86_400_000, en)).toBe('3 days')
    expect(formatAge(400 * 86_400_000, en)).toBe('1 yr')
  })
  it('speaks the configured language', () => {
    expect(formatAge(2 * 3_600_000, de, 'de-DE')).toBe('2 Std.')
    expect(formatAge(1 * 86_400_000, de, 'de-DE')).toBe('1 Tag')
    expect(formatAge(500, de, 'de-DE')).toBe('jetzt')
    expect(formatAmount('9999.987654321', 2, 'de-DE')).toBe('9.999,99')
    expect(formatQuantity('1000.123456', 'de-DE')).toBe('1.000,123')
    expect(formatUsd(1234.5, 'de-DE')).toBe('1.234,50\u00a0$')
  })
})
