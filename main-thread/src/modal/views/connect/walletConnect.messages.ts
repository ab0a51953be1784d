import { catalogue } from '../../../i18n/catalogue.ts'

export type WalletConnectKey =
  | 'scanWithPhone'
  | 'scanWithWallet'
  | 'qrLabel'
  | 'preparing'
  | 'copyLink'
  | 'linkCopied'
  | 'openWallet'
  | 'failed'
  | 'declined'
  | 'tryAgain'
  | 'approveInWallet'
  | 'orPickWallet'

/** The texts of the WalletConnect views, loaded with them (not with the modal). */
export const WALLET_CONNECT_MESSAGES = catalogue<WalletConnectKey>({
  en: () => import('./locales/walletConnect.en.ts'),
  de: () => import('./locales/walletConnect.de.ts'),
  es: () => import('./locales/walletConnect.es.ts'),
  fr: () => import('./locales/walletConnect.fr.ts'),
  pt: () => import('./locales/walletConnect.pt.ts'),
  it: () => import('./locales/walletConnect.it.ts'),
  ja: () => import('./locales/walletConnect.ja.ts'),
  ko: () => import('./locales/walletConnect.ko.ts'),
  'zh-CN': () => import('./locales/walletConnect.zh-CN.ts'),
  ru: () => import('./locales/walletConnect.ru.ts'),
  tr: () => import('./locales/walletConnect.tr.ts'),
  ar: () => import('./locales/walletConnect.ar.ts'),
})
