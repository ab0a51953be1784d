import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (de). */
export default {
  balanceChanges: 'Saldoänderungen',
  simulating: 'Simulation im Netzwerk…',
  noChanges: 'Keine Saldoänderungen',
  willFail: 'Diese Transaktion wird fehlschlagen: {reason}',
  sendAnyway: 'Ich verstehe, dass sie fehlschlägt und trotzdem eine Netzwerkgebühr kosten kann',
  couldNotSimulate: 'Simulation nicht möglich ({reason}). Prüfen Sie, was Ihre Wallet anzeigt, bevor Sie zustimmen.',
  approvalsGranted: 'Erteilte Freigaben',
  approvalUnlimited: 'Unbegrenzte Freigabe für {spender} über Ihre {symbol}',
  approvalAmount: 'Freigabe für {spender} über {amount} {symbol}',
  approvalAll: 'Freigabe für {spender} über jedes Ihrer {symbol}-NFTs',
  approvalRevoked: 'Entzieht {spender} die Freigabe über Ihre {symbol}',
} satisfies Record<PreviewKey, string>
