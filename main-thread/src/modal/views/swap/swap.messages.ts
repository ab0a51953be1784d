import { catalogue } from '../../../i18n/catalogue.ts'

export type SwapKey =
  | 'youPay'
  | 'youReceive'
  | 'chooseToPay'
  | 'chooseToReceive'
  | 'searchTokens'
  | 'amountToPay'
  | 'balance'
  | 'max'
  | 'quoting'
  | 'noQuote'
  | 'rate'
  | 'priceImpact'
  | 'networkFee'
  | 'slippage'
  | 'minimumReceived'
  | 'review'
  | 'confirmSwap'
  | 'edit'
  | 'step'
  | 'stepApprove'
  | 'stepSwap'
  | 'swapStarted'
  | 'needsNetwork'
  | 'unsupported'
  | 'evmOnly'
  | 'estimate'

export const SWAP_MESSAGES = catalogue<SwapKey>({
  en: () => import('./locales/swap.en.ts'),
  de: () => import('./locales/swap.de.ts'),
  es: () => import('./locales/swap.es.ts'),
  fr: () => import('./locales/swap.fr.ts'),
  pt: () => import('./locales/swap.pt.ts'),
  it: () => import('./locales/swap.it.ts'),
  ja: () => import('./locales/swap.ja.ts'),
  ko: () => import('./locales/swap.ko.ts'),
  'zh-CN': () => import('./locales/swap.zh-CN.ts'),
  ru: () => import('./locales/swap.ru.ts'),
  tr: () => import('./locales/swap.tr.ts'),
  ar: () => import('./locales/swap.ar.ts'),
})
