import { balanceResponseSchema, dropZeroDecimalTokens, parseCaipAddress, RECORDS, type CaipAddress, type TokenBalance } from '@portico/shared-types'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'

export type GetBalancesParameters = {
  caipAddress: CaipAddress
  currency?: string
  force?: boolean
}
export type GetBalancesReturnType = TokenBalance[]
export type GetBalancesErrorType = HttpClientErrorType

/** Storage and de-duplication key of an account's portfolio. */
export function getBalancesKey({ caipAddress, currency = 'usd' }: Pick<GetBalancesParameters, 'caipAddress' | 'currency'>): string {
  return RECORDS.portfolio.key(caipAddress, currency)
}

/**
 * Reads the token balances of an account from the blockchain-data API (SPEC.md §7), dropping
 * tokens with 0 decimals (SPEC.md §5).
 *
 * @example
 * const balances = await getBalances(http, { caipAddress: 'eip155:31337:0xf39f…2266' })
 */
export async function getBalances(http: HttpClient, params: GetBalancesParameters): Promise<GetBalancesReturnType> {
  const { address, caipNetworkId } = parseCaipAddress(params.caipAddress)
  const answer = await http.get(`v1/account/${address}/balance`, {
    query: { currency: params.currency ?? 'usd', chainId: caipNetworkId, forceUpdate: params.force ? 'true' : undefined },
    schema: balanceResponseSchema,
    what: 'balance',
  })
  return dropZeroDecimalTokens(answer.balances)
}
