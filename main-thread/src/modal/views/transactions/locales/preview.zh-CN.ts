import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (zh-CN). */
export default {
  balanceChanges: '余额变化',
  simulating: '正在网络上模拟…',
  noChanges: '余额没有变化',
  willFail: '此交易将会失败：{reason}',
  sendAnyway: '我了解它会失败，且仍可能产生网络费用',
  couldNotSimulate: '无法模拟（{reason}）。批准前请检查钱包显示的内容。',
  approvalsGranted: '授予的授权',
  approvalUnlimited: '授予 {spender} 对你的 {symbol} 的无限授权',
  approvalAmount: '授予 {spender} {amount} {symbol} 的授权',
  approvalAll: '授予 {spender} 对你持有的所有 {symbol} NFT 的授权',
  approvalRevoked: '撤销 {spender} 对你的 {symbol} 的授权',
} satisfies Record<PreviewKey, string>
