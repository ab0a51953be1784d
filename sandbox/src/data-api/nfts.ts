import { MESSAGES, caipNetworkIdSchema, evmAddressSchema, nftHoldingsResponseSchema, type NftHolding } from '@portico/shared-types'
import { Hono } from 'hono'
import { BaseError, ContractFunctionRevertedError, getAddress, type Address } from 'viem'
import { z } from 'zod'
import { collectibleAbi } from '../contracts/abis.ts'
import { errorResponse, parseQuery } from '../http/errors.ts'
import type { ChainIndexer } from '../indexer/chain-indexer.ts'
import { findChain, type DataApiChain, type DataApiContext } from './context.ts'
import { nftImageUrl } from './images.ts'

const nftsQuerySchema = z.object({ chainId: caipNetworkIdSchema })

type Candidate = { token: Address; tokenId: bigint; receivedAt: readonly [number, bigint, number] }

/**
 * Every ERC-721 token `owner` has received on the indexed chain, latest receipt last: the tokens it
 * may hold. The chain then says which it still holds.
 */
function receivedTokens(indexer: ChainIndexer, owner: Address): Candidate[] {
  const who = owner.toLowerCase()
  const byToken = new Map<string, Candidate>()
  for (const tx of indexer.transactionsOf(owner)) {
    for (const m of tx.movements) {
      if (m.kind !== 'erc721' || m.to.toLowerCase() !== who) continue
      byToken.set(`${m.token.toLowerCase()}:${m.tokenId}`, { token: m.token, tokenId: m.tokenId, receivedAt: [tx.timestamp, tx.blockNumber, tx.index] })
    }
  }
  return [...byToken.values()]
}

/** A token whose ownerOf reverts (burnt, or not an ERC-721 after all) is held by no one; other errors stand. */
function notOwnedWhenReverted(err: unknown): undefined {
  if (err instanceof BaseError && err.walk((e) => e instanceof ContractFunctionRevertedError)) return undefined
  throw err
}

/** Newest receipt first; ties (one mint of several) by collection and token id. */
function compareNewestFirst(a: Candidate, b: Candidate): number {
  for (let i = 0; i < 3; i++) {
    const x = a.receivedAt[i] as number | bigint
    const y = b.receivedAt[i] as number | bigint
    if (x !== y) return x > y ? -1 : 1
  }
  if (a.token !== b.token) return a.token.toLowerCase() < b.token.toLowerCase() ? -1 : 1
  return a.tokenId < b.tokenId ? -1 : a.tokenId > b.tokenId ? 1 : 0
}

/** The NFTs `owner` holds now on `chain`: the tokens it received, kept where `ownerOf` is still `owner`. */
async function readHoldings(ctx: DataApiContext, chain: DataApiChain, indexer: ChainIndexer, owner: Address): Promise<NftHolding[]> {
  const candidates = receivedTokens(indexer, owner).sort(compareNewestFirst)
  const owners = await Promise.all(candidates.map((c) => chain.client.readContract({ address: c.token, abi: collectibleAbi, functionName: 'ownerOf', args: [c.tokenId] }).catch(notOwnedWhenReverted)))
  const chainId = chain.chain.chainId
  return candidates
    .filter((_, i) => owners[i]?.toLowerCase() === owner.toLowerCase())
    .map((c) => {
      const meta = ctx.assets.nft(chainId, c.token)
      const collection = meta?.name ?? 'NFT'
      return {
        chain: chain.chain.caipNetworkId,
        contract: getAddress(c.token),
        tokenId: c.tokenId.toString(),
        name: `${collection} #${c.tokenId}`,
        collection: { name: collection },
        imageUrl: nftImageUrl(ctx.publicUrl, chainId, c.token, c.tokenId),
        flags: { is_spam: meta?.spam ?? false },
      }
    })
}

/**
 * GET /v1/account/{address}/nfts?chainId: the NFTs the address holds now on one sandbox chain, spam
 * collections included (flagged). Candidates come from the indexer's Transfer logs (caught up first);
 * `ownerOf` on the chain decides, so a transfer mined a moment ago is in the next answer.
 */
export function nftRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.get('/account/:address/nfts', async (c) => {
    const address = evmAddressSchema.safeParse(c.req.param('address'))
    if (!address.success) return errorResponse(c, 400, 'Invalid address')
    const query = parseQuery(c, nftsQuerySchema)
    if (!query.ok) return query.response
    const chain = findChain(ctx, query.data.chainId)
    const indexer = chain ? ctx.history.indexer(chain.chain.chainId) : undefined
    if (!chain || !indexer) return errorResponse(c, 400, MESSAGES.unsupportedChain)

    await ctx.history.sync(chain.chain.chainId)
    const data = await readHoldings(ctx, chain, indexer, getAddress(address.data))
    return c.json(nftHoldingsResponseSchema.parse({ data }))
  })
  return app
}
