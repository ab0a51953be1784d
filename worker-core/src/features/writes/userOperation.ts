import { z } from 'zod/mini'
import { HttpRequestError, TimeoutError, UserOperationReceiptError } from '@portico/shared-types/errors'
import type { CaipNetworkId } from '@portico/shared-types'
import { WriteFailure } from '@portico/shared-types/write'
import type { CoreEnv } from '../../infra/context.ts'
import type { FlowStep } from './writes.ts'

/** The bundler the data API's bundler call names (SPEC.md §7 `bundler` query). */
export const BUNDLER_NAME = 'pimlico'
/** How often the receipt of a user operation is asked for, and for how long at most. */
export const USER_OPERATION_POLL_MS = 1_000
export const USER_OPERATION_RECEIPT_TIMEOUT_MS = 120_000

const hash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)) as unknown as z.ZodMiniType<`0x${string}`>
/** ERC-4337's `eth_getUserOperationReceipt` answer: the fields the core reads (others pass). */
export const userOperationReceiptSchema = z.looseObject({
  userOpHash: hash,
  sender: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  success: z.boolean(),
  receipt: z.looseObject({ transactionHash: hash }),
})
export type UserOperationReceipt = z.infer<typeof userOperationReceiptSchema>
const answerSchema = z.object({
  result: z.optional(z.nullable(userOperationReceiptSchema)),
  error: z.optional(z.object({ message: z.string(), code: z.optional(z.number()) })),
})

/**
 * SPEC.md §7's bundler call: `eth_getUserOperationReceipt` with the operation's hash as the first
 * param, posted to the blockchain-data API's `v1/bundler` with the project id, chain id and bundler.
 * Null while the operation is not mined. An HTTP failure is SPEC.md §8's 'Failed to fetch user
 * operation receipt with the HTTP status' (the caller asks the wallet instead).
 *
 * @example
 * const receipt = await getUserOperationReceipt(env, 'eip155:31337', '0x…')
 */
export async function getUserOperationReceipt(env: CoreEnv, caipNetworkId: CaipNetworkId, userOpHash: string): Promise<UserOperationReceipt | null> {
  let answer: z.output<typeof answerSchema>
  try {
    answer = await env.api.post('v1/bundler', {
      query: { chainId: caipNetworkId, bundler: BUNDLER_NAME },
      body: { jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [userOpHash] },
      schema: answerSchema,
      what: 'user operation receipt',
      shared: false,
      reportForbidden: false,
    })
  } catch (error) {
    if (error instanceof HttpRequestError) throw new UserOperationReceiptError({ status: error.status, cause: error })
    if (error instanceof TimeoutError) throw new UserOperationReceiptError({ cause: error })
    throw error
  }
  if (answer.error) throw new UserOperationReceiptError({ details: answer.error.message })
  return answer.result ?? null
}

export type FollowUserOperation = { env: CoreEnv; caipNetworkId: CaipNetworkId; now(): number; sleep(ms: number): Promise<void> }

/**
 * Follows a user operation to its receipt: through the bundler call while it answers, then (once it
 * failed, SPEC.md §7 "Bundler failures fall back to the wallet request") through the wallet's own
 * `eth_getUserOperationReceipt`, as a step the page hands the wallet. Answers the receipt and who gave it.
 */
export async function* followUserOperation(follow: FollowUserOperation, userOpHash: `0x${string}`): AsyncGenerator<FlowStep, { receipt: UserOperationReceipt; from: 'bundler' | 'wallet' }, unknown> {
  const deadline = follow.now() + USER_OPERATION_RECEIPT_TIMEOUT_MS
  let viaWallet = false
  while (follow.now() < deadline) {
    if (!viaWallet) {
      try {
        const receipt = await getUserOperationReceipt(follow.env, follow.caipNetworkId, userOpHash)
        if (receipt) return { receipt, from: 'bundler' }
      } catch (error) {
        if (!(error instanceof UserOperationReceiptError)) throw error
        viaWallet = true
        continue
      }
    } else {
      const answer = yield { label: 'receipt', total: 1, request: { method: 'eth_getUserOperationReceipt', params: [userOpHash] }, expects: 'dapp' }
      const receipt = z.nullable(userOperationReceiptSchema).safeParse(answer)
      if (receipt.success && receipt.data) return { receipt: receipt.data, from: 'wallet' }
    }
    await follow.sleep(USER_OPERATION_POLL_MS)
  }
  throw new WriteFailure('SOMETHING_WENT_WRONG', { details: `No receipt for the user operation ${userOpHash}` })
}
