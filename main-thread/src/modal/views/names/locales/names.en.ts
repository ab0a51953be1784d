import { pickMessages } from '@portico/shared-types/errors'
import type { NamesKey } from '../names.messages.ts'

/** names texts (en): SPEC.md §8's texts from the one English table, and the view's own. */
export default {
  ...pickMessages(['errorResolvingName', 'errorFetchingNameSuggestions', 'errorRegisteringName']),
  intro: 'Your account name is how other people find and pay you, instead of a long address.',
  nameLabel: 'Account name',
  rules: 'Letters, digits and hyphens, at least 4 characters.',
  checking: 'Checking {name}…',
  available: '{name} is available',
  taken: '{name} is already taken',
  suggestions: 'Suggestions',
  useSuggestion: 'Use {name}',
  register: 'Register {name}',
  approveInWallet: 'Sign the message in {wallet} to register {name}.',
  registering: 'Registering…',
  needsNetwork: 'Registering a name needs the network. Reconnect and try again.',
  evmOnly: 'Account names are available on EVM networks only. Switch to an EVM network to register one.',
  successTitle: '{name} is yours',
  successBody: 'It is now the name of your account, and people can send to it.',
  backToAccount: 'Back to account',
} satisfies Record<NamesKey, string>
