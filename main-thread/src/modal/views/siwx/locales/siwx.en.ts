import { pickMessages } from '@portico/shared-types/errors'
import type { SiwxKey } from '../siwx.messages.ts'

/** siwx texts (en): SPEC.md §8's texts from the one English table, and the view's own. */
export default {
  ...pickMessages(['sessionExpired', 'authenticating', 'signatureDeclined', 'smartAccountsUnsupported', 'siwxInitFailed']),
  body: '{app} wants to connect to your wallet. Please sign this message to verify that you’re the owner of this wallet.',
  account: 'Account {address} on {network}',
  sign: 'Sign',
  cancel: 'Cancel',
  required: 'This app asks every visitor to sign in. Cancelling disconnects the wallet.',
} satisfies Record<SiwxKey, string>
