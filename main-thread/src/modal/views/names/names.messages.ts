import type { PorticoMessageKey } from '@portico/shared-types/errors'
import { catalogue } from '../../../i18n/catalogue.ts'

/** The view's keys; those of SPEC.md §8's texts are the one English table's (`MESSAGES`). */
export type NamesKey =
  | Extract<PorticoMessageKey, 'errorResolvingName' | 'errorFetchingNameSuggestions' | 'errorRegisteringName'>
  | 'intro'
  | 'nameLabel'
  | 'rules'
  | 'checking'
  | 'available'
  | 'taken'
  | 'suggestions'
  | 'useSuggestion'
  | 'register'
  | 'approveInWallet'
  | 'registering'
  | 'needsNetwork'
  | 'evmOnly'
  | 'successTitle'
  | 'successBody'
  | 'backToAccount'

export const NAMES_MESSAGES = catalogue<NamesKey>({
  en: () => import('./locales/names.en.ts'),
  de: () => import('./locales/names.de.ts'),
  es: () => import('./locales/names.es.ts'),
  fr: () => import('./locales/names.fr.ts'),
  pt: () => import('./locales/names.pt.ts'),
  it: () => import('./locales/names.it.ts'),
  ja: () => import('./locales/names.ja.ts'),
  ko: () => import('./locales/names.ko.ts'),
  'zh-CN': () => import('./locales/names.zh-CN.ts'),
  ru: () => import('./locales/names.ru.ts'),
  tr: () => import('./locales/names.tr.ts'),
  ar: () => import('./locales/names.ar.ts'),
})
