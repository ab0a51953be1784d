import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** WalletConnect texts (it). */
export default {
  scanWithPhone: 'Scansiona questo codice QR con il telefono',
  scanWithWallet: 'Scansiona questo codice QR con {wallet}',
  qrLabel: 'Codice QR WalletConnect',
  preparing: 'Preparazione del codice QR…',
  copyLink: 'Copia link',
  linkCopied: 'Link copiato',
  openWallet: 'Apri {wallet}',
  failed: 'La connessione non è riuscita: {reason}',
  declined: 'Connessione rifiutata',
  tryAgain: 'Riprova',
  approveInWallet: 'Approva la connessione nel tuo wallet',
  orPickWallet: 'Oppure scegli il tuo wallet',
} satisfies Record<WalletConnectKey, string>
