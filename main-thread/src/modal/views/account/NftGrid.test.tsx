import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CaipNetworkId, NftHolding } from '@portico/shared-types'
import { ADDRESS, connectInCore, createTestClient, fakeFetch, renderPortico, type FakeRemotes } from '../../../../test/harness.tsx'
import { NftGrid } from './NftGrid.tsx'

const PUNKS = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BIRDS = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

function nft(contract: string, tokenId: string, partial: Partial<NftHolding> = {}): NftHolding {
  return {
    chain: 'eip155:31337',
    contract,
    tokenId,
    name: `Portico Punk #${tokenId}`,
    collection: { name: 'Portico Punks' },
    imageUrl: `https://api.test/nft/${contract}/${tokenId}.svg`,
    flags: { is_spam: false },
    ...partial,
  }
}

/** The fake remotes with every request to the NFT holdings route counted, failing while `down` is set. */
function nftRemotes(remotes: FakeRemotes) {
  const state = { down: false, asked: 0 }
  const inner = fakeFetch(remotes)
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    if (url.pathname.endsWith('/nfts')) {
      state.asked++
      if (state.down) return new Response('', { status: 503 })
    }
    return inner(input, init)
  })
  return { fetch, state }
}

async function showGrid(remotes: FakeRemotes, chain?: CaipNetworkId) {
  const { fetch, state } = nftRemotes(remotes)
  const portico = createTestClient({ fetch })
  await connectInCore(portico, chain ? { chain } : {})
  const view = renderPortico(portico, <NftGrid />)
  return { portico, state, view }
}

afterEach(() => vi.useRealTimers())

describe('NftGrid', () => {
  it('shows the NFTs the core reads for the account, one per token (same name or not), spam left out', async () => {
    const { portico, state } = await showGrid({
      nfts: {
        data: [
          nft(PUNKS, '1'),
          nft(BIRDS, '1', { name: 'Portico Punk #1', imageUrl: null }),
          nft(PUNKS, '2', { name: 'Free tokens', flags: { is_spam: true } }),
          nft(PUNKS, '3', { chain: 'eip155:31338' }),
        ],
      },
    })
    const list = await screen.findByRole('list', { name: 'NFTs' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual(['Portico Punk #1', 'Portico Punk #1'])
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe(`https://api.test/nft/${PUNKS}/1.svg`)
    expect(items[1]!.querySelector('img')).toBeNull()
    const asked = portico.fetch.mock.calls.map(([input]) => new URL(String(input))).find((u) => u.pathname.endsWith('/nfts'))!
    expect(asked.pathname).toBe(`/v1/account/${ADDRESS}/nfts`)
    expect(asked.searchParams.get('chainId')).toBe('eip155:31337')
    expect(state.asked).toBe(1)
    portico.client.destroy()
  })

  it('shows a placeholder while the core answers, then says when there are none', async () => {
    let answer!: () => void
    const held = new Promise<void>((resolve) => (answer = resolve))
    const inner = fakeFetch()
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/nfts')) await held
      return inner(input, init)
    })
    const portico = createTestClient({ fetch })
    await connectInCore(portico)
    renderPortico(portico, <NftGrid />)
    expect((await screen.findByRole('status', { name: 'Loading NFTs' })).getAttribute('aria-busy')).toBe('true')
    await act(async () => answer())
    await screen.findByText('No NFTs yet')
    expect(screen.queryByRole('status', { name: 'Loading NFTs' })).toBeNull()
    portico.client.destroy()
  })

  it('says when the NFTs could not be loaded, and tries again on request', async () => {
    const { fetch, state } = nftRemotes({ nfts: { data: [nft(PUNKS, '7')] } })
    state.down = true
    const portico = createTestClient({ fetch })
    await connectInCore(portico)
    renderPortico(portico, <NftGrid />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The NFTs could not be loaded.')
    state.down = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('listitem')
    expect(screen.getByRole('listitem').textContent).toBe('Portico Punk #7')
    portico.client.destroy()
  })

  it('offline, shows the NFTs read before, whatever their age, without asking', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.parse('2025-03-20T12:00:00Z'))
    const { portico, state, view } = await showGrid({ nfts: { data: [nft(PUNKS, '1')] } })
    await screen.findByRole('list', { name: 'NFTs' })
    view.unmount()
    await act(async () => portico.core.setOnline(false))
    state.down = true
    vi.setSystemTime(Date.parse('2025-03-20T13:00:00Z'))
    const reads = vi.spyOn(portico.core, 'getNftHoldings')
    renderPortico(portico, <NftGrid />)
    await waitFor(() => expect(reads).toHaveBeenCalledTimes(1))
    await act(async () => void (await reads.mock.results[0]!.value))
    expect(within(screen.getByRole('list', { name: 'NFTs' })).getByRole('listitem').textContent).toBe('Portico Punk #1')
    expect(screen.queryByText('The NFTs could not be loaded.')).toBeNull()
    expect(state.asked).toBe(1)
    portico.client.destroy()
  })

  it('says NFTs are shown on EVM networks only for another namespace, and asks nothing', async () => {
    const { portico, state } = await showGrid({}, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    await screen.findByText('NFTs are shown on EVM networks only.')
    expect(state.asked).toBe(0)
    portico.client.destroy()
  })
})
