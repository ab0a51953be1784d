import type { WalletsKey } from '../wallets.messages.ts'

/** Wallets texts (zh-CN). */
export default {
  intro: '选择此应用使用的钱包。其他钱包保持连接。',
  connectedWallets: '已连接的钱包',
  inUse: '使用中',
  switchingTo: '正在切换到 {wallet}…',
  nowUsing: '正在使用 {wallet}',
  switchFailed: '无法切换到 {wallet}',
  disconnectWallet: '断开连接 {wallet}',
  walletDisconnected: '{wallet} 已断开连接',
  walletsConnected: 'other:已连接 {count} 个钱包',
} satisfies Record<WalletsKey, string>
