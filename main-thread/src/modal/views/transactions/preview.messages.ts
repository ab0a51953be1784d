import { catalogue } from '../../../i18n/catalogue.ts'

/** The keys of a write's simulated preview (the Review step of Send and Swap). */
export type PreviewKey =
  | 'balanceChanges'
  | 'simulating'
  | 'noChanges'
  | 'willFail'
  | 'sendAnyway'
  | 'couldNotSimulate'
  | 'approvalsGranted'
  | 'approvalUnlimited'
  | 'approvalAmount'
  | 'approvalAll'
  | 'approvalRevoked'

export const PREVIEW_MESSAGES = catalogue<PreviewKey>({
  en: () => import('./locales/preview.en.ts'),
  de: () => import('./locales/preview.de.ts'),
  es: () => import('./locales/preview.es.ts'),
  fr: () => import('./locales/preview.fr.ts'),
  pt: () => import('./locales/preview.pt.ts'),
  it: () => import('./locales/preview.it.ts'),
  ja: () => import('./locales/preview.ja.ts'),
  ko: () => import('./locales/preview.ko.ts'),
  'zh-CN': () => import('./locales/preview.zh-CN.ts'),
  ru: () => import('./locales/preview.ru.ts'),
  tr: () => import('./locales/preview.tr.ts'),
  ar: () => import('./locales/preview.ar.ts'),
})
