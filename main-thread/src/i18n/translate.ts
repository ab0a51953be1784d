import type { Locale } from '@portico/shared-types'
import { fillPlaceholders, selectPlural, type Strings } from './catalogue.ts'
import type { MessageKey } from './en.ts'
import { intlLocale } from './labels.ts'
import { CORE_MESSAGES } from './messages.ts'

export { fillPlaceholders }

export type Translate = (key: MessageKey, values?: Record<string, string | number>, count?: number) => string

const pluralRules = new Map<string, Intl.PluralRules>()

/** The `Intl.PluralRules` category of `n` in `locale` (zero, one, two, few, many, other). */
export function pluralCategory(locale: Locale, n: number): Intl.LDMLPluralRule {
  const tag = intlLocale(locale)
  let rules = pluralRules.get(tag)
  if (!rules) pluralRules.set(tag, (rules = new Intl.PluralRules(tag)))
  return rules.select(n)
}

/**
 * A translator over `strings` (the texts of `locale`), filling `{name}` placeholders. A plural text
 * (`one:…|other:…`) is chosen by the number in `values.count`, else `values.n`, through
 * `Intl.PluralRules`; the placeholder shows the number as `values` gives it (formatted by the caller).
 */
export function translatorOf<K extends string>(strings: Strings<K> | undefined, locale: Locale): (key: K, values?: Record<string, string | number>, count?: number) => string {
  return (key, values, count) => {
    const text = strings?.[key] ?? ''
    const chosen = count === undefined ? text : selectPlural(text, pluralCategory(locale, count))
    return fillPlaceholders(chosen, values)
  }
}

/** A translator of the modal's texts in `locale` (empty strings until its chunk has arrived: `CORE_MESSAGES.load`). */
export function translator(locale: Locale): Translate {
  return translatorOf(CORE_MESSAGES.loaded.get(locale), locale)
}
