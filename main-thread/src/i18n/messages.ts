import { catalogue } from './catalogue.ts'
import type { MessageKey } from './en.ts'

/** The modal's own texts, one chunk per language: the visitor's language loads with the modal's code. */
export const CORE_MESSAGES = catalogue<MessageKey>({
  en: () => import('./locales/core.en.ts'),
  de: () => import('./locales/core.de.ts'),
  es: () => import('./locales/core.es.ts'),
  fr: () => import('./locales/core.fr.ts'),
  pt: () => import('./locales/core.pt.ts'),
  it: () => import('./locales/core.it.ts'),
  ja: () => import('./locales/core.ja.ts'),
  ko: () => import('./locales/core.ko.ts'),
  'zh-CN': () => import('./locales/core.zh-CN.ts'),
  ru: () => import('./locales/core.ru.ts'),
  tr: () => import('./locales/core.tr.ts'),
  ar: () => import('./locales/core.ar.ts'),
})
