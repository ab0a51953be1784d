import type { GetWalletsQuery, GetWalletsResponse } from '@portico/shared-types'
import { toListing, type CatalogueWallet } from './wallets.ts'

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/**
 * GET /getWallets: filters (search on the name, case-insensitive; include / exclude ids; chains,
 * any of; badge_type), then the page. `count` is the number of matches before paging.
 */
export function queryWallets(all: readonly CatalogueWallet[], query: GetWalletsQuery): GetWalletsResponse {
  const search = query.search?.trim().toLowerCase()
  const include = new Set(list(query.include))
  const exclude = new Set(list(query.exclude))
  const chains = list(query.chains)
  const matches = all.filter(
    (w) =>
      (include.size === 0 || include.has(w.id)) &&
      !exclude.has(w.id) &&
      (!search || w.name.toLowerCase().includes(search)) &&
      (chains.length === 0 || w.chains.some((c) => chains.includes(c))) &&
      (query.badge_type === undefined || w.badge_type === query.badge_type),
  )
  const start = (query.page - 1) * query.entries
  return { count: matches.length, data: matches.slice(start, start + query.entries).map(toListing) }
}
