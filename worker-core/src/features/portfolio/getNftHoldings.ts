import { NFT_HOLDINGS_CACHE_MS, NFT_NAMESPACES } from '@portico/shared-types/constants'
import { nftHoldingsResponseSchema, parseCaipAddress, RECORDS, UnsupportedChainError, type CaipAddress, type GetNftHoldingsParameters, type NftHolding } from '@portico/shared-types'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'
import { persisted, type QueryOptions } from '../../infra/queryCache.ts'

export type GetNftHoldingsReturnType = NftHolding[]
export type GetNftHoldingsErrorType = HttpClientErrorType | UnsupportedChainError

/**
 * The NFTs an account holds now on its network (GET /v1/account/{address}/nfts?chainId=), read from
 * chain state rather than history. Spam collections and other networks' tokens are left out (SPEC.md §5).
 *
 * @example
 * const nfts = await getNftHoldings(http, { caipAddress: 'eip155:31337:0xf39f…2266' })
 */
export async function getNftHoldings(http: HttpClient, { caipAddress }: { caipAddress: CaipAddress }): Promise<GetNftHoldingsReturnType> {
  const { address, caipNetworkId } = parseCaipAddress(caipAddress)
  const answer = await http.get(`v1/account/${address}/nfts`, { query: { chainId: caipNetworkId }, schema: nftHoldingsResponseSchema, what: 'NFT holdings' })
  return answer.data.filter((nft) => !nft.flags.is_spam && nft.chain === caipNetworkId)
}

/**
 * The core's read of an account's NFTs: 30 s fresh, kept in IndexedDB so the tab reopens offline.
 * Only eip155 accounts have one; another namespace fails with `UnsupportedChainError`.
 */
export function getNftHoldingsQueryOptions(env: CoreEnv, { caipAddress }: GetNftHoldingsParameters): QueryOptions<GetNftHoldingsReturnType> {
  const { namespace } = parseCaipAddress(caipAddress)
  if (!(NFT_NAMESPACES as readonly string[]).includes(namespace)) throw new UnsupportedChainError({ details: `NFT holdings are read on ${NFT_NAMESPACES.join(', ')} networks only` })
  return { ...persisted(RECORDS.nftHoldings, caipAddress), ttlMs: NFT_HOLDINGS_CACHE_MS, fetch: () => getNftHoldings(env.api, { caipAddress }) }
}
