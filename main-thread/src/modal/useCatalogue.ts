import { useEffect, useState } from 'react'
import type { WalletPage } from '@portico/shared-types'
import { useConfig, usePorticoClient } from '../context.ts'

export type CatalogueLists = { featured: WalletPage | null; recommended: WalletPage | null; all: WalletPage | null; error: boolean }

/** The Connect view's catalogue lists, asked of the core (which caches and de-duplicates them). */
export function useCatalogueLists(enabled: boolean): CatalogueLists {
  const client = usePorticoClient()
  const { catalogueUrl } = useConfig()
  const [lists, setLists] = useState<CatalogueLists>({ featured: null, recommended: null, all: null, error: false })
  useEffect(() => {
    if (!enabled || !catalogueUrl) return
    let alive = true
    void client
      .withCore((api) => Promise.all([api.getFeaturedWallets(), api.getRecommendedWallets(), api.getWallets({ page: 1 })]))
      .then(([featured, recommended, all]) => {
        if (alive) setLists({ featured, recommended, all, error: false })
      })
      .catch(() => {
        if (alive) setLists((previous) => ({ ...previous, error: true }))
      })
    return () => {
      alive = false
    }
  }, [client, enabled, catalogueUrl])
  return lists
}
