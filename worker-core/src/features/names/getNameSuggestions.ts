import { getNameSuggestionsQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { NAME_CACHE_MS } from '@portico/shared-types/constants'
import { nameSuggestionsResponseSchema, type GetAccountNameParameters, type NameSuggestion } from '@portico/shared-types'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

export type GetNameSuggestionsParameters = { name: string }
export type GetNameSuggestionsReturnType = NameSuggestion[]
export type GetNameSuggestionsErrorType = HttpClientErrorType

/**
 * Names close to a typed one, each with whether it is taken (GET /v1/profile/suggestions/{name}, SPEC.md §7).
 *
 * @example
 * const suggestions = await getNameSuggestions(http, { name: 'alice' })
 */
export async function getNameSuggestions(http: HttpClient, { name }: GetNameSuggestionsParameters): Promise<GetNameSuggestionsReturnType> {
  const { suggestions } = await http.get(`v1/profile/suggestions/${encodeURIComponent(name.toLowerCase())}`, { schema: nameSuggestionsResponseSchema, what: 'name suggestions' })
  return suggestions
}

/** Suggestions for a typed name, shared by every tab for 5 min like every name (SPEC.md §9); memory only. */
export function getNameSuggestionsQueryOptions(env: CoreEnv, { name }: GetAccountNameParameters): QueryOptions<GetNameSuggestionsReturnType> {
  return { key: hashQueryKey(getNameSuggestionsQueryKey({ name })), ttlMs: NAME_CACHE_MS, fetch: () => getNameSuggestions(env.api, { name }) }
}
