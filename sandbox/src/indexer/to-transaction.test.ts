import { describe, expect, it } from 'vitest'
import { zeroAddress, type Address, type Hex } from 'viem'
import { AssetBook } from './assets.ts'
import { operationType, toTransaction, type TransactionView } from './to-transaction.ts'
import type { IndexedTx, Movement } from './types.ts'

const ME: Address = '0x1111111111111111111111111111111111111111'
const YOU: Address = '0x2222222222222222222222222222222222222222'
const TOKEN: Address = '0x3333333333333333333333333333333333333333'
const NFT: Address = '0x4444444444444444444444444444444444444444'

function tx(movements: Movement[], extra: Partial<IndexedTx> = {}): IndexedTx {
  return {
    chainId: 31337,
    hash: `0x${'ab'.repeat(32)}` as Hex,
    blockNumber: 7n,
    index: 0,
    timestamp: 1_700_000_000,
    from: ME,
    to: YOU,
    contractAddress: null,
    nonce: 3,
    status: 'confirmed',
    value: 0n,
    selector: undefined,
    movements,
    ...extra,
  }
}

const kind = (t: IndexedTx, who = ME) => operationType(t, who.toLowerCase(), t.movements)

describe('operationType', () => {
  it('names each kind from the account side', () => {
    const out: Movement = { kind: 'native', from: ME, to: YOU, amount: 1n }
    const back: Movement = { kind: 'erc20', token: TOKEN, from: YOU, to: ME, amount: 5n }
    expect(kind(tx([out]))).toBe('send')
    expect(kind(tx([out]), YOU)).toBe('receive')
    expect(kind(tx([out, back]))).toBe('trade')
    expect(kind(tx([{ kind: 'erc721', token: NFT, from: zeroAddress, to: ME, tokenId: 1n }], { from: YOU }))).toBe('mint')
    expect(kind(tx([], { selector: '0x095ea7b3' }))).toBe('approve')
    expect(kind(tx([], { selector: '0xdeadbeef' }))).toBe('execute')
    expect(kind(tx([], { status: 'failed', value: 10n }))).toBe('send')
    expect(kind(tx([{ kind: 'native', from: ME, to: ME, amount: 1n }]))).toBe('send')
  })
})

describe('toTransaction', () => {
  const assets = new AssetBook()
  assets.registerDeployment({
    chainId: 31337,
    tokens: { USDC: { key: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6, address: TOKEN } },
    collections: { CLAIM: { key: 'CLAIM', name: 'Free Mint Pass', symbol: 'CLAIM', spam: true, address: NFT } },
    amm: YOU,
    names: undefined,
    drainer: '0xf7Cd8fa9b94DB2Aa972023b379c7f72c65E4De9D',
  })
  const view: TransactionView = {
    assets,
    nativeCurrency: () => ({ name: 'Ether', symbol: 'ETH', decimals: 18 }),
    iconUrl: (s) => `http://x/icons/${s}.svg`,
    nftImageUrl: (c, t, id) => `http://x/nft/${c}/${t}/${id}.svg`,
  }

  it('answers the SPEC.md §3 shape with fungible and NFT transfers as the account sees them', () => {
    const t = tx([
      { kind: 'erc20', token: TOKEN, from: YOU, to: ME, amount: 2_500_000n },
      { kind: 'erc721', token: NFT, from: zeroAddress, to: ME, tokenId: 9n },
      { kind: 'native', from: YOU, to: zeroAddress, amount: 1n },
    ])
    expect(toTransaction(t, ME, view)).toEqual({
      id: `${t.hash}:31337`,
      metadata: { operationType: 'receive', hash: t.hash, minedAt: '2023-11-14T22:13:20.000Z', sentFrom: ME, sentTo: YOU, status: 'confirmed', nonce: 3, chain: 'eip155:31337' },
      transfers: [
        { fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: 'http://x/icons/USDC.svg' } }, direction: 'in', quantity: { numeric: '2.5' }, value: 2.5, price: 1 },
        { nft_info: { name: 'Free Mint Pass #9', content: { preview: { url: `http://x/nft/31337/${NFT}/9.svg` } }, flags: { is_spam: true } }, direction: 'in', quantity: { numeric: '1' } },
      ],
    })
  })
})
