import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (es). */
export default {
  intro: 'Elige la billetera que usa esta app. Las demás siguen conectadas.',
  connectedWallets: 'Billeteras conectadas',
  inUse: 'En uso',
  switchingTo: 'Cambiando a {wallet}…',
  nowUsing: 'Ahora usas {wallet}',
  switchFailed: 'No se pudo cambiar a {wallet}',
  disconnectWallet: 'Desconectar {wallet}',
  walletDisconnected: '{wallet} desconectada',
  walletsConnected: 'one:{count} billetera conectada|many:{count} billeteras conectadas|other:{count} billeteras conectadas',
} satisfies Record<WalletsKey, string>
