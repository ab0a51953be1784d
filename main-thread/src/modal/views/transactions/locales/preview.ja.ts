import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (ja). */
export default {
  balanceChanges: '残高の変化',
  simulating: 'ネットワークでシミュレーション中…',
  noChanges: '残高の変化はありません',
  willFail: 'このトランザクションは失敗します: {reason}',
  sendAnyway: '失敗すること、それでもネットワーク手数料がかかる場合があることを理解しました',
  couldNotSimulate: 'シミュレーションできませんでした（{reason}）。承認する前にウォレットの表示を確認してください。',
  approvalsGranted: '付与される承認',
  approvalUnlimited: '{spender} にあなたの {symbol} の無制限の承認',
  approvalAmount: '{spender} に {amount} {symbol} の承認',
  approvalAll: '{spender} にあなたが持つすべての {symbol} NFT の承認',
  approvalRevoked: '{spender} のあなたの {symbol} への承認を取り消します',
} satisfies Record<PreviewKey, string>
