import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (it). */
export default {
  balanceChanges: 'Variazioni di saldo',
  simulating: 'Simulazione sulla rete…',
  noChanges: 'Nessuna variazione di saldo',
  willFail: 'Questa transazione fallirà: {reason}',
  sendAnyway: 'Capisco che fallirà e può comunque costare una commissione di rete',
  couldNotSimulate: 'Impossibile simulare ({reason}). Controlla cosa mostra il tuo wallet prima di approvare.',
  approvalsGranted: 'Autorizzazioni concesse',
  approvalUnlimited: 'Autorizzazione illimitata a {spender} sui tuoi {symbol}',
  approvalAmount: 'Autorizzazione a {spender} per {amount} {symbol}',
  approvalAll: 'Autorizzazione a {spender} su tutti i tuoi NFT {symbol}',
  approvalRevoked: 'Revoca l’autorizzazione di {spender} sui tuoi {symbol}',
} satisfies Record<PreviewKey, string>
