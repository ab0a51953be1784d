import type { FeatureCatalogue } from '../../i18n/useMessages.ts'

export type NamesKey =
  | 'intro'
  | 'nameLabel'
  | 'rules'
  | 'checking'
  | 'available'
  | 'taken'
  | 'resolveFailed'
  | 'suggestions'
  | 'suggestionsFailed'
  | 'useSuggestion'
  | 'register'
  | 'approveInWallet'
  | 'registering'
  | 'registerFailed'
  | 'needsNetwork'
  | 'successTitle'
  | 'successBody'
  | 'backToAccount'

export const NAMES_MESSAGES: FeatureCatalogue<NamesKey> = {
  en: {
    intro: 'Your account name is how other people find and pay you, instead of a long address.',
    nameLabel: 'Account name',
    rules: 'Letters, digits and hyphens, at least 4 characters.',
    checking: 'Checking {name}…',
    available: '{name} is available',
    taken: '{name} is already taken',
    resolveFailed: 'Error resolving name',
    suggestions: 'Suggestions',
    suggestionsFailed: 'Error fetching name suggestions',
    useSuggestion: 'Use {name}',
    register: 'Register {name}',
    approveInWallet: 'Sign the message in {wallet} to register {name}.',
    registering: 'Registering…',
    registerFailed: 'Error registering name {name}',
    needsNetwork: 'Registering a name needs the network. Reconnect and try again.',
    successTitle: '{name} is yours',
    successBody: 'It is now the name of your account, and people can send to it.',
    backToAccount: 'Back to account',
  },
  de: {
    intro: 'Mit deinem Kontonamen finden und bezahlen dich andere, statt mit einer langen Adresse.',
    nameLabel: 'Kontoname',
    rules: 'Buchstaben, Ziffern und Bindestriche, mindestens 4 Zeichen.',
    checking: 'Prüfe {name}…',
    available: '{name} ist frei',
    taken: '{name} ist schon vergeben',
    resolveFailed: 'Fehler beim Auflösen des Namens',
    suggestions: 'Vorschläge',
    suggestionsFailed: 'Fehler beim Laden der Namensvorschläge',
    useSuggestion: '{name} verwenden',
    register: '{name} registrieren',
    approveInWallet: 'Signiere die Nachricht in {wallet}, um {name} zu registrieren.',
    registering: 'Registriere…',
    registerFailed: 'Fehler beim Registrieren des Namens {name}',
    needsNetwork: 'Einen Namen zu registrieren braucht das Netz. Verbinde dich und versuche es erneut.',
    successTitle: '{name} gehört dir',
    successBody: 'Er ist jetzt der Name deines Kontos, und andere können an ihn senden.',
    backToAccount: 'Zurück zum Konto',
  },
}
