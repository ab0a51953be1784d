import { LOCALES } from '@portico/shared-types'
import type { Catalogue } from '../src/i18n/catalogue.ts'
import { CORE_MESSAGES } from '../src/i18n/messages.ts'
import { WRITE_ERROR_MESSAGES } from '../src/i18n/writeErrors.ts'
import { EMBEDDED_MESSAGES } from '../src/modal/views/embedded/embedded.messages.ts'
import { EMBEDDED_ERROR_MESSAGES } from '../src/modal/views/embedded/embeddedErrors.messages.ts'
import { NAMES_MESSAGES } from '../src/modal/views/names/names.messages.ts'
import { ONRAMP_MESSAGES } from '../src/modal/views/buy/onramp.messages.ts'
import { PREVIEW_MESSAGES } from '../src/modal/views/transactions/preview.messages.ts'
import { SIWX_MESSAGES } from '../src/modal/views/siwx/siwx.messages.ts'
import { SWAP_MESSAGES } from '../src/modal/views/swap/swap.messages.ts'
import { TRANSFER_MESSAGES } from '../src/modal/views/transfer/transfer.messages.ts'
import { WALLET_CONNECT_MESSAGES } from '../src/modal/views/connect/walletConnect.messages.ts'
import { WALLETS_MESSAGES } from '../src/modal/views/account/wallets.messages.ts'

/** Every message catalogue of the modal, by name. */
export const CATALOGUES: Record<string, Catalogue<string>> = {
  core: CORE_MESSAGES,
  writeErrors: WRITE_ERROR_MESSAGES,
  embedded: EMBEDDED_MESSAGES,
  embeddedErrors: EMBEDDED_ERROR_MESSAGES,
  names: NAMES_MESSAGES,
  onramp: ONRAMP_MESSAGES,
  preview: PREVIEW_MESSAGES,
  siwx: SIWX_MESSAGES,
  swap: SWAP_MESSAGES,
  transfer: TRANSFER_MESSAGES,
  walletConnect: WALLET_CONNECT_MESSAGES,
  wallets: WALLETS_MESSAGES,
}

/** Loads every language of every catalogue (tests render views without their chunks' loading). */
export async function loadAllCatalogues(): Promise<void> {
  await Promise.all(Object.values(CATALOGUES).flatMap((catalogue) => LOCALES.map((locale) => catalogue.load(locale))))
}
