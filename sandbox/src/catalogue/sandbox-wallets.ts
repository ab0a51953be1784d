import { ICON_SVG } from '../../wallet/icon.ts'
import { SANDBOX_WALLET_NAME, SANDBOX_WALLET_RDNS } from '../../wallet/info.ts'
import { PHONE_WALLET_NAME } from '../phone-wallet/config.ts'
import { PHONE_WALLET_ICON_SVG } from '../phone-wallet/icon.ts'
import { uuidFrom, walletIdFor, type CatalogueWallet } from './wallets.ts'

/** Defined once, by the wallet itself (it announces the same rdns in the page). */
export { SANDBOX_WALLET_RDNS }
export const SANDBOX_WALLET_ID = walletIdFor(SANDBOX_WALLET_NAME)
export const PHONE_WALLET_ID = walletIdFor(PHONE_WALLET_NAME)
/** Where the phone wallet answers when the sandbox runs on its default ports. */
export const DEFAULT_PHONE_WALLET_URL = 'http://127.0.0.1:8791'

/**
 * The sandbox's own wallets, listed first: the test wallet, announced in the page by EIP-6963; then
 * the Sandbox Phone Wallet, a WalletConnect wallet page with no rdns, reached by its link: a dapp
 * opens `{mobile_link or webapp_link}wc?uri={encoded wc: URI}`.
 */
export function sandboxWallets(phoneWalletUrl = DEFAULT_PHONE_WALLET_URL): CatalogueWallet[] {
  const link = `${phoneWalletUrl.replace(/\/$/, '')}/`
  return [
    {
      id: SANDBOX_WALLET_ID,
      name: SANDBOX_WALLET_NAME,
      image_id: uuidFrom(`image:${SANDBOX_WALLET_NAME}`),
      rdns: SANDBOX_WALLET_RDNS,
      chains: ['eip155:31337', 'eip155:31338'],
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      homepage: null,
      badge_type: 'certified',
      image: { kind: 'svg', svg: ICON_SVG },
      rank: -1,
    },
    {
      id: PHONE_WALLET_ID,
      name: PHONE_WALLET_NAME,
      image_id: uuidFrom(`image:${PHONE_WALLET_NAME}`),
      rdns: null,
      chains: ['eip155:31337', 'eip155:31338'],
      mobile_link: link,
      desktop_link: null,
      webapp_link: link,
      homepage: phoneWalletUrl,
      badge_type: 'certified',
      image: { kind: 'svg', svg: PHONE_WALLET_ICON_SVG },
      rank: -1,
    },
  ]
}
