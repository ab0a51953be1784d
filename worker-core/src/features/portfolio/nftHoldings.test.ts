import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { NftHolding } from '@portico/shared-types'
import { ADDRESS, CAIP_ADDRESS, json, setupCore, testConfig } from '../../../test/fixtures.ts'

const NFTS = /^GET \/v1\/account\/[^/]+\/nfts$/
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

function nft(tokenId: string, partial: Partial<NftHolding> = {}): NftHolding {
  return {
    chain: 'eip155:31337',
    contract: CONTRACT,
    tokenId,
    name: `Portico Punk #${tokenId}`,
    collection: { name: 'Portico Punks' },
    imageUrl: `https://api.test/nft/${tokenId}.svg`,
    flags: { is_spam: false },
    ...partial,
  }
}

async function configured(holdings: NftHolding[] = [nft('1'), nft('2', { flags: { is_spam: true } }), nft('3', { chain: 'eip155:31338' })]) {
  const setup = setupCore()
  setup.upstream.on(NFTS, () => json({ data: holdings }))
  await setup.core.configure(testConfig)
  return setup
}

describe('NFT holdings', () => {
  it("answers the account's NFTs on its network, spam and other networks left out, asked with the network", async () => {
    const { core, upstream, clock } = await configured()
    const answer = await core.getNftHoldings({ caipAddress: CAIP_ADDRESS })
    expect(answer).toEqual({ data: [nft('1')], updatedAt: clock.now })
    const url = upstream.urls.find((u) => u.pathname.endsWith('/nfts'))!
    expect(url.pathname).toBe(`/v1/account/${ADDRESS}/nfts`)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ chainId: 'eip155:31337', projectId: 'test-project' })
  })

  it('makes one request per 30 s however many tabs ask, and a forced read asks again', async () => {
    const { core, upstream, clock } = await configured()
    await Promise.all([core.getNftHoldings({ caipAddress: CAIP_ADDRESS }), core.getNftHoldings({ caipAddress: CAIP_ADDRESS }), core.getNftHoldings({ caipAddress: CAIP_ADDRESS })])
    clock.now += 29_999
    await core.getNftHoldings({ caipAddress: CAIP_ADDRESS })
    expect(upstream.count(NFTS)).toBe(1)
    clock.now += 1
    await core.getNftHoldings({ caipAddress: CAIP_ADDRESS })
    expect(upstream.count(NFTS)).toBe(2)
    await core.getNftHoldings({ caipAddress: CAIP_ADDRESS, force: true })
    expect(upstream.count(NFTS)).toBe(3)
  })

  it('reopens offline from IndexedDB, whatever its age, without asking; back online a stale answer is read again', async () => {
    const first = await configured()
    const { updatedAt } = await first.core.getNftHoldings({ caipAddress: CAIP_ADDRESS })
    const again = setupCore({ dbName: first.dbName, clock: first.clock })
    again.upstream.on(NFTS, () => json({ data: [nft('1'), nft('4')] }))
    await again.core.configure(testConfig)
    await again.core.setOnline(false)
    first.clock.now += 60 * 60_000
    expect(await again.core.getNftHoldings({ caipAddress: CAIP_ADDRESS })).toEqual({ data: [nft('1')], updatedAt })
    expect(again.upstream.count(NFTS)).toBe(0)
    await again.core.setOnline(true)
    expect((await again.core.getNftHoldings({ caipAddress: CAIP_ADDRESS })).data.map((n) => n.tokenId)).toEqual(['1', '4'])
    expect(again.upstream.count(NFTS)).toBe(1)
  })

  it('fails with the HTTP error and keeps nothing of it; the next read asks again', async () => {
    const { core, upstream } = await configured()
    upstream.on(NFTS, () => new Response('', { status: 400 }))
    await expect(core.getNftHoldings({ caipAddress: CAIP_ADDRESS })).rejects.toThrow('HTTP status code: 400')
    upstream.on(NFTS, () => json({ data: [] }))
    expect((await core.getNftHoldings({ caipAddress: CAIP_ADDRESS })).data).toEqual([])
    expect(upstream.count(NFTS)).toBe(2)
  })

  it('has holdings only on eip155, and needs the configuration', async () => {
    const { core, upstream } = await configured()
    await expect(core.getNftHoldings({ caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv' })).rejects.toThrow('Unsupported chain')
    expect(upstream.count(NFTS)).toBe(0)
    await expect(setupCore().core.getNftHoldings({ caipAddress: CAIP_ADDRESS })).rejects.toThrow('The core is not configured')
  })
})
