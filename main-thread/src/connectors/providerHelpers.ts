/**
 * viem's provider errors and hex helpers for the page's connectors, in a chunk of their own: the code
 * that lists wallets and connects (loaded while the page is idle) carries none of viem's JSON-RPC
 * error classes; they load when a wallet is first asked something (`providerHelpers()` in `walletErrors.ts`).
 */
import { hexToNumber, numberToHex, ProviderRpcError, UnauthorizedProviderError, UserRejectedRequestError } from 'viem'
import { providerRpcErrorSchema } from '@portico/shared-types/eip1193'
import { WalletError } from '@portico/shared-types/errors'

export { hexToNumber, numberToHex, ProviderRpcError, UnauthorizedProviderError, UserRejectedRequestError }

/**
 * Turns whatever a wallet threw into viem's provider errors: `UserRejectedRequestError` for 4001,
 * `ProviderRpcError` with the wallet's code and message otherwise.
 */
export function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const parsed = providerRpcErrorSchema.safeParse(error)
  if (!parsed.success) {
    const message = error instanceof Error ? error.message : 'Unknown wallet error'
    return new ProviderRpcError(error instanceof Error ? error : new WalletError(message, { cause: error }), { code: 5000, shortMessage: message })
  }
  const cause = error instanceof Error ? error : new WalletError(parsed.data.message, { code: parsed.data.code, cause: error })
  if (parsed.data.code === UserRejectedRequestError.code) return new UserRejectedRequestError(cause)
  return new ProviderRpcError(cause, { code: parsed.data.code, shortMessage: parsed.data.message })
}

/** viem's provider error with `code` and `message` (its cause a `WalletError` with the same). */
export function providerError(code: number, message: string): ProviderRpcError {
  return new ProviderRpcError(new WalletError(message, { code }), { code, shortMessage: message })
}

/** viem's `UnauthorizedProviderError` (4100), its cause a `WalletError` saying why. */
export function unauthorized(message: string): UnauthorizedProviderError {
  return new UnauthorizedProviderError(new WalletError(message, { code: UnauthorizedProviderError.code }))
}
