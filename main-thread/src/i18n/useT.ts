import { useMemo } from 'react'
import { usePorticoClient } from '../context.ts'
import { intlLocale } from './labels.ts'
import { translator, type Translate } from './translate.ts'

/** The translator of the configured locale (modal code only: the catalogues load with the modal). */
export function useT(): Translate {
  const { locale } = usePorticoClient().startup
  return useMemo(() => translator(locale), [locale])
}

/** The Intl locale (for numbers, currencies, dates) of the configured language. */
export function useIntlLocale(): string {
  return intlLocale(usePorticoClient().startup.locale)
}
