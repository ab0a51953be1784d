import { catalogue } from '../../../i18n/catalogue.ts'
import type en from './locales/embedded.en.ts'

export type EmbeddedKey = keyof typeof en

/** The embedded wallet's texts, one chunk per language, loaded with its views. */
export const EMBEDDED_MESSAGES = catalogue<EmbeddedKey>({
  en: () => import('./locales/embedded.en.ts'),
  de: () => import('./locales/embedded.de.ts'),
  es: () => import('./locales/embedded.es.ts'),
  fr: () => import('./locales/embedded.fr.ts'),
  pt: () => import('./locales/embedded.pt.ts'),
  it: () => import('./locales/embedded.it.ts'),
  ja: () => import('./locales/embedded.ja.ts'),
  ko: () => import('./locales/embedded.ko.ts'),
  'zh-CN': () => import('./locales/embedded.zh-CN.ts'),
  ru: () => import('./locales/embedded.ru.ts'),
  tr: () => import('./locales/embedded.tr.ts'),
  ar: () => import('./locales/embedded.ar.ts'),
})
