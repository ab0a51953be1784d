import type { NamesKey } from '../names.messages.ts'

/** Account name texts (it). */
export default {
  intro: 'Il nome del tuo account è il modo in cui gli altri ti trovano e ti pagano, invece di un lungo indirizzo.',
  nameLabel: 'Nome dell’account',
  rules: 'Lettere, cifre e trattini, almeno 4 caratteri.',
  checking: 'Verifica di {name}…',
  available: '{name} è disponibile',
  taken: '{name} è già in uso',
  errorResolvingName: 'Errore nella risoluzione del nome',
  suggestions: 'Suggerimenti',
  errorFetchingNameSuggestions: 'Errore nel recupero dei suggerimenti di nome',
  useSuggestion: 'Usa {name}',
  register: 'Registra {name}',
  approveInWallet: 'Firma il messaggio in {wallet} per registrare {name}.',
  registering: 'Registrazione…',
  errorRegisteringName: 'Errore durante la registrazione del nome {name}',
  needsNetwork: 'Registrare un nome richiede la rete. Riconnettiti e riprova.',
  evmOnly: 'I nomi account sono disponibili solo sulle reti EVM. Passa a una rete EVM per registrarne uno.',
  successTitle: '{name} è tuo',
  successBody: 'Ora è il nome del tuo account e gli altri possono inviarti fondi con esso.',
  backToAccount: 'Torna all’account',
} satisfies Record<NamesKey, string>
