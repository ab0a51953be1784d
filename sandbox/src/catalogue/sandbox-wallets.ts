import { ICON_SVG } from '../../wallet/icon.ts'
import { uuidFrom, walletIdFor, type CatalogueWallet } from './wallets.ts'

export const SANDBOX_WALLET_RDNS = 'dev.portico.sandbox-wallet'
export const SANDBOX_WALLET_ID = walletIdFor('Sandbox Wallet')

/** The sandbox's own wallets, listed first: the test wallet, announced in the page by EIP-6963. */
export function sandboxWallets(): CatalogueWallet[] {
  return [
    {
      id: SANDBOX_WALLET_ID,
      name: 'Sandbox Wallet',
      image_id: uuidFrom('image:Sandbox Wallet'),
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
