import { walletImagePath } from '@portico/shared-types/connectors'
import {
  ALL_WALLETS_IMAGES_PREFETCHED,
  ALL_WALLETS_PAGE_ENTRIES,
  FEATURED_WALLETS_DEFAULT,
  RECENT_WALLETS_KEPT,
  RECOMMENDED_WALLETS,
  WALLET_SEARCH_ENTRIES,
  WALLET_SEARCH_MIN_WAIT_MS,
} from '@portico/shared-types/constants'
import {
  parseWith,
  PorticoError,
  RECORDS,
  walletListingSchema,
  type CatalogueWallet,
  type GetWalletsParameters,
  type GetWalletsResponse,
  type WalletListing,
  type WalletPage,
} from '@portico/shared-types'
import { getWalletsQueryOptions, type GetWalletsRequest as QueryParameters } from './getWallets.ts'
import { prefetchImageQueryOptions } from './prefetchImages.ts'
import type { CoreContext, CoreEnv } from '../../infra/context.ts'
import type { HttpClient } from '../../infra/http.ts'

export type CatalogueFeature = {
  getWallets(params?: GetWalletsParameters): Promise<WalletPage>
  getRecommendedWallets(): Promise<WalletPage>
  getFeaturedWallets(): Promise<WalletPage>
  addRecentWallet(wallet: WalletListing): Promise<void>
}

function catalogueOf(env: CoreEnv | null): { env: CoreEnv; catalogue: HttpClient } {
  if (!env?.catalogue) throw new PorticoError('The wallet catalogue is not configured', { details: 'Set catalogueUrl in the configuration' })
  return { env, catalogue: env.catalogue }
}

const chainsOf = (env: CoreEnv) => env.config.networks.map((n) => n.caipNetworkId)

const imagePath = (wallet: WalletListing) => (wallet.image_id ? walletImagePath(wallet.image_id) : null)

/** Fetches an image once for every tab, through the HTTP layer; a failed fetch may be tried again later. */
function prefetchOnce(ctx: CoreContext, catalogue: HttpClient, path: string): Promise<boolean> {
  return ctx.queries.fetch(prefetchImageQueryOptions(catalogue, path)).then(
    () => true,
    () => false,
  )
}

/** The wallets with their image URLs, the first `prefetchCount` images fetched (online only); `prefetched` lists those fetched. */
async function walletsWithImages(ctx: CoreContext, catalogue: HttpClient, wallets: readonly WalletListing[], prefetchCount: number): Promise<{ data: CatalogueWallet[]; prefetched: string[] }> {
  const data = wallets.map((w) => {
    const path = imagePath(w)
    return { ...w, imageUrl: path === null ? null : catalogue.url(path) }
  })
  const wanted = wallets
    .slice(0, prefetchCount)
    .map(imagePath)
    .filter((p): p is string => p !== null)
  if (!ctx.online.isOnline()) return { data, prefetched: [] }
  const done = await Promise.all(wanted.map((path) => prefetchOnce(ctx, catalogue, path)))
  return { data, prefetched: wanted.filter((_, i) => done[i]).map((path) => catalogue.url(path)) }
}

/**
 * The wallet catalogue (SPEC.md §7, §9): All Wallets pages of 40 with the first 20 images fetched,
 * search of 100 entries answered no sooner than 300 ms, 4 recommended, the configured featured ones (or
 * the first 4 certified), include/exclude lists, and the 2 recent wallets. Answers are shared by every tab for 10 min.
 */
export function createCatalogue(ctx: CoreContext): CatalogueFeature {
  const query = async (catalogue: HttpClient, params: QueryParameters): Promise<GetWalletsResponse> => (await ctx.queries.fetch(getWalletsQueryOptions(catalogue, params))).data
  const withImages = (catalogue: HttpClient, wallets: readonly WalletListing[], prefetchCount: number) => walletsWithImages(ctx, catalogue, wallets, prefetchCount)

  /**
   * The featured wallets: the configured ids in their order; without any, the catalogue's first 4
   * certified wallets (SPEC.md §9: the configured count, or 4) on the configured chains.
   */
  async function featured(env: CoreEnv, catalogue: HttpClient): Promise<WalletListing[]> {
    const { includeWalletIds, excludeWalletIds, featuredWalletIds: ids } = env.options
    if (ids.length === 0) {
      const answer = await query(catalogue, {
        page: 1,
        entries: FEATURED_WALLETS_DEFAULT,
        badge: 'certified',
        include: includeWalletIds,
        exclude: excludeWalletIds,
        chains: chainsOf(env),
      })
      return answer.data.slice(0, FEATURED_WALLETS_DEFAULT)
    }
    const answer = await query(catalogue, { page: 1, entries: ids.length, include: ids })
    const order = (w: WalletListing) => ids.indexOf(w.id)
    return answer.data.filter((w) => order(w) >= 0).sort((a, b) => order(a) - order(b))
  }

  /** Ids shown as featured, left out of the lists below them; the configured ones even when the catalogue is down. */
  async function featuredIds(env: CoreEnv, catalogue: HttpClient): Promise<string[]> {
    if (env.options.featuredWalletIds.length > 0) return env.options.featuredWalletIds
    return featured(env, catalogue).then(
      (wallets) => wallets.map((w) => w.id),
      () => [],
    )
  }

  async function recommended(env: CoreEnv, catalogue: HttpClient): Promise<GetWalletsResponse> {
    const { includeWalletIds, excludeWalletIds } = env.options
    return query(catalogue, {
      page: 1,
      entries: RECOMMENDED_WALLETS,
      include: includeWalletIds,
      exclude: [...excludeWalletIds, ...(await featuredIds(env, catalogue))],
      chains: chainsOf(env),
    })
  }

  return {
    async getWallets({ page = 1, search, badge } = {}) {
      const { env, catalogue } = catalogueOf(ctx.env())
      const { includeWalletIds, excludeWalletIds } = env.options
      const text = search?.trim()
      if (text) {
        const [answer] = await Promise.all([
          query(catalogue, { page: 1, entries: WALLET_SEARCH_ENTRIES, search: text, badge, include: includeWalletIds, exclude: excludeWalletIds, chains: chainsOf(env) }),
          ctx.sleep(WALLET_SEARCH_MIN_WAIT_MS),
        ])
        return { count: answer.count, page: 1, ...(await withImages(catalogue, answer.data, ALL_WALLETS_IMAGES_PREFETCHED)) }
      }
      // Recommended wallets are shown above the pages, so the pages leave them out (as featured and excluded).
      const shown = await recommended(env, catalogue).then(
        (r) => r.data.map((w) => w.id),
        () => [] as string[],
      )
      const answer = await query(catalogue, {
        page,
        entries: ALL_WALLETS_PAGE_ENTRIES,
        badge,
        include: includeWalletIds,
        exclude: [...excludeWalletIds, ...(await featuredIds(env, catalogue)), ...shown],
        chains: chainsOf(env),
      })
      return { count: answer.count, page, ...(await withImages(catalogue, answer.data, ALL_WALLETS_IMAGES_PREFETCHED)) }
    },

    async getRecommendedWallets() {
      const { env, catalogue } = catalogueOf(ctx.env())
      const answer = await recommended(env, catalogue)
      const recent = ctx.store.get().recentWallets
      const images = await withImages(catalogue, [...answer.data, ...recent], answer.data.length + recent.length)
      return { count: answer.count, page: 1, data: images.data.slice(0, answer.data.length), prefetched: images.prefetched }
    },

    async getFeaturedWallets() {
      const { env, catalogue } = catalogueOf(ctx.env())
      const wallets = await featured(env, catalogue)
      return { count: wallets.length, page: 1, ...(await withImages(catalogue, wallets, wallets.length)) }
    },

    async addRecentWallet(input) {
      await ctx.ready
      const wallet = parseWith(walletListingSchema, input, 'recent wallet')
      const recentWallets = [wallet, ...ctx.store.get().recentWallets.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_KEPT)
      ctx.store.set({ recentWallets })
      await ctx.records.write(RECORDS.recentWallets, recentWallets)
    },
  }
}
