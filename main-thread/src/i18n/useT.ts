import { useMemo } from 'react'
import { usePorticoClient } from '../context.ts'
import { useStrings } from './catalogue.ts'
import { intlLocale } from './labels.ts'
import { CORE_MESSAGES } from './messages.ts'
import { translatorOf, type Translate } from './translate.ts'

/** The translator of the configured locale (modal code only: its texts load with the modal). */
export function useT(): Translate {
  const { locale } = usePorticoClient().startup
  const strings = useStrings(CORE_MESSAGES, locale)
  return useMemo(() => translatorOf(strings, locale), [strings, locale])
}

/** The Intl locale (for numbers, currencies, dates) of the configured language. */
export function useIntlLocale(): string {
  return intlLocale(usePorticoClient().startup.locale)
}
