import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (pt). */
export default {
  intro: 'Escolha a carteira que este app usa. As outras continuam conectadas.',
  connectedWallets: 'Carteiras conectadas',
  inUse: 'Em uso',
  switchingTo: 'Trocando para {wallet}…',
  nowUsing: 'Usando {wallet} agora',
  switchFailed: 'Não foi possível trocar para {wallet}',
  disconnectWallet: 'Desconectar {wallet}',
  walletDisconnected: '{wallet} desconectada',
  walletsConnected: 'one:{count} carteira conectada|many:{count} carteiras conectadas|other:{count} carteiras conectadas',
} satisfies Record<WalletsKey, string>
