import type { NamesKey } from '../names.messages.ts'

/** names texts (de). */
export default {
  intro: 'Mit deinem Kontonamen finden und bezahlen dich andere, statt mit einer langen Adresse.',
  nameLabel: 'Kontoname',
  rules: 'Buchstaben, Ziffern und Bindestriche, mindestens 4 Zeichen.',
  checking: 'Prüfe {name}…',
  available: '{name} ist frei',
  taken: '{name} ist schon vergeben',
  errorResolvingName: 'Fehler beim Auflösen des Namens',
  suggestions: 'Vorschläge',
  errorFetchingNameSuggestions: 'Fehler beim Laden der Namensvorschläge',
  useSuggestion: '{name} verwenden',
  register: '{name} registrieren',
  approveInWallet: 'Signiere die Nachricht in {wallet}, um {name} zu registrieren.',
  registering: 'Registriere…',
  errorRegisteringName: 'Fehler beim Registrieren des Namens {name}',
  needsNetwork: 'Einen Namen zu registrieren braucht das Netz. Verbinde dich und versuche es erneut.',
  evmOnly: 'Kontonamen gibt es nur in EVM-Netzwerken. Wechseln Sie zu einem EVM-Netzwerk, um einen zu registrieren.',
  successTitle: '{name} gehört dir',
  successBody: 'Er ist jetzt der Name deines Kontos, und andere können an ihn senden.',
  backToAccount: 'Zurück zum Konto',
} satisfies Record<NamesKey, string>
