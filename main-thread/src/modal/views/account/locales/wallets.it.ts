import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (it). */
export default {
  intro: 'Scegli il wallet che usa questa app. Gli altri restano connessi.',
  connectedWallets: 'Wallet connessi',
  inUse: 'In uso',
  switchingTo: 'Passaggio a {wallet}…',
  nowUsing: 'Ora in uso: {wallet}',
  switchFailed: 'Impossibile passare a {wallet}',
  disconnectWallet: 'Disconnetti {wallet}',
  walletDisconnected: '{wallet} disconnesso',
  walletsConnected: 'one:{count} wallet connesso|many:{count} wallet connessi|other:{count} wallet connessi',
} satisfies Record<WalletsKey, string>
