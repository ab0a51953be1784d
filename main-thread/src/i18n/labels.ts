import type { Locale } from '@portico/shared-types'

/** The few texts on the page before the modal loads; the full catalogues load with the modal. */
const CONNECT_WALLET: Record<Locale, string> = {
  en: 'Connect Wallet',
  de: 'Wallet verbinden',
  es: 'Conectar billetera',
  fr: 'Connecter un wallet',
  pt: 'Conectar carteira',
  it: 'Connetti wallet',
  ja: 'ウォレットを接続',
  ko: '지갑 연결',
  'zh-CN': '连接钱包',
  ru: 'Подключить кошелёк',
  tr: 'Cüzdan bağla',
  ar: 'ربط المحفظة',
}
const SELECT_NETWORK: Record<Locale, string> = {
  en: 'Select network',
  de: 'Netzwerk wählen',
  es: 'Seleccionar red',
  fr: 'Choisir le réseau',
  pt: 'Selecionar rede',
  it: 'Seleziona rete',
  ja: 'ネットワークを選択',
  ko: '네트워크 선택',
  'zh-CN': '选择网络',
  ru: 'Выбрать сеть',
  tr: 'Ağ seç',
  ar: 'اختيار الشبكة',
}

// `locale` comes from `client.startup` (the configuration, else the browser's languages); an unknown one falls back to English.
export const connectWalletLabel = (locale: Locale) => CONNECT_WALLET[locale] ?? CONNECT_WALLET.en
export const selectNetworkLabel = (locale: Locale) => SELECT_NETWORK[locale] ?? SELECT_NETWORK.en
/**
 * The Intl locale of each catalogue: numbers, currencies, plural rules and month names follow it
 * (English and German as written in the US and Germany; the others are Intl's own tags: pt is Brazilian).
 */
export const intlLocale = (locale: Locale): string => (locale === 'en' ? 'en-US' : locale === 'de' ? 'de-DE' : locale)
/** The writing direction of a language: Arabic is written right to left. */
export const localeDirection = (locale: Locale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr')
