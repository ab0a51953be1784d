import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** WalletConnect texts (pt). */
export default {
  scanWithPhone: 'Escaneie este QR code com seu celular',
  scanWithWallet: 'Escaneie este QR code com {wallet}',
  qrLabel: 'QR code do WalletConnect',
  preparing: 'Preparando o QR code…',
  copyLink: 'Copiar link',
  linkCopied: 'Link copiado',
  openWallet: 'Abrir {wallet}',
  failed: 'A conexão não foi concluída: {reason}',
  declined: 'Conexão recusada',
  tryAgain: 'Tentar novamente',
  approveInWallet: 'Aprove a conexão na sua carteira',
  orPickWallet: 'Ou escolha sua carteira',
} satisfies Record<WalletConnectKey, string>
