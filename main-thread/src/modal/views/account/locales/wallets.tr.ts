import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (tr). */
export default {
  intro: 'Bu uygulamanın kullanacağı cüzdanı seçin. Diğerleri bağlı kalır.',
  connectedWallets: 'Bağlı cüzdanlar',
  inUse: 'Kullanımda',
  switchingTo: '{wallet} cüzdanına geçiliyor…',
  nowUsing: 'Artık {wallet} kullanılıyor',
  switchFailed: '{wallet} cüzdanına geçilemedi',
  disconnectWallet: 'Bağlantıyı kes: {wallet}',
  walletDisconnected: '{wallet} bağlantısı kesildi',
  walletsConnected: 'one:{count} cüzdan bağlı|other:{count} cüzdan bağlı',
} satisfies Record<WalletsKey, string>
