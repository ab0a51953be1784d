import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (de). */
export default {
  intro: 'Wähle die Wallet, die diese App nutzt. Die anderen bleiben verbunden.',
  connectedWallets: 'Verbundene Wallets',
  inUse: 'In Verwendung',
  switchingTo: 'Wechsel zu {wallet}…',
  nowUsing: 'Jetzt wird {wallet} verwendet',
  switchFailed: 'Wechsel zu {wallet} fehlgeschlagen',
  disconnectWallet: '{wallet} trennen',
  walletDisconnected: '{wallet} getrennt',
  walletsConnected: 'one:{count} Wallet verbunden|other:{count} Wallets verbunden',
} satisfies Record<WalletsKey, string>
