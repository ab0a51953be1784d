import { useMemo } from 'react'
import { usePorticoClient } from '../context.ts'
import { useStrings, type Catalogue } from './catalogue.ts'
import { translatorOf } from './translate.ts'

export type FeatureTranslate<K extends string> = (key: K, values?: Record<string, string | number>, count?: number) => string

/**
 * The translator of a feature's own catalogue: texts of a view that loads on demand (Send, Receive,
 * Swap…) travel with that view, in the visitor's language only, so the modal's first chunk does not
 * carry them.
 */
export function useMessages<K extends string>(catalogue: Catalogue<K>): FeatureTranslate<K> {
  const { locale } = usePorticoClient().startup
  const strings = useStrings(catalogue, locale)
  return useMemo(() => translatorOf(strings, locale), [strings, locale])
}
