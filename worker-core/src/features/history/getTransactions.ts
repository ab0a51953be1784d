import { getTransactionsPageQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { historyResponseSchema, type CaipNetworkId, type HistoryResponse } from '@portico/shared-types'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

export type GetTransactionsParameters = {
  address: string
  caipNetworkId: CaipNetworkId
  cursor?: string | null | undefined
  onramp?: 'coinbase' | undefined
}
export type GetTransactionsReturnType = HistoryResponse
export type GetTransactionsErrorType = HttpClientErrorType

/**
 * One page of an account's history from the data API (GET /v1/account/{account}/history, SPEC.md §7).
 *
 * @example
 * const { data, next } = await getTransactions(http, { address, caipNetworkId: 'eip155:1' })
 */
export async function getTransactions(http: HttpClient, params: GetTransactionsParameters): Promise<GetTransactionsReturnType> {
  return http.get(`v1/account/${params.address}/history`, {
    query: { cursor: params.cursor ?? undefined, onramp: params.onramp, chainId: params.caipNetworkId },
    schema: historyResponseSchema,
    what: 'history',
  })
}

/**
 * One page, asked once however many tabs want it at the same time. Not kept as an answer of its own:
 * the list of pages is the account's transactions state, kept as `RECORDS.transactions`.
 */
export function getTransactionsQueryOptions(env: CoreEnv, params: GetTransactionsParameters): QueryOptions<GetTransactionsReturnType> {
  const { address, caipNetworkId, cursor = null, onramp = null } = params
  return { key: hashQueryKey(getTransactionsPageQueryKey({ caipNetworkId, address, cursor, onramp })), ttlMs: 0, fetch: () => getTransactions(env.api, params) }
}
