import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (es). */
export default {
  balanceChanges: 'Cambios de saldo',
  simulating: 'Simulando en la red…',
  noChanges: 'Sin cambios de saldo',
  willFail: 'Esta transacción fallará: {reason}',
  sendAnyway: 'Entiendo que fallará y que aun así puede costar una comisión de red',
  couldNotSimulate: 'No se pudo simular ({reason}). Revisa lo que muestra tu billetera antes de aprobar.',
  approvalsGranted: 'Aprobaciones concedidas',
  approvalUnlimited: 'Aprobación ilimitada a {spender} sobre tus {symbol}',
  approvalAmount: 'Aprobación a {spender} por {amount} {symbol}',
  approvalAll: 'Aprobación a {spender} sobre todos tus NFT {symbol}',
  approvalRevoked: 'Retira la aprobación de {spender} sobre tus {symbol}',
} satisfies Record<PreviewKey, string>
