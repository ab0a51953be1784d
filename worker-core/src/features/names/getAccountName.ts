import { getAccountNameQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { NAME_CACHE_MS } from '@portico/shared-types/constants'
import { HttpRequestError, profileAccountSchema, type GetAccountNameParameters, type ProfileAccount } from '@portico/shared-types'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

export type GetAccountNameReturnType = ProfileAccount | null
export type GetAccountNameErrorType = HttpClientErrorType

/**
 * The account registered under a full name (GET /v1/profile/account/{name}, SPEC.md §7); null when
 * the API does not know the name, so it is free to register.
 *
 * @example
 * const taken = (await getAccountName(http, { name: 'alice.reown.id' })) !== null
 */
export async function getAccountName(http: HttpClient, { name }: Pick<GetAccountNameParameters, 'name'>): Promise<GetAccountNameReturnType> {
  try {
    return await http.get(`v1/profile/account/${encodeURIComponent(name.toLowerCase())}`, { schema: profileAccountSchema, what: 'account name' })
  } catch (error) {
    if (error instanceof HttpRequestError && error.status === 404) return null
    throw error
  }
}

/** A name's account (or null), shared by every tab for 5 min (SPEC.md §9); the core sets it when it registers the name. */
export function getAccountNameQueryOptions(env: CoreEnv, { name }: GetAccountNameParameters): QueryOptions<GetAccountNameReturnType> {
  return { key: hashQueryKey(getAccountNameQueryKey({ name })), ttlMs: NAME_CACHE_MS, fetch: () => getAccountName(env.api, { name }) }
}
