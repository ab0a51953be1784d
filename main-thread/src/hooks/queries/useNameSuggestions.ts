import { getNameSuggestionsQueryKey } from '@portico/shared-types/queries'
import type { NameSuggestion } from '@portico/shared-types'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

/**
 * Names close to a valid typed name, each with whether it is taken (the core's 5 min cache); nothing
 * is asked while `name` is null.
 *
 * @example
 * const { data: suggestions } = useNameSuggestions({ name: valid ? label : null })
 */
export function useNameSuggestions({ name }: { name: string | null }): UseCoreQueryReturnType<NameSuggestion[]> {
  return useCoreQuery({
    queryKey: name ? getNameSuggestionsQueryKey({ name }) : ['nameSuggestions'],
    queryFn: (api, { force }) => api.getNameSuggestions({ name: name!, force }),
    enabled: name !== null,
  })
}
