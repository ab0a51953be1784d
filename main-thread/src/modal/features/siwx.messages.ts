import { catalogue } from '../../i18n/catalogue.ts'

export type SiwxKey = 'body' | 'account' | 'sign' | 'cancel' | 'authenticating' | 'signatureDeclined' | 'smartAccountsUnsupported' | 'initFailed' | 'required' | 'sessionExpired'

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
