import type { NamesKey } from '../names.messages.ts'

/** Account name texts (fr). */
export default {
  intro: 'Le nom de votre compte permet aux autres de vous trouver et de vous payer, au lieu d’une longue adresse.',
  nameLabel: 'Nom du compte',
  rules: 'Lettres, chiffres et tirets, au moins 4 caractères.',
  checking: 'Vérification de {name}…',
  available: '{name} est disponible',
  taken: '{name} est déjà pris',
  errorResolvingName: 'Erreur lors de la résolution du nom',
  suggestions: 'Suggestions',
  errorFetchingNameSuggestions: 'Erreur lors de la récupération des suggestions de noms',
  useSuggestion: 'Utiliser {name}',
  register: 'Enregistrer {name}',
  approveInWallet: 'Signez le message dans {wallet} pour enregistrer {name}.',
  registering: 'Enregistrement…',
  errorRegisteringName: 'Erreur lors de l’enregistrement du nom {name}',
  needsNetwork: 'Enregistrer un nom nécessite le réseau. Reconnectez-vous et réessayez.',
  evmOnly: 'Les noms de compte ne sont disponibles que sur les réseaux EVM. Passez à un réseau EVM pour en enregistrer un.',
  successTitle: '{name} est à vous',
  successBody: 'C’est désormais le nom de votre compte, et on peut vous envoyer des fonds à ce nom.',
  backToAccount: 'Retour au compte',
} satisfies Record<NamesKey, string>
