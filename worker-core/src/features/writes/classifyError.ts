import {
  BaseError,
  ExecutionRevertedError,
  FeeCapTooHighError,
  FeeCapTooLowError,
  InsufficientFundsError,
  IntrinsicGasTooHighError,
  IntrinsicGasTooLowError,
  NonceMaxValueError,
  NonceTooHighError,
  NonceTooLowError,
  RpcRequestError,
  TipAboveFeeCapError,
  TransactionTypeNotSupportedError,
  UnknownNodeError,
  UserRejectedRequestError,
} from 'viem'
import { getNodeError } from 'viem/utils'
import { WriteFailure, type WalletAnswer, type WriteError, type WriteErrorCode } from '@portico/shared-types/write'

/** A write stopped for a reason the visitor can act on; crosses the port as its code. */
export { WriteFailure }

/** viem's node-error classes (SPEC.md §8), each with the code the page translates. */
const NODE_ERRORS: readonly (readonly [abstract new (...args: never[]) => BaseError, WriteErrorCode])[] = [
  [ExecutionRevertedError, 'EXECUTION_REVERTED'],
  [FeeCapTooHighError, 'FEE_CAP_TOO_HIGH'],
  [FeeCapTooLowError, 'FEE_CAP_TOO_LOW'],
  [NonceTooHighError, 'NONCE_TOO_HIGH'],
  [NonceTooLowError, 'NONCE_TOO_LOW'],
  [NonceMaxValueError, 'NONCE_MAX_VALUE'],
  [InsufficientFundsError, 'INSUFFICIENT_FUNDS'],
  [IntrinsicGasTooHighError, 'INTRINSIC_GAS_TOO_HIGH'],
  [IntrinsicGasTooLowError, 'INTRINSIC_GAS_TOO_LOW'],
  [TransactionTypeNotSupportedError, 'TRANSACTION_TYPE_NOT_SUPPORTED'],
  [TipAboveFeeCapError, 'TIP_ABOVE_FEE_CAP'],
  [UnknownNodeError, 'UNKNOWN_NODE_ERROR'],
]

/** EIP-1193 codes that are about the wallet, not the node: no node class applies. */
const WALLET_CODES = new Set([4100, 4200, 4900, 4901, 4902])

function details(error: unknown): string | undefined {
  if (error instanceof BaseError) return error.details || error.shortMessage
  return error instanceof Error ? error.message : undefined
}

/**
 * What went wrong, as a code: a `WriteFailure` as it is; a rejection in the wallet; a node error
 * classified by viem (from an estimate in the core, or from the wallet's answer); else 'Something went wrong'.
 */
export function classifyError(error: unknown): WriteError {
  if (error instanceof WriteFailure) return error.error
  if (error instanceof BaseError) {
    if (error.walk((e) => e instanceof UserRejectedRequestError)) return { code: 'USER_REJECTED' }
    for (const [type, code] of NODE_ERRORS) {
      const found = error.walk((e) => e instanceof type)
      // viem answers UnknownNodeError when nothing matched; that is a node error only when the node answered.
      if (found && !(type === UnknownNodeError && !error.walk((e) => e instanceof RpcRequestError))) {
        const detail = details(found) ?? details(error)
        return { code, ...(detail ? { details: detail } : {}) }
      }
    }
  }
  const detail = details(error)
  return { code: 'SOMETHING_WENT_WRONG', ...(detail ? { details: detail } : {}) }
}

/** A wallet's EIP-1193 error, classified with viem's node errors (the wallet passes the node's answer through). */
export function classifyWalletError(error: Extract<WalletAnswer, { ok: false }>['error']): WriteError {
  if (error.code === UserRejectedRequestError.code) return { code: 'USER_REJECTED', details: error.message }
  if (error.code !== undefined && WALLET_CODES.has(error.code)) return { code: 'SOMETHING_WENT_WRONG', details: error.message }
  const rpc = new RpcRequestError({ body: {}, url: 'wallet', error: { code: error.code ?? -32603, message: error.message, data: error.data } })
  return classifyError(getNodeError(rpc, {}))
}
