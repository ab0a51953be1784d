import { useMemo } from 'react'
import { usePorticoClient } from '../context.ts'
import { intlLocale } from './labels.ts'
import { translator, type Translate } from './translate.ts'

/** The translator of the configured locale (modal code only: the catalogues load with the modal). */
export function useT(): Translate {
  const { config } = usePorticoClient()
  return useMemo(() => translator(config.locale ?? 'en'), [config.locale])
}

/** The Intl locale (for numbers, currencies, dates) of the configured language. */
export function useIntlLocale(): string {
  return intlLocale(usePorticoClient().config.locale)
}
