import type { WriteError, WriteErrorCode } from '@portico/shared-types/write'
import { catalogue } from './catalogue.ts'
import type { FeatureTranslate } from './useMessages.ts'

/**
 * The messages of the write path's error codes (send, swap, buy, sign-in, names), in every language.
 * The core answers codes; the page says them in the visitor's language.
 */
export const WRITE_ERROR_MESSAGES = catalogue<WriteErrorCode>({
  en: () => import('./locales/writeErrors.en.ts'),
  de: () => import('./locales/writeErrors.de.ts'),
  es: () => import('./locales/writeErrors.es.ts'),
  fr: () => import('./locales/writeErrors.fr.ts'),
  pt: () => import('./locales/writeErrors.pt.ts'),
  it: () => import('./locales/writeErrors.it.ts'),
  ja: () => import('./locales/writeErrors.ja.ts'),
  ko: () => import('./locales/writeErrors.ko.ts'),
  'zh-CN': () => import('./locales/writeErrors.zh-CN.ts'),
  ru: () => import('./locales/writeErrors.ru.ts'),
  tr: () => import('./locales/writeErrors.tr.ts'),
  ar: () => import('./locales/writeErrors.ar.ts'),
})

/** The message of a write error, with its placeholders filled. */
export const writeErrorMessage = (t: FeatureTranslate<WriteErrorCode>, error: WriteError): string => t(error.code, error.values)
