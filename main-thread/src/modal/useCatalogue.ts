import type { WalletPage } from '@portico/shared-types'
import { useFeaturedWallets } from '../hooks/queries/useFeaturedWallets.ts'
import { useRecommendedWallets } from '../hooks/queries/useRecommendedWallets.ts'
import { useWallets } from '../hooks/queries/useWallets.ts'
import { useConfig } from '../context.ts'

export type CatalogueLists = { featured: WalletPage | null; recommended: WalletPage | null; all: WalletPage | null; error: boolean }

/** The Connect view's catalogue lists, shown together once all three are in (the core caches and de-duplicates them). */
export function useCatalogueLists(enabled: boolean): CatalogueLists {
  const { catalogueUrl } = useConfig()
  const on = enabled && !!catalogueUrl
  const featured = useFeaturedWallets({ enabled: on })
  const recommended = useRecommendedWallets({ enabled: on })
  const all = useWallets({ page: 1, enabled: on })
  const complete = featured.data && recommended.data && all.data ? { featured: featured.data, recommended: recommended.data, all: all.data } : null
  return {
    featured: complete?.featured ?? null,
    recommended: complete?.recommended ?? null,
    all: complete?.all ?? null,
    error: [featured, recommended, all].some((q) => q.status === 'error'),
  }
}
