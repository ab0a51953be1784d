import type { PreviewKey } from '../preview.messages.ts'

/** preview texts (fr). */
export default {
  balanceChanges: 'Variations de solde',
  simulating: 'Simulation sur le réseau…',
  noChanges: 'Aucune variation de solde',
  willFail: 'Cette transaction échouera : {reason}',
  sendAnyway: 'Je comprends qu’elle échouera et peut tout de même coûter des frais de réseau',
  couldNotSimulate: 'Simulation impossible ({reason}). Vérifiez ce qu’affiche votre portefeuille avant d’approuver.',
  approvalsGranted: 'Autorisations accordées',
  approvalUnlimited: 'Autorisation illimitée à {spender} sur vos {symbol}',
  approvalAmount: 'Autorisation à {spender} pour {amount} {symbol}',
  approvalAll: 'Autorisation à {spender} sur tous vos NFT {symbol}',
  approvalRevoked: 'Retire l’autorisation de {spender} sur vos {symbol}',
} satisfies Record<PreviewKey, string>
