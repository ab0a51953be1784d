import { getAccountNameQueryKey } from '@portico/shared-types/queries'
import type { ProfileAccount } from '@portico/shared-types'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

/**
 * The account registered under a full name, null when the name is free (the core's 5 min cache,
 * which knows a name at once when the core registers it); nothing is asked while `name` is null.
 *
 * @example
 * const { data: holder } = useAccountName({ name: 'alice.reown.id' })
 */
export function useAccountName({ name }: { name: string | null }): UseCoreQueryReturnType<ProfileAccount | null> {
  return useCoreQuery({
    queryKey: name ? getAccountNameQueryKey({ name }) : ['accountName'],
    queryFn: (api, { force }) => api.getAccountName({ name: name!, force }),
    enabled: name !== null,
  })
}
