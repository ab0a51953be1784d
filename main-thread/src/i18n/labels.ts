import type { Locale } from '@portico/shared-types'

/** The few texts on the page before the modal loads; the full catalogues load with the modal. */
const CONNECT_WALLET: Record<Locale, string> = { en: 'Connect Wallet', de: 'Wallet verbinden' }
const SELECT_NETWORK: Record<Locale, string> = { en: 'Select network', de: 'Netzwerk wählen' }
/** The Intl locale of each catalogue: numbers, currencies and month names follow it. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', de: 'de-DE' }

// `locale` comes from `client.startup` (with the schema's default); an unknown one falls back to English.
export const connectWalletLabel = (locale: Locale) => CONNECT_WALLET[locale] ?? CONNECT_WALLET.en
export const selectNetworkLabel = (locale: Locale) => SELECT_NETWORK[locale] ?? SELECT_NETWORK.en
export const intlLocale = (locale: Locale) => INTL_LOCALE[locale] ?? INTL_LOCALE.en
