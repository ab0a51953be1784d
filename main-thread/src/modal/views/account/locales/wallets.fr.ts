import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (fr). */
export default {
  intro: 'Choisissez le wallet qu’utilise cette app. Les autres restent connectés.',
  connectedWallets: 'Wallets connectés',
  inUse: 'Utilisé',
  switchingTo: 'Passage à {wallet}…',
  nowUsing: '{wallet} est maintenant utilisé',
  switchFailed: 'Impossible de passer à {wallet}',
  disconnectWallet: 'Déconnecter {wallet}',
  walletDisconnected: '{wallet} déconnecté',
  walletsConnected: 'one:{count} wallet connecté|many:{count} wallets connectés|other:{count} wallets connectés',
} satisfies Record<WalletsKey, string>
