import { resolveReceiverQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { NAME_CACHE_MS } from '@portico/shared-types/constants'
import { coinTypeForChainId, parseCaipAddress } from '@portico/shared-types'
import { safeHref } from '@portico/shared-types/safeUrl'
import { WriteFailure, type ResolveReceiverParameters, type ResolvedReceiver } from '@portico/shared-types/write'
import { isAddress } from 'viem'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'
import { getAccountName } from './getAccountName.ts'

export type ResolveReceiverReturnType = ResolvedReceiver | null

/**
 * Resolves an account name through the profile API (the one account-name read, `getAccountName`):
 * the address registered for this chain's coin type (ENSIP-11), else for Ethereum's (60); the avatar
 * only where the image gate lets it through. Throws `WriteFailure('RECEIVER_NOT_FOUND')` when no
 * account has the name or it has no usable address.
 */
export async function resolveReceiverName(api: HttpClient, name: string, chainId: number): Promise<ResolvedReceiver> {
  const account = await getAccountName(api, { name })
  const entry = account && (account.addresses[String(coinTypeForChainId(chainId))] ?? account.addresses['60'] ?? Object.values(account.addresses).find((a) => isAddress(a.address, { strict: false })))
  if (!account || !entry || !isAddress(entry.address, { strict: false })) throw new WriteFailure('RECEIVER_NOT_FOUND', { field: 'receiver', values: { name } })
  const avatar = account.attributes?.['avatar']
  return { name: account.name, address: entry.address, avatar: avatar ? safeHref(avatar, { kind: 'image', allowLoopbackHttp: true }) : null }
}

/**
 * The core's read of an account name for the Send view's receiver: the address and avatar on the
 * account's chain, null when no account has the name; cached 5 min like every name (SPEC.md §9).
 */
export function resolveReceiverQueryOptions(env: CoreEnv, { caipAddress, name }: ResolveReceiverParameters): QueryOptions<ResolveReceiverReturnType> {
  const { reference } = parseCaipAddress(caipAddress)
  return {
    key: hashQueryKey(resolveReceiverQueryKey({ caipAddress, name })),
    ttlMs: NAME_CACHE_MS,
    fetch: () =>
      resolveReceiverName(env.api, name, Number(reference)).catch((error: unknown) => {
        if (error instanceof WriteFailure && error.error.code === 'RECEIVER_NOT_FOUND') return null
        throw error
      }),
  }
}
