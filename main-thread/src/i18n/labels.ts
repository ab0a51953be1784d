import type { Locale } from '@portico/shared-types'

/** The few texts on the page before the modal loads; the full catalogues load with the modal. */
const CONNECT_WALLET: Record<Locale, string> = { en: 'Connect Wallet', de: 'Wallet verbinden' }
const SELECT_NETWORK: Record<Locale, string> = { en: 'Select network', de: 'Netzwerk wählen' }
/** The Intl locale of each catalogue: numbers, currencies and month names follow it. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', de: 'de-DE' }

export const connectWalletLabel = (locale: Locale | undefined) => CONNECT_WALLET[locale ?? 'en'] ?? CONNECT_WALLET.en
export const selectNetworkLabel = (locale: Locale | undefined) => SELECT_NETWORK[locale ?? 'en'] ?? SELECT_NETWORK.en
export const intlLocale = (locale: Locale | undefined) => INTL_LOCALE[locale ?? 'en'] ?? INTL_LOCALE.en
