import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** WalletConnect texts (tr). */
export default {
  scanWithPhone: 'Bu QR kodunu telefonunla tara',
  scanWithWallet: 'Bu QR kodunu {wallet} ile tara',
  qrLabel: 'WalletConnect QR kodu',
  preparing: 'QR kodu hazırlanıyor…',
  copyLink: 'Bağlantıyı kopyala',
  linkCopied: 'Bağlantı kopyalandı',
  openWallet: '{wallet} uygulamasını aç',
  failed: 'Bağlantı kurulamadı: {reason}',
  declined: 'Bağlantı reddedildi',
  tryAgain: 'Tekrar dene',
  approveInWallet: 'Bağlantıyı cüzdanında onayla',
  orPickWallet: 'Ya da cüzdanını seç',
} satisfies Record<WalletConnectKey, string>
