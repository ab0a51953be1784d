import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** WalletConnect texts (es). */
export default {
  scanWithPhone: 'Escanea este código QR con tu teléfono',
  scanWithWallet: 'Escanea este código QR con {wallet}',
  qrLabel: 'Código QR de WalletConnect',
  preparing: 'Preparando el código QR…',
  copyLink: 'Copiar enlace',
  linkCopied: 'Enlace copiado',
  openWallet: 'Abrir {wallet}',
  failed: 'La conexión no se completó: {reason}',
  declined: 'Conexión rechazada',
  tryAgain: 'Intentar de nuevo',
  approveInWallet: 'Aprueba la conexión en tu billetera',
  orPickWallet: 'O elige tu billetera',
} satisfies Record<WalletConnectKey, string>
