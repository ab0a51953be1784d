import { matchEmbeddedError, type EmbeddedErrorKey } from '@portico/shared-types/errors'
import { catalogue } from '../../../i18n/catalogue.ts'
import { useMessages, type FeatureTranslate } from '../../../i18n/useMessages.ts'

/**
 * The embedded wallet's error texts (shared-types' `EMBEDDED_ERRORS`, which the frame answers with)
 * in every language, one chunk per language, loaded with the embedded wallet's views.
 */
export const EMBEDDED_ERROR_MESSAGES = catalogue<EmbeddedErrorKey>({
  en: () => import('./locales/embeddedErrors.en.ts'),
  de: () => import('./locales/embeddedErrors.de.ts'),
  es: () => import('./locales/embeddedErrors.es.ts'),
  fr: () => import('./locales/embeddedErrors.fr.ts'),
  pt: () => import('./locales/embeddedErrors.pt.ts'),
  it: () => import('./locales/embeddedErrors.it.ts'),
  ja: () => import('./locales/embeddedErrors.ja.ts'),
  ko: () => import('./locales/embeddedErrors.ko.ts'),
  'zh-CN': () => import('./locales/embeddedErrors.zh-CN.ts'),
  ru: () => import('./locales/embeddedErrors.ru.ts'),
  tr: () => import('./locales/embeddedErrors.tr.ts'),
  ar: () => import('./locales/embeddedErrors.ar.ts'),
})

/** What an embedded-wallet failure says, in the visitor's language when its text is one of the frame's (else as it came). */
export function embeddedErrorText(t: FeatureTranslate<EmbeddedErrorKey>, cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause)
  const known = matchEmbeddedError(message)
  // Until the visitor's language has arrived the text is shown as the frame said it.
  return (known && t(known.key, known.values)) || message
}

/** `embeddedErrorText` in the visitor's language, for a view of the embedded wallet. */
export function useEmbeddedErrorText(): (cause: unknown) => string {
  const t = useMessages(EMBEDDED_ERROR_MESSAGES)
  return (cause) => embeddedErrorText(t, cause)
}
