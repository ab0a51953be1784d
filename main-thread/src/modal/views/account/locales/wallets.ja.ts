import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (ja). */
export default {
  intro: 'このアプリで使うウォレットを選んでください。ほかのウォレットは接続されたままです。',
  connectedWallets: '接続中のウォレット',
  inUse: '使用中',
  switchingTo: '{wallet} に切り替えています…',
  nowUsing: '{wallet} を使用しています',
  switchFailed: '{wallet} に切り替えられませんでした',
  disconnectWallet: '{wallet} を切断',
  walletDisconnected: '{wallet} を切断しました',
  walletsConnected: 'other:{count} 個のウォレットが接続中',
} satisfies Record<WalletsKey, string>
