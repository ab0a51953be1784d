import type { SiwxKey } from '../siwx.messages.ts'

/** Sign-in texts (pt). */
export default {
  sessionExpired: 'Sessão expirada',
  body: '{app} quer se conectar à sua carteira. Assine esta mensagem para confirmar que você é o dono desta carteira.',
  account: 'Conta {address} em {network}',
  sign: 'Assinar',
  cancel: 'Cancelar',
  authenticating: 'Autenticando...',
  signatureDeclined: 'Assinatura recusada',
  smartAccountsUnsupported: 'Este aplicativo pode não ser compatível com contas inteligentes',
  siwxInitFailed: 'Ocorreu um problema ao iniciar a autenticação',
  required: 'Este app pede que todo visitante entre. Cancelar desconecta a carteira.',
} satisfies Record<SiwxKey, string>
