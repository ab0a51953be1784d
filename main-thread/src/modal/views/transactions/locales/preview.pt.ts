import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (pt). */
export default {
  balanceChanges: 'Alterações de saldo',
  simulating: 'Simulando na rede…',
  noChanges: 'Sem alterações de saldo',
  willFail: 'Esta transação vai falhar: {reason}',
  sendAnyway: 'Entendo que vai falhar e ainda pode custar uma taxa de rede',
  couldNotSimulate: 'Não foi possível simular ({reason}). Verifique o que sua carteira mostra antes de aprovar.',
  approvalsGranted: 'Aprovações concedidas',
  approvalUnlimited: 'Aprovação ilimitada para {spender} sobre seus {symbol}',
  approvalAmount: 'Aprovação para {spender} de {amount} {symbol}',
  approvalAll: 'Aprovação para {spender} sobre todos os seus NFTs {symbol}',
  approvalRevoked: 'Remove a aprovação de {spender} sobre seus {symbol}',
} satisfies Record<PreviewKey, string>
