import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (en): the wallets connected at once. */
export default {
  intro: 'Choose the wallet this app uses. The others stay connected.',
  connectedWallets: 'Connected wallets',
  inUse: 'In use',
  switchingTo: 'Switching to {wallet}…',
  nowUsing: 'Now using {wallet}',
  switchFailed: 'Could not switch to {wallet}',
  disconnectWallet: 'Disconnect {wallet}',
  walletDisconnected: '{wallet} disconnected',
  walletsConnected: 'one:{count} wallet connected|other:{count} wallets connected',
} satisfies Record<WalletsKey, string>
