import { USER_REJECTED_CODE } from '@portico/shared-types/embedded-rpc'
import type * as Helpers from './providerHelpers.ts'

let loading: Promise<typeof Helpers> | null = null

/**
 * viem's provider errors and hex helpers (`providerHelpers.ts`), loaded with the first call that needs
 * them: a wallet asked something, an error to throw. A failed load is tried again on the next call.
 */
export function providerHelpers(): Promise<typeof Helpers> {
  loading ??= import('./providerHelpers.ts').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

/** Whether the visitor refused (EIP-1193 4001: viem's `UserRejectedRequestError`, or any error with that code). */
export function isUserRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === USER_REJECTED_CODE
}
