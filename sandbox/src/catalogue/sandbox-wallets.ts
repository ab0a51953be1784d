import { ICON_SVG } from '../../wallet/icon.ts'
import { SANDBOX_WALLET_NAME, SANDBOX_WALLET_RDNS } from '../../wallet/info.ts'
import { uuidFrom, walletIdFor, type CatalogueWallet } from './wallets.ts'

/** Defined once, by the wallet itself (it announces the same rdns in the page). */
export { SANDBOX_WALLET_RDNS }
export const SANDBOX_WALLET_ID = walletIdFor(SANDBOX_WALLET_NAME)

/** The sandbox's own wallets, listed first: the test wallet, announced in the page by EIP-6963. */
export function sandboxWallets(): CatalogueWallet[] {
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
  ]
}
