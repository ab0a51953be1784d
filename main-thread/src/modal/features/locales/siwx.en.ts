import type { SiwxKey } from '../siwx.messages.ts'

/** siwx texts (en). */
export default {
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
} satisfies Record<SiwxKey, string>
