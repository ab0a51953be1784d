import { describe, expect, it } from 'vitest'
import { spamNft, transaction } from '../../../test/fixtures.ts'
import { filterTransactions, isSpamNftOnly } from './filterTransactions.ts'
import { groupTransactions } from './groupTransactions.ts'

describe('transaction filters and grouping', () => {
  it('drops only transactions whose every transfer is a spam NFT', () => {
    expect(isSpamNftOnly(transaction('1', '2025-01-01T12:00:00Z', { transfers: [spamNft] }))).toBe(true)
    expect(isSpamNftOnly(transaction('2', '2025-01-01T12:00:00Z', { transfers: [] }))).toBe(false)
    expect(isSpamNftOnly(transaction('3', '2025-01-01T12:00:00Z', { transfers: [{ ...spamNft, nft_info: { ...spamNft.nft_info!, flags: { is_spam: false } } }] }))).toBe(false)
    const list = [transaction('1', '2025-01-01T12:00:00Z'), transaction('2', '2025-01-01T12:00:00Z', { chain: 'eip155:1' })]
    expect(filterTransactions(list, 'eip155:31337').map((t) => t.id)).toEqual(['1'])
  })

  it('groups newest year and month first and adds a page to the groups without changing them', () => {
    const first = groupTransactions([transaction('1', '2025-02-10T12:00:00Z'), transaction('2', '2024-11-10T12:00:00Z')])
    const both = groupTransactions([transaction('3', '2024-11-02T12:00:00Z'), transaction('4', '2023-05-02T12:00:00Z'), transaction('5', 'not a date')], first)
    expect(first.map((y) => y.year)).toEqual([2025, 2024])
    expect(first[1]!.months[0]!.transactions).toHaveLength(1)
    expect(both.map((y) => [y.year, y.months.map((m) => [m.month, m.transactions.map((t) => t.id)])])).toEqual([
      [2025, [[1, ['1']]]],
      [2024, [[10, ['2', '3']]]],
      [2023, [[4, ['4']]]],
    ])
  })
})
