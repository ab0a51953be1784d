import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** WalletConnect texts (fr). */
export default {
  scanWithPhone: 'Scannez ce QR code avec votre téléphone',
  scanWithWallet: 'Scannez ce QR code avec {wallet}',
  qrLabel: 'QR code WalletConnect',
  preparing: 'Préparation du QR code…',
  copyLink: 'Copier le lien',
  linkCopied: 'Lien copié',
  openWallet: 'Ouvrir {wallet}',
  failed: 'La connexion n’a pas abouti : {reason}',
  declined: 'Connexion refusée',
  tryAgain: 'Réessayer',
  approveInWallet: 'Approuvez la connexion dans votre wallet',
  orPickWallet: 'Ou choisissez votre wallet',
} satisfies Record<WalletConnectKey, string>
