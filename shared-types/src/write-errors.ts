import { MESSAGES, PorticoError } from './errors.ts'
import type { WriteError, WriteErrorCode, WriteField } from './write.ts'

/**
 * The English texts of the write path's error codes (send, swap, buy, sign-in, names): SPEC.md §8's
 * where it has one. The one English table: the core's `WriteFailure` says it, the page's English
 * catalogue is it, and every other locale translates its keys.
 */
export const WRITE_ERROR_TEXTS = {
  RECEIVER_REQUIRED: 'Enter a receiver address or name',
  RECEIVER_INVALID: 'Enter a valid address: 0x and 40 hex characters',
  RECEIVER_NOT_FOUND: 'No account has the name {name}',
  AMOUNT_REQUIRED: 'Enter an amount',
  AMOUNT_INVALID: 'Enter the amount as a number, like 0.5',
  AMOUNT_NOT_POSITIVE: 'The amount must be more than 0',
  AMOUNT_TOO_MANY_DECIMALS: '{symbol} has at most {decimals} decimals',
  AMOUNT_EXCEEDS_BALANCE: 'Not enough {symbol}: the balance is {balance}',
  TOKEN_REQUIRED: 'Choose a token',
  GAS_PRICE_REQUIRED: 'The network fee could not be read. Try again.',
  INSUFFICIENT_GAS: 'Not enough {symbol} to pay the network fee',
  SOLANA_SEND_INCOMPLETE: MESSAGES.solanaSendIncomplete,
  SOLANA_SEND_FAILED: MESSAGES.solanaSendFailed,
  SAME_TOKEN: 'Choose two different tokens',
  NO_ROUTE: 'No route or not enough liquidity to swap {from} for {to}',
  QUOTE_MOVED: 'The price moved: you would now get {amount} {symbol}. Check the new quote and swap again.',
  SWAP_UNSUPPORTED_NETWORK: MESSAGES.swapsUnsupported,
  NAME_REQUIRED: 'Enter a name',
  NAME_INVALID: 'Use letters, digits and hyphens only, at least 4 characters',
  NAME_TAKEN: '{name} is already taken',
  NAME_REGISTER_FAILED: MESSAGES.errorRegisteringName,
  SIWX_INIT_FAILED: MESSAGES.siwxInitFailed,
  SIWX_VERIFY_FAILED: MESSAGES.signatureDeclined,
  NOT_CONNECTED: 'Connect a wallet first',
  OFFLINE: 'Sending needs the network. Reconnect and try again.',
  UNSUPPORTED_NAMESPACE: 'Sending on this network is not available yet',
  PENDING_LIMIT: 'Too many transactions are pending. Wait for some to finish.',
  WRITE_NOT_FOUND: MESSAGES.somethingWentWrong,
  WRITE_OUTCOME_UNKNOWN: 'The connection was lost while the wallet had the request. Check Activity before trying again.',
  USER_REJECTED: 'Declined in the wallet. Nothing was sent.',
  EXECUTION_REVERTED: 'The transaction would fail: execution reverted',
  FEE_CAP_TOO_HIGH: 'The fee cap is higher than the network allows',
  FEE_CAP_TOO_LOW: 'The fee cap is below the network’s base fee',
  NONCE_TOO_HIGH: 'The transaction’s nonce is ahead of the account',
  NONCE_TOO_LOW: 'The transaction’s nonce was already used',
  NONCE_MAX_VALUE: 'The account’s nonce is at its maximum',
  INSUFFICIENT_FUNDS: 'Not enough funds for the amount and the network fee',
  INTRINSIC_GAS_TOO_HIGH: 'The gas limit is above the block’s limit',
  INTRINSIC_GAS_TOO_LOW: 'The gas limit is too low for this transaction',
  TRANSACTION_TYPE_NOT_SUPPORTED: 'The network does not support this transaction type',
  TIP_ABOVE_FEE_CAP: 'The priority fee is higher than the fee cap',
  UNKNOWN_NODE_ERROR: 'The network refused the transaction',
  SOMETHING_WENT_WRONG: MESSAGES.somethingWentWrong,
} as const satisfies Record<WriteErrorCode, string>

/** A write error's English text with its placeholders filled (`{symbol}` from `values`). */
export function writeErrorText(error: Pick<WriteError, 'code' | 'values'>): string {
  return WRITE_ERROR_TEXTS[error.code].replace(/\{(\w+)\}/g, (whole, key: string) => error.values?.[key] ?? whole)
}

/**
 * A write refused or failed, with its code: the core answers the code (and the field it concerns) to
 * the page, which says it in the visitor's language; its message is the English text.
 */
export class WriteFailure extends PorticoError {
  override name = 'WriteFailure' as const
  readonly error: WriteError
  constructor(code: WriteErrorCode, options: { field?: WriteField; values?: Record<string, string>; details?: string; cause?: unknown } = {}) {
    const { cause, ...rest } = options
    super(writeErrorText({ code, values: rest.values }), { cause, details: rest.details })
    this.error = { code, ...rest }
  }
}
