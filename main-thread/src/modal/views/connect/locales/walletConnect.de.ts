import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** walletConnect texts (de). */
export default {
  scanWithPhone: 'Scanne diesen QR-Code mit deinem Handy',
  scanWithWallet: 'Scanne diesen QR-Code mit {wallet}',
  qrLabel: 'WalletConnect-QR-Code',
  preparing: 'QR-Code wird vorbereitet…',
  copyLink: 'Link kopieren',
  linkCopied: 'Link kopiert',
  openWallet: '{wallet} öffnen',
  failed: 'Die Verbindung kam nicht zustande: {reason}',
  declined: 'Verbindung abgelehnt',
  tryAgain: 'Erneut versuchen',
  approveInWallet: 'Bestätige die Verbindung in deiner Wallet',
  orPickWallet: 'Oder wähle deine Wallet',
} satisfies Record<WalletConnectKey, string>
