import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** WalletConnect texts (zh-CN). */
export default {
  scanWithPhone: '用手机扫描此二维码',
  scanWithWallet: '用 {wallet} 扫描此二维码',
  qrLabel: 'WalletConnect 二维码',
  preparing: '正在准备二维码…',
  copyLink: '复制链接',
  linkCopied: '链接已复制',
  openWallet: '打开 {wallet}',
  failed: '连接未成功：{reason}',
  declined: '连接被拒绝',
  tryAgain: '重试',
  approveInWallet: '请在钱包中批准连接',
  orPickWallet: '或选择你的钱包',
} satisfies Record<WalletConnectKey, string>
