import type * as z from './zod-mini.ts'
import { PorticoError, type PorticoErrorOptions, type SerializedError } from './errorBase.ts'

/**
 * The one English table of SPEC.md §8's texts, for every text a visitor or developer can read: the
 * errors thrown take their message from it, and the modal's catalogues take the texts they show from
 * it under the same keys (`pickMessages`), every other language translating those keys.
 */
export const MESSAGES = {
  fetchTransactionsFailed: 'Failed to fetch transactions',
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  transactionStarted: 'Transaction started',
  somethingWentWrong: 'Something went wrong',
  signatureDeclined: 'Signature declined',
  userOperationReceiptFailed: 'Failed to fetch user operation receipt with the HTTP status',
  smartAccountsUnsupported: 'This application might not support Smart Accounts',
  siwxInitFailed: 'A problem occurred while trying initialize authentication',
  authenticating: 'Authenticating...',
  invalidAppConfiguration: 'Invalid App Configuration',
  networkNotFound: 'Network Not Found',
  sessionExpired: 'Session Expired',
  projectIdNotConfigured: 'Project ID Not Configured',
  unsupportedChain: 'Unsupported chain',
  transactionsNeedAddress: "Transactions can't be fetched without an accountAddress",
  failedToDisconnect: 'Failed to disconnect',
  rpcNotAllowed: 'Requested RPC call is not allowed',
  actionNotAllowed: 'Action not allowed',
  errorResolvingName: 'Error resolving name',
  swapsUnsupported: 'Network not supported for Swaps',
  solanaSendIncomplete: 'Please enter a valid amount and receiver address',
  solanaSendFailed: 'Failed to send transaction. Please try again.',
  gasPriceUnsupported: 'Network not supported for Gas Price',
  errorFetchingNameSuggestions: 'Error fetching name suggestions',
  errorFetchingNames: 'Error fetching names for address',
  errorRegisteringName: 'Error registering name {name}',
  switchChainFailed: "Failed to switch to chain '{chain}'. The chain is not approved or the wallet does not support 'wallet_switchEthereumChain' method",
  noRpcUrl: 'No RPC url provided for chainId',
  connectBeforeRequest: 'Please call connect() before request()',
  sessionNotInitialized: 'Session not initialized',
  signClientNotInitialized: 'Sign Client not initialized',
  emailLoginCooldown: 'Please try again after {seconds} seconds',
  embeddedDependencyFailed: 'Unable to load email login dependency',
  embeddedRequestAborted: 'Request was aborted',
  embeddedDefaultError: 'An error occurred',
  capabilitiesAddressMissing: 'Missing address parameter in `wallet_getCapabilities` request',
  callsStatusNotApproved: 'Fetching call status not approved by the wallet',
} as const
export type PorticoMessageKey = keyof typeof MESSAGES

/**
 * The texts of `keys` from the one English table, for a catalogue of the modal that shows them: its
 * English file spreads them, every other language has the same keys (typed by the catalogue's keys).
 *
 * @example
 * pickMessages(['failedToDisconnect']) // { failedToDisconnect: 'Failed to disconnect' }
 */
export function pickMessages<const K extends PorticoMessageKey>(keys: readonly K[]): { readonly [P in K]: (typeof MESSAGES)[P] } {
  return Object.fromEntries(keys.map((key) => [key, MESSAGES[key]])) as { readonly [P in K]: (typeof MESSAGES)[P] }
}

/**
 * What the embedded wallet says when a step fails, in English: the frame service and the frame page
 * answer with these texts (SPEC.md §8's where it has one), and the modal shows each in the visitor's
 * language (`matchEmbeddedError` finds the text's key and its values).
 */
export const EMBEDDED_ERRORS = {
  cooldown: MESSAGES.emailLoginCooldown,
  tooManyTriesWait: 'Too many attempts. Please try again after {seconds} seconds',
  invalidCode: 'Invalid code',
  tooManyAttempts: 'Too many attempts. Request a new code',
  codeExpired: 'Code expired. Request a new code',
  noCodeRequested: 'No code was requested for this email',
  deviceNotConfirmed: 'Device not confirmed yet. Open the link in the email',
  linkInvalid: 'This link is invalid or has expired',
  notLoggedIn: 'Not logged in',
  emailInUse: 'This email is already in use',
  sameEmail: 'This is already your email',
  unknownAccount: 'Unknown account {address}',
  unsupportedMethod: 'Unsupported method {method}',
  unsupportedChain: MESSAGES.unsupportedChain,
  rpcNotAllowed: MESSAGES.rpcNotAllowed,
  smartAccountsUnavailable: 'Smart accounts are not available',
  invalidAppConfiguration: MESSAGES.invalidAppConfiguration,
  defaultError: MESSAGES.embeddedDefaultError,
  somethingWentWrong: MESSAGES.somethingWentWrong,
  dependencyFailed: MESSAGES.embeddedDependencyFailed,
  requestAborted: MESSAGES.embeddedRequestAborted,
  socialStateUnknown: 'This sign-in has expired. Start again',
  socialFailed: 'Sign-in with {provider} failed',
  farcasterUnavailable: 'Farcaster sign-in is not available',
  unsupportedSocialProvider: 'Unsupported social provider {provider}',
  sessionBindingMissing: 'This browser session cannot start a sign-in. Reload the page',
  passkeyUnknown: 'This passkey is not known here',
  passkeyFailed: 'The passkey could not be checked. Try again',
  passkeyLimit: 'You have the most passkeys allowed. Remove one first',
  passkeyLastWayIn: 'This passkey is your only way in and cannot be removed',
  freshFactorNeeded: 'Confirm it is you first: sign in again or use your passkey',
  totpAlreadyOn: 'The authenticator app is already on',
} as const
export type EmbeddedErrorKey = keyof typeof EMBEDDED_ERRORS

let embeddedErrorPatterns: [EmbeddedErrorKey, RegExp][] | undefined

/**
 * The key of an embedded-wallet error text and the values in its placeholders, or undefined for a
 * text that is not one of `EMBEDDED_ERRORS`.
 *
 * @example
 * matchEmbeddedError('Please try again after 27 seconds') // { key: 'cooldown', values: { seconds: '27' } }
 */
export function matchEmbeddedError(message: string): { key: EmbeddedErrorKey; values: Record<string, string> } | undefined {
  embeddedErrorPatterns ??= (Object.entries(EMBEDDED_ERRORS) as [EmbeddedErrorKey, string][]).map(([key, text]) => {
    const source = text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>.{1,200}?)')
    return [key, new RegExp(`^${source}$`, 's')]
  })
  for (const [key, pattern] of embeddedErrorPatterns) {
    const found = pattern.exec(message)
    if (found) return { key, values: { ...found.groups } }
  }
  return undefined
}

/**
 * SPEC.md §5's email-login cooldown message for what is left of it, in whole seconds rounded up.
 *
 * @example
 * emailCooldownMessage(26_100) // 'Please try again after 27 seconds'
 */
export function emailCooldownMessage(remainingMs: number): string {
  return MESSAGES.emailLoginCooldown.replace('{seconds}', String(Math.ceil(remainingMs / 1000)))
}

export { PorticoError, UsageError, type PorticoErrorName, type PorticoErrorOptions, type SerializedError } from './errorBase.ts'

/** An HTTP answer outside 2xx: 'HTTP status code: {status}'. */
export class HttpRequestError extends PorticoError {
  override name = 'HttpRequestError' as const
  readonly status: number | undefined
  readonly url: string
  readonly retryAfterMs: number | undefined

  constructor({ status, url, retryAfterMs, cause }: { status?: number | undefined; url: string; retryAfterMs?: number | undefined; cause?: unknown }) {
    super(`HTTP status code: ${status ?? 'none'}`, { cause, details: url })
    this.status = status
    this.url = url
    this.retryAfterMs = retryAfterMs
  }

  override toJSON(): SerializedError {
    return { ...super.toJSON(), status: this.status }
  }
}

export class TimeoutError extends PorticoError {
  override name = 'TimeoutError' as const
  constructor(url: string, timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`, { details: url })
  }
}

/** A path of a schema issue as a developer writes it: `networks.0.rpcUrls`. */
const pathText = (path: readonly PropertyKey[]) => path.map(String).join('.')

/**
 * Every issue of a failed parse, one line each (`features.analytcs: Unknown key 'analytcs'. Did you
 * mean 'analytics'?`). An unknown-keys issue gives a line per key; a union whose other branches
 * failed only on the value's type shows the issues of the branch that was meant.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], base: readonly PropertyKey[] = []): string[] {
  const lines: string[] = []
  for (const issue of issues) {
    const path = [...base, ...issue.path]
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const meant = issue.errors.filter((branch) => branch.length > 0 && !branch.every((i) => (i.code === 'invalid_type' || i.code === 'invalid_value') && i.path.length === 0))
      if (meant.length === 1) {
        lines.push(...describeIssues(meant[0]!, path))
        continue
      }
    }
    if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) {
      const parts = issue.message.split(/(?=Unknown key ')/).map((part) => part.trim())
      for (const [i, key] of issue.keys.entries()) lines.push(`${pathText([...path, key])}: ${parts.length === issue.keys.length ? parts[i] : issue.message}`)
      continue
    }
    lines.push(path.length > 0 ? `${pathText(path)}: ${issue.message}` : issue.message)
  }
  return lines
}

/** A payload from outside failed its schema; the message uses zod's generic texts ('Required', 'Expected X, received Y'). */
export class SchemaValidationError extends PorticoError {
  override name = 'SchemaValidationError' as const
  readonly issues: readonly z.core.$ZodIssue[]
  /**
   * @param listAll The message lists every issue, one line each (a developer's configuration);
   *   otherwise it is the first issue's.
   */
  constructor(what: string, issues: readonly z.core.$ZodIssue[], { listAll = false }: { listAll?: boolean } = {}) {
    const first = issues[0]
    const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : ''
    const lines = listAll ? describeIssues(issues) : []
    const message =
      listAll && lines.length > 0
        ? `Invalid ${what} (${lines.length} ${lines.length === 1 ? 'issue' : 'issues'}):\n${lines.map((line) => `- ${line}`).join('\n')}`
        : first
          ? `${first.message}${where}`
          : 'Invalid payload'
    super(message, { details: what })
    this.issues = issues
  }
}

/** An answer whose body is larger than the client reads: the read stopped at `maxBytes`; not retried (the same answer would come again). */
export class ResponseTooLargeError extends PorticoError {
  override name = 'ResponseTooLargeError' as const
  readonly url: string
  readonly maxBytes: number
  constructor(url: string, maxBytes: number) {
    super(`Response body larger than ${maxBytes} bytes`, { details: url })
    this.url = url
    this.maxBytes = maxBytes
  }
}

export class TokenBalanceUnavailableError extends PorticoError {
  override name = 'TokenBalanceUnavailableError' as const
  constructor(options: PorticoErrorOptions = {}) {
    super(MESSAGES.tokenBalanceUnavailable, options)
  }
}

export class UnsupportedChainError extends PorticoError {
  override name = 'UnsupportedChainError' as const
  constructor(options: PorticoErrorOptions = {}) {
    super(MESSAGES.unsupportedChain, options)
  }
}

export class StorageUnavailableError extends PorticoError {
  override name = 'StorageUnavailableError' as const
  constructor(options: PorticoErrorOptions = {}) {
    super('Storage unavailable: Portico keeps working in memory for this session', options)
  }
}

// A wallet's EIP-1193 errors are viem's (`UserRejectedRequestError`, `ProviderRpcError`): the page's
// connectors map what a wallet throws into them (`connectors/eip1193.ts`).

/** SPEC.md §8: the wallet cannot switch to the chain. */
export class SwitchChainError extends PorticoError {
  override name = 'SwitchChainError' as const
  constructor(caipNetworkId: string, options: PorticoErrorOptions = {}) {
    super(
      MESSAGES.switchChainFailed.replace('{chain}', () => caipNetworkId),
      options,
    )
  }
}

/**
 * A wallet's failure as the wallet gave it: its message, and its EIP-1193 code and data when it gave
 * them. The cause under viem's provider errors (`ProviderRpcError`) that the page's connectors throw.
 */
export class WalletError extends PorticoError {
  override name = 'WalletError' as const
  readonly code: number | undefined
  readonly data: unknown
  constructor(message: string, options: PorticoErrorOptions & { code?: number | undefined; data?: unknown } = {}) {
    const { code, data, ...rest } = options
    super(message, rest)
    this.code = code
    this.data = data
  }
}

/** The wallet asked for is no longer on the page (its extension went away, its connector was dropped). */
export class WalletUnavailableError extends PorticoError {
  override name = 'WalletUnavailableError' as const
  constructor(options: PorticoErrorOptions = {}) {
    super('This wallet is no longer available on the page', options)
  }
}

/** A step of a write addressed to the dapp's own code (a SIWX configuration's function) that nothing in the page answers. */
export class UnansweredRequestError extends PorticoError {
  override name = 'UnansweredRequestError' as const
  readonly method: string
  constructor(method: string, options: PorticoErrorOptions = {}) {
    super(`Nothing in the page answers ${method}`, options)
    this.method = method
  }
}

/** SPEC.md §8: `wallet_getCapabilities` asked without the account it is about. */
export class CapabilitiesAddressMissingError extends PorticoError {
  override name = 'CapabilitiesAddressMissingError' as const
  constructor(options: PorticoErrorOptions = {}) {
    super(MESSAGES.capabilitiesAddressMissing, options)
  }
}

/** SPEC.md §8: the wallet did not approve `wallet_getCallsStatus` (not in its session's methods, or it does not answer the method). */
export class CallsStatusNotApprovedError extends PorticoError {
  override name = 'CallsStatusNotApprovedError' as const
  constructor(options: PorticoErrorOptions = {}) {
    super(MESSAGES.callsStatusNotApproved, options)
  }
}

/** SPEC.md §8: the core could not forget a connection. */
export class DisconnectError extends PorticoError {
  override name = 'DisconnectError' as const
  constructor(options: PorticoErrorOptions = {}) {
    super(MESSAGES.failedToDisconnect, options)
  }
}

/** SPEC.md §8: the bundler call (SPEC.md §7) for a user operation's receipt answered an HTTP failure; the wallet is asked instead. */
export class UserOperationReceiptError extends PorticoError {
  readonly status: number | undefined
  constructor({ status, ...options }: PorticoErrorOptions & { status?: number | undefined } = {}) {
    super(`${MESSAGES.userOperationReceiptFailed} ${status ?? 'none'}`, options)
    this.status = status
  }
}

/**
 * A thrown value as an error: an `Error` stays itself, anything else is a `PorticoError` of its text
 * with the value as its cause.
 *
 * @example
 * asError('offline').message // 'offline'
 */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new PorticoError(String(error), { cause: error })
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof PorticoError) return error.toJSON()
  if (error instanceof Error) return { name: 'PorticoError', message: error.message }
  return { name: 'PorticoError', message: MESSAGES.somethingWentWrong }
}
