import { historyResponseSchema, type Transaction } from '@portico/shared-types'
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseEther, parseUnits, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rpc } from '../chain/rpc.ts'
import { tokenAbi } from '../contracts/abis.ts'
import { startSandbox, type SandboxHandle } from '../index.ts'
import { ACCOUNT_0, fetchParsed, testSandboxOptions, withProject } from '../../test/helpers.ts'

let sandbox: SandboxHandle
let client: PublicClient

beforeAll(async () => {
  sandbox = await startSandbox(testSandboxOptions(22510))
  const chain = sandbox.chains[0]!
  client = createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl) })
})
afterAll(() => sandbox?.stop())

const history = (account: string, query = '') => fetchParsed(withProject(`${sandbox.dataApi.url}/v1/account/${account}/history?${query}`), historyResponseSchema)

async function allPages(account: string, query: string): Promise<Transaction[]> {
  const all: Transaction[] = []
  let cursor: string | null = null
  for (let page = 0; page < 50; page++) {
    const answer = await history(account, `${query}${cursor ? `&cursor=${cursor}` : ''}`)
    all.push(...answer.data)
    cursor = answer.next
    if (!cursor) return all
  }
  throw new Error('history never ended')
}

function wallet(index: number) {
  const chain = sandbox.chains[0]!
  return createWalletClient({ account: privateKeyToAccount(sandbox.devAccounts[index]!.privateKey), chain: chain.viemChain, transport: http(chain.rpcUrl) })
}

describe('seeded history of account 0 (the Sandbox Wallet)', () => {
  it('spans months, newest first, in cursor pages of 20 that end with next null', async () => {
    const first = await history(ACCOUNT_0, 'chainId=eip155:31337')
    expect(first.data).toHaveLength(20)
    expect(first.next).toEqual(expect.any(String))
    const all = await allPages(ACCOUNT_0, 'chainId=eip155:31337')
    expect(all.slice(0, 20)).toEqual(first.data)
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length)
    expect(all.length).toBeGreaterThanOrEqual(40)
    const times = all.map((t) => Date.parse(t.metadata.minedAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect((times[0]! - times.at(-1)!) / 86_400_000).toBeGreaterThan(200)
    const months = new Set(all.map((t) => t.metadata.minedAt.slice(0, 7)))
    expect(months.size).toBeGreaterThanOrEqual(8)
    expect(all.every((t) => t.metadata.chain === 'eip155:31337' && t.metadata.status === 'confirmed')).toBe(true)
  })

  it('has sends, receives, mints, trades and approvals, with in / out / self transfers', async () => {
    const all = await allPages(ACCOUNT_0, 'chainId=eip155:31337&limit=100')
    const kinds = new Set(all.map((t) => t.metadata.operationType))
    for (const kind of ['send', 'receive', 'mint', 'trade', 'approve']) expect(kinds, kind).toContain(kind)
    const directions = new Set(all.flatMap((t) => t.transfers.map((x) => x.direction)))
    expect([...directions].sort()).toEqual(['in', 'out', 'self'])
    const trade = all.find((t) => t.metadata.operationType === 'trade')
    expect(trade?.transfers.map((x) => x.direction).sort()).toEqual(['in', 'out'])
    const native = all.find((t) => t.transfers[0]?.fungible_info?.symbol === 'ETH')
    expect(native?.transfers[0]).toMatchObject({ fungible_info: { name: 'Ether', icon: { url: expect.stringContaining('/icons/ETH.svg') } }, price: 3000 })
  })

  it('includes NFT transfers with previews, and transactions that only move spam NFTs', async () => {
    const all = await allPages(ACCOUNT_0, 'chainId=eip155:31337&limit=100')
    const nfts = all.flatMap((t) => t.transfers.filter((x) => x.nft_info))
    expect(nfts.some((x) => x.nft_info?.name.startsWith('Portico Pioneers #') && !x.nft_info.flags.is_spam)).toBe(true)
    const spamOnly = all.filter((t) => t.transfers.length > 0 && t.transfers.every((x) => x.nft_info?.flags.is_spam === true))
    expect(spamOnly.length).toBeGreaterThanOrEqual(1)
    expect(spamOnly[0]?.transfers[0]?.nft_info?.name).toMatch(/^Free Mint Pass #\d+$/)
    const preview = await fetch(nfts[0]?.nft_info?.content.preview?.url ?? '')
    expect(preview.status).toBe(200)
    expect(preview.headers.get('content-type')).toBe('image/svg+xml')
  })

  it('mixes both chains without chainId, and reads the chain from a CAIP-10 account', async () => {
    const all = await allPages(ACCOUNT_0, 'limit=100')
    expect(new Set(all.map((t) => t.metadata.chain))).toEqual(new Set(['eip155:31337', 'eip155:31338']))
    const b = await allPages(`eip155:31338:${ACCOUNT_0}`, 'limit=100')
    expect(b.length).toBeGreaterThan(30)
    expect(b.every((t) => t.metadata.chain === 'eip155:31338')).toBe(true)
    expect(b[0]?.transfers.some((x) => x.fungible_info?.symbol === 'BEE' || x.fungible_info?.symbol === 'USDC' || x.nft_info) || b[0]?.metadata.operationType === 'approve').toBe(true)
  })
})

describe('live transactions', () => {
  it('a transaction just sent is in the next history answer, on both sides', async () => {
    const sender = sandbox.devAccounts[5]!
    const receiver = sandbox.devAccounts[6]!
    const hash = await wallet(5).sendTransaction({ to: receiver.address, value: parseEther('0.42') })
    await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const sent = await history(sender.address, 'chainId=eip155:31337')
    expect(sent.data[0]).toMatchObject({
      metadata: { hash, operationType: 'send', sentFrom: sender.address, sentTo: receiver.address, status: 'confirmed', chain: 'eip155:31337' },
      transfers: [{ direction: 'out', quantity: { numeric: '0.42' }, fungible_info: { symbol: 'ETH' } }],
    })
    const received = await history(receiver.address, 'chainId=eip155:31337')
    expect(received.data[0]).toMatchObject({ metadata: { hash, operationType: 'receive' }, transfers: [{ direction: 'in' }] })
    expect(Math.abs(Date.parse(received.data[0]!.metadata.minedAt) - Date.now())).toBeLessThan(120_000)
  })

  it('an ERC-20 transfer from account 0 shows with the token, and older pages stay stable', async () => {
    const page1 = await history(ACCOUNT_0, 'chainId=eip155:31337&limit=5')
    const usdc = sandbox.contracts[31337]!.USDC!.address
    const data = encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [sandbox.devAccounts[6]!.address, parseUnits('12.5', 6)] })
    const hash = await wallet(0).sendTransaction({ to: usdc, data })
    await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const page2 = await history(ACCOUNT_0, `chainId=eip155:31337&limit=5&cursor=${page1.next}`)
    expect(page2.data.map((t) => t.id)).not.toContain(page1.data[0]?.id)
    const fresh = await history(ACCOUNT_0, 'chainId=eip155:31337&limit=5')
    expect(fresh.data[0]).toMatchObject({ metadata: { hash, operationType: 'send' }, transfers: [{ direction: 'out', quantity: { numeric: '12.5' }, fungible_info: { symbol: 'USDC' }, value: 12.5 }] })
    expect(fresh.data[1]?.id).toBe(page1.data[0]?.id)
  })

  it('follows the chain back after evm_revert', async () => {
    const snapshot = await rpc(client, 'evm_snapshot')
    const hash = await wallet(4).sendTransaction({ to: sandbox.devAccounts[3]!.address, value: parseEther('0.01') })
    await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const account4 = sandbox.devAccounts[4]!.address
    expect((await history(account4, 'chainId=eip155:31337')).data[0]?.metadata.hash).toBe(hash)
    await rpc(client, 'evm_revert', [snapshot])
    expect((await history(account4, 'chainId=eip155:31337')).data.map((t) => t.metadata.hash)).not.toContain(hash)
    const again = await wallet(4).sendTransaction({ to: sandbox.devAccounts[2]!.address, value: parseEther('0.02') })
    await client.waitForTransactionReceipt({ hash: again, pollingInterval: 20 })
    expect((await history(account4, 'chainId=eip155:31337')).data[0]?.metadata.hash).toBe(again)
  })
})
