import { getCataloguePageQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { CATALOGUE_CACHE_MS } from '@portico/shared-types/constants'
import { getWalletsResponseSchema, type GetWalletsParameters, type GetWalletsResponse } from '@portico/shared-types'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

/**
 * GET /getWallets as the core sends it: the page's `GetWalletsParameters` (the API's, one type) with the
 * page fixed, plus what the core adds (entries per page, the configured include/exclude lists, the chains).
 */
export type GetWalletsRequest = Omit<GetWalletsParameters, 'page'> & {
  page: number
  entries: number
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  chains?: readonly string[] | undefined
}
export type GetWalletsReturnType = GetWalletsResponse
export type GetWalletsErrorType = HttpClientErrorType

const list = (ids: readonly string[] | undefined) => (ids && ids.length > 0 ? ids.join(',') : undefined)

/**
 * A page of the wallet catalogue (GET /getWallets, SPEC.md §7).
 *
 * @example
 * const { count, data } = await getWallets(catalogue, { page: 1, entries: 40 })
 */
export async function getWallets(catalogue: HttpClient, params: GetWalletsRequest): Promise<GetWalletsReturnType> {
  return catalogue.get('getWallets', {
    query: {
      page: params.page,
      entries: params.entries,
      search: params.search,
      badge_type: params.badge,
      include: list(params.include),
      exclude: list(params.exclude),
      chains: list(params.chains),
    },
    schema: getWalletsResponseSchema,
    what: 'wallets',
  })
}

/** A catalogue answer, shared by every tab for 10 min, keyed by the request it makes. */
export function getWalletsQueryOptions(catalogue: HttpClient, params: GetWalletsRequest): QueryOptions<GetWalletsReturnType> {
  const url = catalogue.url('getWallets', { ...params, include: params.include?.join(','), exclude: params.exclude?.join(','), chains: params.chains?.join(',') })
  return { key: hashQueryKey(getCataloguePageQueryKey({ url })), ttlMs: CATALOGUE_CACHE_MS, fetch: () => getWallets(catalogue, params) }
}
