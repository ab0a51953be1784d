import { NAME_CACHE_MS } from '@portico/shared-types/constants'
import { profileReverseResponseSchema, RECORDS, type GetNamesParameters, type ProfileAccount } from '@portico/shared-types'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import { persisted, type QueryOptions } from '../../infra/queryCache.ts'

export type GetProfileNamesParameters = { address: string }
export type GetProfileNamesReturnType = ProfileAccount[]
export type GetProfileNamesErrorType = HttpClientErrorType

/**
 * Account names registered for an address (GET /v1/profile/reverse/{address}, SPEC.md §7).
 *
 * @example
 * const names = await getProfileNames(http, { address })
 */
export async function getProfileNames(http: HttpClient, { address }: GetProfileNamesParameters): Promise<GetProfileNamesReturnType> {
  return http.get(`v1/profile/reverse/${address}`, { schema: profileReverseResponseSchema, what: 'profile names' })
}

/** Names of an address, shared by every tab for 5 min (SPEC.md §9) and kept in IndexedDB. */
export function getProfileNamesQueryOptions(env: CoreEnv, { address }: GetNamesParameters): QueryOptions<GetProfileNamesReturnType> {
  return { ...persisted(RECORDS.names, address), ttlMs: NAME_CACHE_MS, fetch: () => getProfileNames(env.api, { address }) }
}
