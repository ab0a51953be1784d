import { nftHoldingsResponseSchema, type NftHolding } from '@portico/shared-types'
import { createPublicClient, createWalletClient, getAddress, http, parseAbi, type Address, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collectibleAbi } from '../contracts/abis.ts'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { ACCOUNT_0, fetchError, fetchParsed, testSandboxOptions, withProject } from '../../test/helpers.ts'

/**
 * GET /v1/account/{address}/nfts: the answer parses with the shared-types schema, equals what the
 * chain says the account owns (read here with ownerOf over every minted id), and follows a transfer.
 */
let sandbox: SandboxHandle
let client: PublicClient
const A = 'eip155:31337'
const supplyAbi = parseAbi(['function totalSupply() view returns (uint256)'])

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22590))
  const chain = sandbox.chains[0]!
  client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
})
afterAll(() => sandbox?.stop())

const holdings = async (address: string, chainId = A): Promise<NftHolding[]> =>
  (await fetchParsed(withProject(`${sandbox.dataApi.url}/v1/account/${address}/nfts?chainId=${chainId}`), nftHoldingsResponseSchema)).data

const key = (h: { contract: string; tokenId: string }) => `${getAddress(h.contract)}#${h.tokenId}`

/** What `owner` holds on chain 31337 per the contracts themselves: ownerOf over ids 1..totalSupply. */
async function ownedOnChain(owner: Address): Promise<string[]> {
  const found: string[] = []
  for (const collection of Object.values(sandbox.deployments[31337]!.collections)) {
    if (!collection) continue
    const supply = await client.readContract({ address: collection.address, abi: supplyAbi, functionName: 'totalSupply' })
    for (let id = 1n; id <= supply; id++) {
      const holder = await client.readContract({ address: collection.address, abi: collectibleAbi, functionName: 'ownerOf', args: [id] })
      if (holder === owner) found.push(key({ contract: collection.address, tokenId: id.toString() }))
    }
  }
  return found.sort()
}

describe('GET /v1/account/{address}/nfts', () => {
  it("answers account 0's seeded holdings exactly as the chain has them, spam flagged", async () => {
    const data = await holdings(ACCOUNT_0)
    const { PIONEER, CLAIM } = sandbox.deployments[31337]!.collections
    expect(data.map(key).sort()).toEqual(await ownedOnChain(ACCOUNT_0))
    expect(new Set(data.map(key)).size).toBe(data.length)

    const pioneer = data.find((h) => h.contract === PIONEER!.address)
    expect(pioneer).toEqual({
      chain: A,
      contract: PIONEER!.address,
      tokenId: expect.stringMatching(/^\d+$/),
      name: `Portico Pioneers #${pioneer?.tokenId}`,
      collection: { name: 'Portico Pioneers' },
      imageUrl: `${sandbox.dataApi.url}/nft/31337/${PIONEER!.address}/${pioneer?.tokenId}.svg`,
      flags: { is_spam: false },
    })
    const spam = data.filter((h) => h.contract === CLAIM!.address)
    expect(spam.length).toBeGreaterThan(0)
    expect(spam.every((h) => h.flags.is_spam && h.collection.name === 'Free Mint Pass')).toBe(true)
    expect(data.filter((h) => h.flags.is_spam)).toEqual(spam)

    const image = await fetch(pioneer!.imageUrl!)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
  })

  it('an account without NFTs answers an empty list; the other chain answers its own holdings', async () => {
    expect(await holdings(sandbox.devAccounts[6]!.address)).toEqual([])
    const onB = await holdings(ACCOUNT_0, 'eip155:31338')
    expect(onB.length).toBeGreaterThan(0)
    expect(onB.every((h) => h.chain === 'eip155:31338')).toBe(true)
  })

  it('a transfer on chain moves the NFT from one answer to the other', async () => {
    const { PIONEER } = sandbox.deployments[31337]!.collections
    const before = await holdings(ACCOUNT_0)
    const moving = before.find((h) => h.contract === PIONEER!.address)!
    const receiver = sandbox.devAccounts[5]!.address
    expect((await holdings(receiver)).map(key)).not.toContain(key(moving))

    const chain = sandbox.chains[0]!
    const wallet = createWalletClient({ account: privateKeyToAccount(sandbox.devAccounts[0]!.privateKey), chain: chain.viemChain, transport: http(chain.rpcUrl) })
    const hash = await wallet.writeContract({ address: PIONEER!.address, abi: collectibleAbi, functionName: 'transferFrom', args: [ACCOUNT_0, receiver, BigInt(moving.tokenId)] })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')

    const after = await holdings(ACCOUNT_0)
    expect(after.map(key)).not.toContain(key(moving))
    expect(after.map(key).sort()).toEqual(
      before
        .map(key)
        .filter((k) => k !== key(moving))
        .sort(),
    )
    expect(after.map(key).sort()).toEqual(await ownedOnChain(ACCOUNT_0))
    const received = await holdings(receiver)
    expect(received.map(key)).toEqual([key(moving)])
    expect(received[0]).toEqual({ ...moving })
  })

  it('has the project fields, chain, address and fault handling of every /v1 route', async () => {
    const url = (path: string) => withProject(`${sandbox.dataApi.url}${path}`)
    expect(await fetchError(`${sandbox.dataApi.url}/v1/account/${ACCOUNT_0}/nfts?chainId=${A}`)).toEqual({ status: 400, error: 'Missing required query parameters: projectId, st, sv' })
    expect(await fetchError(url(`/v1/account/${ACCOUNT_0}/nfts`))).toEqual({ status: 400, error: 'Missing required query parameter: chainId' })
    expect(await fetchError(url(`/v1/account/${ACCOUNT_0}/nfts?chainId=eip155:1`))).toEqual({ status: 400, error: 'Unsupported chain' })
    expect(await fetchError(url(`/v1/account/0x1234/nfts?chainId=${A}`))).toEqual({ status: 400, error: 'Invalid address' })

    sandbox.faults.set([{ route: '/v1/account/:address/nfts', kind: '429', retryAfterSeconds: 3, count: 1 }])
    try {
      const limited = await fetch(url(`/v1/account/${ACCOUNT_0}/nfts?chainId=${A}`))
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toBe('3')
      expect(limited.headers.get('x-portico-fault')).toBe('429')
      expect((await holdings(ACCOUNT_0)).length).toBeGreaterThan(0)
    } finally {
      sandbox.faults.clear()
    }
  })
})
