import type { NamesKey } from '../names.messages.ts'

/** names texts (en). */
export default {
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
} satisfies Record<NamesKey, string>
