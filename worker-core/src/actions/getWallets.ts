import { CATALOGUE_CACHE_MS } from '@portico/shared-types/constants'
import { getWalletsResponseSchema, type GetWalletsResponse } from '@portico/shared-types'
import type { HttpClient, HttpClientErrorType } from '../http.ts'
import type { QueryOptions } from '../queryCache.ts'

export type GetWalletsParameters = {
  page: number
  entries: number
  search?: string | undefined
  badge?: 'none' | 'certified' | undefined
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
export async function getWallets(catalogue: HttpClient, params: GetWalletsParameters): Promise<GetWalletsReturnType> {
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
export function getWalletsQueryOptions(catalogue: HttpClient, params: GetWalletsParameters): QueryOptions<GetWalletsReturnType> {
  const url = catalogue.url('getWallets', { ...params, include: params.include?.join(','), exclude: params.exclude?.join(','), chains: params.chains?.join(',') })
  return { key: `catalogue:${url}`, ttlMs: CATALOGUE_CACHE_MS, fetch: () => getWallets(catalogue, params) }
}
