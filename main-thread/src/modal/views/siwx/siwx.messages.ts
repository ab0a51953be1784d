import type { PorticoMessageKey } from '@portico/shared-types/errors'
import { catalogue } from '../../../i18n/catalogue.ts'

/** The view's keys; those of SPEC.md §8's texts are the one English table's (`MESSAGES`). */
export type SiwxKey =
  | Extract<PorticoMessageKey, 'authenticating' | 'signatureDeclined' | 'smartAccountsUnsupported' | 'siwxInitFailed' | 'sessionExpired'>
  | 'body'
  | 'account'
  | 'sign'
  | 'cancel'
  | 'required'

export const SIWX_MESSAGES = catalogue<SiwxKey>({
  en: () => import('./locales/siwx.en.ts'),
  de: () => import('./locales/siwx.de.ts'),
  es: () => import('./locales/siwx.es.ts'),
  fr: () => import('./locales/siwx.fr.ts'),
  pt: () => import('./locales/siwx.pt.ts'),
  it: () => import('./locales/siwx.it.ts'),
  ja: () => import('./locales/siwx.ja.ts'),
  ko: () => import('./locales/siwx.ko.ts'),
  'zh-CN': () => import('./locales/siwx.zh-CN.ts'),
  ru: () => import('./locales/siwx.ru.ts'),
  tr: () => import('./locales/siwx.tr.ts'),
  ar: () => import('./locales/siwx.ar.ts'),
})
