import { useMemo } from 'react'
import type { Locale } from '@portico/shared-types'
import { usePorticoClient } from '../context.ts'
import { fillPlaceholders } from './translate.ts'

export type FeatureCatalogue<K extends string> = { en: Record<K, string> } & { [L in Exclude<Locale, 'en'>]: Record<K, string> }
export type FeatureTranslate<K extends string> = (key: K, values?: Record<string, string | number>) => string

/**
 * The translator of a feature's own catalogue: texts of a view that loads on demand (Send, Receive,
 * Swap…) travel with that view, so the modal's first chunk does not carry them.
 */
export function useMessages<K extends string>(catalogue: FeatureCatalogue<K>): FeatureTranslate<K> {
  const { locale } = usePorticoClient().startup
  return useMemo(() => {
    const messages: Record<K, string> = catalogue[locale] ?? catalogue.en
    return (key, values) => fillPlaceholders(messages[key] ?? catalogue.en[key], values)
  }, [catalogue, locale])
}
