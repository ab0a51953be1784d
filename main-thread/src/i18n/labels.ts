import type { Locale } from '@portico/shared-types'

/** The few texts on the page before the modal loads; the full catalogues load with the modal. */
const CONNECT_WALLET: Record<Locale, string> = { en: 'Connect Wallet', de: 'Wallet verbinden' }

export const connectWalletLabel = (locale: Locale | undefined) => CONNECT_WALLET[locale ?? 'en'] ?? CONNECT_WALLET.en
