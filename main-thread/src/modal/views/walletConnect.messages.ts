import type { FeatureCatalogue } from '../../i18n/useMessages.ts'

export type WalletConnectKey =
  | 'scanWithPhone'
  | 'scanWithWallet'
  | 'qrLabel'
  | 'preparing'
  | 'copyLink'
  | 'linkCopied'
  | 'openWallet'
  | 'failed'
  | 'declined'
  | 'tryAgain'
  | 'approveInWallet'
  | 'orPickWallet'

/** The texts of the WalletConnect views, loaded with them (not with the modal). */
export const WALLET_CONNECT_MESSAGES: FeatureCatalogue<WalletConnectKey> = {
  en: {
    scanWithPhone: 'Scan this QR code with your phone',
    scanWithWallet: 'Scan this QR code with {wallet}',
    qrLabel: 'WalletConnect QR code',
    preparing: 'Preparing the QR code…',
    copyLink: 'Copy link',
    linkCopied: 'Link copied',
    openWallet: 'Open {wallet}',
    failed: 'The connection did not go through: {reason}',
    declined: 'Connection declined',
    tryAgain: 'Try again',
    approveInWallet: 'Approve the connection in your wallet',
    orPickWallet: 'Or pick your wallet',
  },
  de: {
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
  },
}
