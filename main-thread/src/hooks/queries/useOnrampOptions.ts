import type { OnrampOptionsAnswer } from '@portico/shared-types/onramp'
import { getOnrampOptionsQueryKey } from '@portico/shared-types/queries'
import { useCoreQuery, type UseCoreQueryReturnType } from './useCoreQuery.ts'

/**
 * The Buy view's options (payment currencies with their limits, what can be bought where), read by the
 * core; the built-in sample when the call fails, with `estimate` set.
 *
 * @example
 * const { data } = useOnrampOptions()
 */
export function useOnrampOptions({ enabled = true }: { enabled?: boolean } = {}): UseCoreQueryReturnType<OnrampOptionsAnswer> {
  return useCoreQuery({ queryKey: getOnrampOptionsQueryKey(), queryFn: (api, { force }) => api.getOnrampOptions({ force }), enabled })
}
