import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { catalogue, CATALOGUE_URL, catalogueRequests, createTestClient, fakeFetch, openModal, renderPortico, testConfig } from '../../../../test/harness.tsx'

// happy-dom lays nothing out: give the wallet grid's scroll box the height it has in the modal.
const VIEWPORT = 460
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('portico-wallet-scroll') ? VIEWPORT : 0
  })
})
afterEach(() => vi.restoreAllMocks())

async function openAllWallets(count: number) {
  const portico = createTestClient({ config: testConfig({ catalogueUrl: CATALOGUE_URL }), remotes: { wallets: catalogue(count) } })
  renderPortico(portico)
  await openModal(portico, { name: 'AllWallets' })
  const dialog = await screen.findByRole('dialog', { name: 'All Wallets' })
  const grid = await within(dialog).findByRole('list', { name: 'All Wallets' })
  return { portico, dialog, grid }
}

function scrollToEnd(grid: HTMLElement) {
  const scroller = grid.parentElement!
  scroller.scrollTop = Number(grid.getAttribute('data-total'))
  fireEvent.scroll(scroller)
}

describe('AllWalletsView', () => {
  it('asks the core for the next page when the visitor scrolls to the end', async () => {
    const { portico, grid } = await openAllWallets(100)
    await within(grid).findByRole('button', { name: 'Wallet 0005' })
    const pages = () =>
      catalogueRequests(portico.fetch)
        .filter((q) => q.get('entries') === '40')
        .map((q) => q.get('page'))
    expect(pages()).toEqual(['1'])
    await act(async () => scrollToEnd(grid))
    await waitFor(() => expect(pages()).toEqual(['1', '2']))
    await waitFor(() => expect(grid.getAttribute('aria-busy')).toBe('false'))
    // The second page is appended below the first.
    await act(async () => scrollToEnd(grid))
    await within(grid).findByRole('button', { name: 'Wallet 0084' })
    portico.client.destroy()
  })

  it('says when a page could not be loaded, keeps the wallets shown, and asks for that page again', async () => {
    const inner = fakeFetch({ wallets: catalogue(100) })
    let failPage2 = true
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input))
      if (url.pathname === '/getWallets' && url.searchParams.get('page') === '2' && failPage2) return new Response('', { status: 400 })
      return inner(input, init)
    })
    const portico = createTestClient({ config: testConfig({ catalogueUrl: CATALOGUE_URL }), fetch })
    renderPortico(portico)
    await openModal(portico, { name: 'AllWallets' })
    const dialog = await screen.findByRole('dialog', { name: 'All Wallets' })
    const grid = await within(dialog).findByRole('list', { name: 'All Wallets' })
    await within(grid).findByRole('button', { name: 'Wallet 0005' })
    await act(async () => scrollToEnd(grid))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('The wallet list could not be loaded.')
    within(grid).getByRole('button', { name: 'Wallet 0044' })
    failPage2 = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await act(async () => scrollToEnd(grid))
    await within(grid).findByRole('button', { name: 'Wallet 0084' })
    // Page 2 once more, then on to page 3 at the end of it.
    const pages = () =>
      catalogueRequests(portico.fetch)
        .filter((q) => q.get('entries') === '40')
        .map((q) => q.get('page'))
    await waitFor(() => expect(pages()).toEqual(['1', '2', '2', '3']))
    portico.client.destroy()
  })

  it('keeps only a window of rows in the DOM, even with 1,000 wallets', async () => {
    const { portico, grid } = await openAllWallets(1004)
    await within(grid).findByRole('button', { name: 'Wallet 0005' })
    // Page by page to the end of the catalogue (1,000 wallets after the 4 recommended ones).
    for (let page = 2; page <= 25; page++) {
      await act(async () => scrollToEnd(grid))
      await waitFor(() => expect(grid.getAttribute('data-total')).toBe(String(page * 10 * 92)))
    }
    await act(async () => scrollToEnd(grid))
    await waitFor(() => expect(within(grid).getAllByRole('listitem').at(-1)?.getAttribute('aria-posinset')).toBe('1000'))
    const items = within(grid).getAllByRole('listitem')
    expect(items[0]?.getAttribute('aria-setsize')).toBe('1000')
    expect(items.length).toBeLessThan(60)
    within(grid).getByRole('button', { name: 'Wallet 1004' })
    expect(within(grid).queryByRole('button', { name: 'Wallet 0005' })).toBeNull()
    portico.client.destroy()
  })

  it('searches once the visitor stops typing, with the results the core answers', async () => {
    const user = userEvent.setup()
    const { portico, dialog, grid } = await openAllWallets(100)
    await within(grid).findByRole('button', { name: 'Wallet 0005' })
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search wallets' }), '0042')
    await within(grid).findByRole('button', { name: 'Wallet 0042' })
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(1))
    // Debounced: one search for the whole text, none for the letters typed on the way.
    expect(catalogueRequests(portico.fetch).flatMap((q) => q.get('search') ?? [])).toEqual(['0042'])
    portico.client.destroy()
  })

  it('says when no wallet matches', async () => {
    const user = userEvent.setup()
    const { portico, dialog, grid } = await openAllWallets(10)
    await within(grid).findByRole('button', { name: 'Wallet 0005' })
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search wallets' }), 'zzz')
    expect((await within(dialog).findByRole('status')).textContent).toBe('No wallet matches “zzz”')
    portico.client.destroy()
  })

  it('shows a placeholder until a wallet image has loaded', async () => {
    const { portico, grid } = await openAllWallets(10)
    const button = await within(grid).findByRole('button', { name: 'Wallet 0005' })
    const image = button.querySelector('img')!
    const frame = image.parentElement!
    expect(frame.className).toContain('portico-image-loading')
    expect(frame.querySelector('.portico-wallet-initials')).not.toBeNull()
    fireEvent.load(image)
    expect(frame.className).toContain('portico-image-loaded')
    expect(frame.querySelector('.portico-wallet-initials')).toBeNull()
    portico.client.destroy()
  })
})
