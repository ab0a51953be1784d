import type { SiwxKey } from '../siwx.messages.ts'

/** Sign-in texts (fr). */
export default {
  sessionExpired: 'Session expirée',
  body: '{app} souhaite se connecter à votre wallet. Signez ce message pour vérifier que vous êtes le propriétaire de ce wallet.',
  account: 'Compte {address} sur {network}',
  sign: 'Signer',
  cancel: 'Annuler',
  authenticating: 'Authentification...',
  signatureDeclined: 'Signature refusée',
  smartAccountsUnsupported: 'Cette application ne prend peut-être pas en charge les comptes intelligents',
  siwxInitFailed: 'Un problème est survenu lors de l’initialisation de l’authentification',
  required: 'Cette app demande à chaque visiteur de se connecter. Annuler déconnecte le wallet.',
} satisfies Record<SiwxKey, string>
