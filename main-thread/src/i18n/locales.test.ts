import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '@portico/shared-types'
import { CATALOGUES } from '../../test/catalogues.ts'
import { connectWalletLabel, intlLocale, localeDirection, selectNetworkLabel } from './labels.ts'
import { translator } from './translate.ts'

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort()
const PLURAL = /^(zero|one|two|few|many|other):/
const pluralForms = (text: string) => new Map(text.split('|').map((part) => [part.slice(0, part.indexOf(':')), part.slice(part.indexOf(':') + 1)]))
const strings = async (name: string, locale: Locale) => (await CATALOGUES[name]!.loaders[locale]()).default as Record<string, string>

describe('the twelve locales', () => {
  it('are the schema’s languages, each with a loader in every catalogue', () => {
    expect(LOCALES).toEqual(['en', 'de', 'es', 'fr', 'pt', 'it', 'ja', 'ko', 'zh-CN', 'ru', 'tr', 'ar'])
    for (const [name, catalogue] of Object.entries(CATALOGUES)) expect(Object.keys(catalogue.loaders).sort(), name).toEqual([...LOCALES].sort())
  })

  for (const name of Object.keys(CATALOGUES)) {
    describe(name, () => {
      for (const locale of LOCALES) {
        it(`${locale}: has exactly English's keys, the same placeholders, and every plural form of its language`, async () => {
          const en = await strings(name, 'en')
          const texts = await strings(name, locale)
          // A missing key and an extra key both fail.
          expect(Object.keys(texts).sort(), `${name}.${locale} keys`).toEqual(Object.keys(en).sort())
          const categories = new Intl.PluralRules(intlLocale(locale)).resolvedOptions().pluralCategories
          for (const key of Object.keys(en)) {
            const text = texts[key]!
            expect(typeof text, `${name}.${locale}.${key}`).toBe('string')
            expect(placeholders(text), `${name}.${locale}.${key} placeholders`).toEqual(placeholders(en[key]!))
            if (PLURAL.test(en[key]!)) {
              expect(PLURAL.test(text), `${name}.${locale}.${key} is plural`).toBe(true)
              const forms = pluralForms(text)
              expect([...forms.keys()].sort(), `${name}.${locale}.${key} plural forms`).toEqual([...categories].sort())
              for (const form of forms.values()) expect(placeholders(form), `${name}.${locale}.${key}`).toEqual(placeholders(en[key]!))
            }
          }
          // Only English's own texts may be English: a translation left untranslated is caught here.
          if (locale !== 'en') {
            const same = Object.keys(en).filter((key) => texts[key] === en[key] && en[key]!.split(' ').length > 2)
            expect(same, `${name}.${locale} untranslated`).toEqual([])
          }
        })
      }
    })
  }

  it('chooses plural forms through Intl.PluralRules (Arabic: zero, one, two, few, many, other)', () => {
    const ar = translator('ar')
    expect(ar('ageDays', { n: '١' }, 1)).toBe('١ يوم')
    expect(ar('ageDays', { n: '٢' }, 2)).toBe('٢ يومان')
    expect(ar('ageDays', { n: '٣' }, 3)).toBe('٣ أيام')
    expect(ar('ageDays', { n: '١١' }, 11)).toBe('١١ يومًا')
    expect(ar('ageDays', { n: '١٠٠' }, 100)).toBe('١٠٠ يوم')
    const ru = translator('ru')
    expect([1, 3, 5, 21].map((n) => ru('ageDays', { n }, n))).toEqual(['1 день', '3 дня', '5 дней', '21 день'])
    expect(translator('en')('ageDays', { n: 1 }, 1)).toBe('1 day')
    expect(translator('en')('ageDays', { n: 2 }, 2)).toBe('2 days')
  })

  it('fills placeholders in the chosen language', () => {
    expect(translator('en')('continueIn', { wallet: 'Sandbox Wallet' })).toBe('Continue in Sandbox Wallet')
    expect(translator('de')('continueIn', { wallet: 'Sandbox Wallet' })).toBe('Weiter in Sandbox Wallet')
    expect(translator('ja')('continueIn', { wallet: 'Sandbox Wallet' })).toBe('Sandbox Wallet で続ける')
  })

  it('has the page’s own labels, an Intl locale and a direction for every language', () => {
    for (const locale of LOCALES) {
      expect(connectWalletLabel(locale), locale).not.toBe(locale === 'en' ? '' : 'Connect Wallet')
      expect(selectNetworkLabel(locale), locale).not.toBe(locale === 'en' ? '' : 'Select network')
      expect(new Intl.NumberFormat(intlLocale(locale)).resolvedOptions().locale.split('-')[0], locale).toBe(locale.split('-')[0])
      expect(localeDirection(locale), locale).toBe(locale === 'ar' ? 'rtl' : 'ltr')
    }
  })
})
