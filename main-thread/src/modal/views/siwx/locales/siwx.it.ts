import type { SiwxKey } from '../siwx.messages.ts'

/** Sign-in texts (it). */
export default {
  sessionExpired: 'Sessione scaduta',
  body: '{app} vuole connettersi al tuo wallet. Firma questo messaggio per verificare di essere il proprietario di questo wallet.',
  account: 'Account {address} su {network}',
  sign: 'Firma',
  cancel: 'Annulla',
  authenticating: 'Autenticazione...',
  signatureDeclined: 'Firma rifiutata',
  smartAccountsUnsupported: 'Questa applicazione potrebbe non supportare gli Smart Account',
  siwxInitFailed: 'Si è verificato un problema durante l’avvio dell’autenticazione',
  required: 'Questa app chiede a ogni visitatore di accedere. Annullare disconnette il wallet.',
} satisfies Record<SiwxKey, string>
