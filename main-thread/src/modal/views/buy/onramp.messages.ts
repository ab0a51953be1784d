import { catalogue } from '../../../i18n/catalogue.ts'

export type OnrampKey =
  | 'provider'
  | 'providerFees'
  | 'providerChains'
  | 'currency'
  | 'paymentMethod'
  | 'method_card'
  | 'method_ach_bank_account'
  | 'amount'
  | 'limits'
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountOutOfLimits'
  | 'asset'
  | 'network'
  | 'quote'
  | 'youReceive'
  | 'providerFee'
  | 'networkFee'
  | 'subtotal'
  | 'total'
  | 'quoteId'
  | 'quoteLoading'
  | 'estimate'
  | 'estimateNote'
  | 'optionsEstimateNote'
  | 'continue'
  | 'opening'
  | 'openFailed'
  | 'popupBlocked'
  | 'openProviderPage'
  | 'pending'
  | 'pendingTitle'
  | 'stopWaiting'
  | 'delivered'
  | 'backToAccount'
  | 'deliveries'
  | 'noDeliveries'
  | 'deliveryRow'
  | 'restricted'
  | 'needsNetwork'
  | 'noProvider'

export const ONRAMP_MESSAGES = catalogue<OnrampKey>({
  en: () => import('./locales/onramp.en.ts'),
  de: () => import('./locales/onramp.de.ts'),
  es: () => import('./locales/onramp.es.ts'),
  fr: () => import('./locales/onramp.fr.ts'),
  pt: () => import('./locales/onramp.pt.ts'),
  it: () => import('./locales/onramp.it.ts'),
  ja: () => import('./locales/onramp.ja.ts'),
  ko: () => import('./locales/onramp.ko.ts'),
  'zh-CN': () => import('./locales/onramp.zh-CN.ts'),
  ru: () => import('./locales/onramp.ru.ts'),
  tr: () => import('./locales/onramp.tr.ts'),
  ar: () => import('./locales/onramp.ar.ts'),
})
