import type { WalletConnectKey } from '../walletConnect.messages.ts'

/** WalletConnect texts (ja). */
export default {
  scanWithPhone: 'スマートフォンでこの QR コードをスキャンしてください',
  scanWithWallet: '{wallet} でこの QR コードをスキャンしてください',
  qrLabel: 'WalletConnect の QR コード',
  preparing: 'QR コードを準備中…',
  copyLink: 'リンクをコピー',
  linkCopied: 'リンクをコピーしました',
  openWallet: '{wallet} を開く',
  failed: '接続できませんでした: {reason}',
  declined: '接続が拒否されました',
  tryAgain: '再試行',
  approveInWallet: 'ウォレットで接続を承認してください',
  orPickWallet: 'またはウォレットを選択',
} satisfies Record<WalletConnectKey, string>
