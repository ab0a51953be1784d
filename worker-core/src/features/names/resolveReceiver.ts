import { NAME_CACHE_MS } from '@portico/shared-types/constants'
import { parseCaipAddress } from '@portico/shared-types'
import type { ResolveReceiverParameters, ResolvedReceiver } from '@portico/shared-types/write'
import type { CoreEnv } from '../../infra/context.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'
import { WriteFailure } from '../writes/classifyError.ts'
import { resolveReceiverName } from '../writes/send.ts'

export type ResolveReceiverReturnType = ResolvedReceiver | null

/**
 * The core's read of an account name for the Send view's receiver: the address and avatar on the
 * account's chain, null when no account has the name; cached 5 min like every name (SPEC.md §9).
 */
export function resolveReceiverQueryOptions(env: CoreEnv, { caipAddress, name }: ResolveReceiverParameters): QueryOptions<ResolveReceiverReturnType> {
  const { reference } = parseCaipAddress(caipAddress)
  return {
    key: `receiver:${reference}:${name.toLowerCase()}`,
    ttlMs: NAME_CACHE_MS,
    fetch: () =>
      resolveReceiverName(env.api, name, Number(reference)).catch((error: unknown) => {
        if (error instanceof WriteFailure && error.error.code === 'RECEIVER_NOT_FOUND') return null
        throw error
      }),
  }
}
