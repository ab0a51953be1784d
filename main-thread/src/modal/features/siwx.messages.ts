import type { FeatureCatalogue } from '../../i18n/useMessages.ts'

export type SiwxKey = 'body' | 'account' | 'sign' | 'cancel' | 'authenticating' | 'signatureDeclined' | 'smartAccountsUnsupported' | 'initFailed' | 'required' | 'sessionExpired'

export const SIWX_MESSAGES: FeatureCatalogue<SiwxKey> = {
  en: {
    sessionExpired: 'Session Expired',
    body: '{app} wants to connect to your wallet. Please sign this message to verify that you’re the owner of this wallet.',
    account: 'Account {address} on {network}',
    sign: 'Sign',
    cancel: 'Cancel',
    authenticating: 'Authenticating...',
    signatureDeclined: 'Signature declined',
    smartAccountsUnsupported: 'This application might not support Smart Accounts',
    initFailed: 'A problem occurred while trying initialize authentication',
    required: 'This app asks every visitor to sign in. Cancelling disconnects the wallet.',
  },
  de: {
    sessionExpired: 'Sitzung abgelaufen',
    body: '{app} möchte sich mit deiner Wallet verbinden. Signiere diese Nachricht, um zu bestätigen, dass dir diese Wallet gehört.',
    account: 'Konto {address} auf {network}',
    sign: 'Signieren',
    cancel: 'Abbrechen',
    authenticating: 'Authentifiziere...',
    signatureDeclined: 'Signatur abgelehnt',
    smartAccountsUnsupported: 'Diese Anwendung unterstützt Smart Accounts möglicherweise nicht',
    initFailed: 'Beim Start der Anmeldung ist ein Problem aufgetreten',
    required: 'Diese App verlangt eine Anmeldung. Abbrechen trennt die Wallet.',
  },
}
