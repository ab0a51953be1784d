import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Transaction } from '@portico/shared-types'
import { PorticoProvider } from '../../PorticoProvider.tsx'
import { ADDRESS, createTestClient } from '../../testing/harness.tsx'
import { NftGrid } from './NftGrid.tsx'

function nftTx(id: string, name: string, direction: 'in' | 'out', { spam = false, image = `http://nft/${name}.png` as string | null } = {}): Transaction {
  return {
    id,
    metadata: { operationType: direction === 'in' ? 'receive' : 'send', hash: `0x${id}`, minedAt: '2025-03-01T00:00:00Z', sentFrom: ADDRESS, sentTo: ADDRESS, status: 'confirmed', nonce: 0, chain: 'eip155:31337' },
    transfers: [{ nft_info: { name, flags: { is_spam: spam }, content: image ? { preview: { url: image } } : {} }, direction, quantity: { numeric: '1' } }],
  } as Transaction
}

describe('NftGrid', () => {
  it('shows the NFTs held (received, not sent on), spam left out, as a grid', () => {
    const { client } = createTestClient()
    // Newest first, as the core keeps them.
    const transactions = [nftTx('4', 'Sent Away', 'out'), nftTx('3', 'Spam Drop', 'in', { spam: true }), nftTx('2', 'Sent Away', 'in'), nftTx('1', 'Portico Punk', 'in'), nftTx('0', 'No Picture', 'in', { image: null })]
    render(
      <PorticoProvider client={client}>
        <NftGrid transactions={transactions} />
      </PorticoProvider>,
    )
    const items = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual(['No Picture', 'Portico Punk'])
    expect(items[1]!.querySelector('img')?.getAttribute('src')).toBe('http://nft/Portico Punk.png')
    client.destroy()
  })

  it('says when there are none', () => {
    const { client } = createTestClient()
    render(
      <PorticoProvider client={client}>
        <NftGrid transactions={[nftTx('1', 'Spam', 'in', { spam: true })]} />
      </PorticoProvider>,
    )
    expect(screen.getByText('No NFTs yet')).toBeTruthy()
    client.destroy()
  })
})
