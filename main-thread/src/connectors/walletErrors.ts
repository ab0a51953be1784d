import type * as Errors from './providerErrors.ts'

let loading: Promise<typeof Errors> | null = null

/**
 * viem's provider errors and hex helpers (`providerErrors.ts`), loaded with the first call that needs
 * them: a wallet asked something, an error to throw. A failed load is tried again on the next call.
 */
export function walletErrors(): Promise<typeof Errors> {
  loading ??= import('./providerErrors.ts').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

/** EIP-1193's code for a request the visitor refused. */
export const USER_REJECTED = 4001

/** Whether the visitor refused (EIP-1193 4001: viem's `UserRejectedRequestError`, or any error with that code). */
export function isUserRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === USER_REJECTED
}
