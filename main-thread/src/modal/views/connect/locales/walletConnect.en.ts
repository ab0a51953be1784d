import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** walletConnect texts (en). */
export default {
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
} satisfies Record<WalletConnectKey, string>
