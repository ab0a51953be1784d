import type { Transaction, TransactionTransfer } from '@portico/shared-types'
import { formatUnits, zeroAddress, type Hex } from 'viem'
import { priceOf } from '../prices.ts'
import type { AssetBook } from './assets.ts'
import type { IndexedTx, Movement } from './types.ts'

/** What turning an indexed transaction into an answer needs besides the transaction. */
export type TransactionView = {
  assets: AssetBook
  nativeCurrency(chainId: number): { name: string; symbol: string; decimals: number }
  iconUrl(symbol: string): string
  nftImageUrl(chainId: number, token: string, tokenId: bigint): string
}

const APPROVE_SELECTORS: ReadonlySet<Hex> = new Set(['0x095ea7b3', '0xa22cb465'])

function round(value: number): number {
  return Number(value.toFixed(8))
}

function direction(m: Movement, account: string): TransactionTransfer['direction'] {
  const from = m.from.toLowerCase() === account
  const to = m.to.toLowerCase() === account
  return from && to ? 'self' : from ? 'out' : 'in'
}

function transfer(tx: IndexedTx, m: Movement, account: string, view: TransactionView): TransactionTransfer {
  const dir = direction(m, account)
  if (m.kind === 'erc721') {
    const meta = view.assets.nft(tx.chainId, m.token)
    return {
      nft_info: {
        name: `${meta?.name ?? 'NFT'} #${m.tokenId}`,
        content: { preview: { url: view.nftImageUrl(tx.chainId, m.token, m.tokenId) } },
        flags: { is_spam: meta?.spam ?? false },
      },
      direction: dir,
      quantity: { numeric: '1' },
    }
  }
  const meta = m.kind === 'native' ? view.nativeCurrency(tx.chainId) : view.assets.fungible(tx.chainId, m.token)
  const symbol = meta?.symbol ?? '???'
  const numeric = formatUnits(m.amount, meta?.decimals ?? 18)
  const price = priceOf(symbol, 'usd')
  return {
    fungible_info: { name: meta?.name ?? 'Unknown token', symbol, icon: { url: view.iconUrl(symbol) } },
    direction: dir,
    quantity: { numeric },
    value: round(Number(numeric) * price),
    price,
  }
}

/** send / receive / mint / trade / approve / execute, as `account` sees the transaction. */
export function operationType(tx: IndexedTx, account: string, mine: readonly Movement[]): string {
  if (tx.selector && APPROVE_SELECTORS.has(tx.selector) && tx.from.toLowerCase() === account) return 'approve'
  const outs = mine.filter((m) => m.from.toLowerCase() === account)
  const ins = mine.filter((m) => m.to.toLowerCase() === account && m.from.toLowerCase() !== account)
  if (outs.length === 0 && ins.length > 0 && ins.every((m) => m.from === zeroAddress)) return 'mint'
  if (outs.length > 0 && ins.length > 0) return 'trade'
  if (outs.length > 0) return 'send'
  if (ins.length > 0) return 'receive'
  if (tx.status === 'failed' && tx.from.toLowerCase() === account && (tx.value > 0n || tx.selector === '0xa9059cbb')) return 'send'
  return 'execute'
}

/** The history entry of `tx` for `account` (SPEC.md §3 Transaction). */
export function toTransaction(tx: IndexedTx, account: string, view: TransactionView): Transaction {
  const who = account.toLowerCase()
  const mine = tx.movements.filter((m) => m.from.toLowerCase() === who || m.to.toLowerCase() === who)
  return {
    id: `${tx.hash}:${tx.chainId}`,
    metadata: {
      operationType: operationType(tx, who, mine),
      hash: tx.hash,
      minedAt: new Date(tx.timestamp * 1000).toISOString(),
      sentFrom: tx.from,
      sentTo: tx.to ?? tx.contractAddress ?? zeroAddress,
      status: tx.status,
      nonce: tx.nonce,
      chain: `eip155:${tx.chainId}`,
    },
    transfers: mine.map((m) => transfer(tx, m, who, view)),
  }
}
