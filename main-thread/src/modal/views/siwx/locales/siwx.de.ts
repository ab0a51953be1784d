import type { SiwxKey } from '../siwx.messages.ts'

/** siwx texts (de). */
export default {
  sessionExpired: 'Sitzung abgelaufen',
  body: '{app} möchte sich mit deiner Wallet verbinden. Signiere diese Nachricht, um zu bestätigen, dass dir diese Wallet gehört.',
  account: 'Konto {address} auf {network}',
  sign: 'Signieren',
  cancel: 'Abbrechen',
  authenticating: 'Authentifiziere...',
  signatureDeclined: 'Signatur abgelehnt',
  smartAccountsUnsupported: 'Diese Anwendung unterstützt Smart Accounts möglicherweise nicht',
  siwxInitFailed: 'Beim Start der Anmeldung ist ein Problem aufgetreten',
  required: 'Diese App verlangt eine Anmeldung. Abbrechen trennt die Wallet.',
} satisfies Record<SiwxKey, string>
