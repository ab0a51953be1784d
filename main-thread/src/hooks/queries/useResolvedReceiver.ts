import type { CaipAddress } from '@portico/shared-types/light'
import { looksLikeAccountName } from '@portico/shared-types/names'
import { resolveReceiverQueryKey } from '@portico/shared-types/queries'
import type { ResolvedReceiver } from '@portico/shared-types/write'
import { useDebounced } from '../useDebounced.ts'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

const isNull = (value: unknown) => value === null

/**
 * The account name a visitor typed as a Send receiver, resolved by the core (5 min cache) once the
 * typing pauses (SPEC.md §9 debounce): its address and avatar, or null when no account has the name.
 *
 * @example
 * const { data, status } = useResolvedReceiver({ caipAddress, text: receiverText })
 */
export function useResolvedReceiver({ caipAddress, text }: { caipAddress: CaipAddress | undefined; text: string }): UseCoreQueryReturnType<ResolvedReceiver | null> & { name: string | null } {
  const typed = text.trim()
  const name = useDebounced(looksLikeAccountName(typed) ? typed : null, { initial: null, immediate: isNull })
  const settled = name !== null && name === typed ? name : null
  const query = useCoreQuery({
    queryKey: caipAddress && settled ? resolveReceiverQueryKey({ caipAddress, name: settled }) : ['receiver'],
    queryFn: (api, { force }) => api.resolveReceiver({ caipAddress: caipAddress!, name: settled!, force }),
    enabled: caipAddress !== undefined && settled !== null,
  })
  return { ...query, name: looksLikeAccountName(typed) ? typed : null }
}
