import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (en). */
export default {
  balanceChanges: 'Balance changes',
  simulating: 'Simulating on the network…',
  noChanges: 'No balance changes',
  willFail: 'This transaction will fail: {reason}',
  sendAnyway: 'I understand it will fail and may still cost a network fee',
  couldNotSimulate: 'Could not simulate ({reason}). Check what your wallet shows before you approve.',
  approvalsGranted: 'Approvals granted',
  approvalUnlimited: 'Unlimited approval to {spender} for your {symbol}',
  approvalAmount: 'Approval to {spender} for {amount} {symbol}',
  approvalAll: 'Approval to {spender} for every {symbol} NFT you hold',
  approvalRevoked: 'Removes the approval of {spender} for your {symbol}',
} satisfies Record<PreviewKey, string>
