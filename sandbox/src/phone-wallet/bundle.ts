import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildBrowserBundle, type BrowserBundle } from '@portico/frame-service/bundle.ts'

const ENTRY = resolve(dirname(fileURLToPath(import.meta.url)), 'page/main.ts')

export type PhoneWalletBundle = BrowserBundle

/** The phone wallet's browser code (page/main.ts with WalletKit, core and viem), cached (see buildBrowserBundle). */
export function buildPhoneWalletBundle(cacheDir?: string): Promise<PhoneWalletBundle> {
  return buildBrowserBundle(ENTRY, 'phone-wallet', cacheDir)
}
