import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectInCore, createTestClient, openModal, renderPortico, testConfig } from '../../../../test/harness.tsx'

beforeAll(async () => {
  await import('./SwapView.tsx')
}, 30_000)

describe('Swap on a network without swaps', () => {
  it('the Account tile says it is not on this network, and does nothing', async () => {
    // The harness's networks are not among SPEC.md §9's swap chains, and the configuration adds none.
    const portico = createTestClient()
    renderPortico(portico)
    await connectInCore(portico)
    await openModal(portico, { name: 'Account' })
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    const tile = within(dialog).getByRole('button', { name: /^Swap/ })
    expect(tile.getAttribute('aria-disabled')).toBe('true')
    expect(tile.textContent).toContain('Not on this network')
    expect(tile.getAttribute('title')).toBe('Swap is not available on Portico Local')
    tile.click()
    screen.getByRole('dialog', { name: 'Account' })
    portico.client.destroy()
  })

  it('opened directly, the view explains and offers no form', async () => {
    const portico = createTestClient()
    renderPortico(portico)
    await connectInCore(portico)
    await openModal(portico, { name: 'Swap' })
    const dialog = await screen.findByRole('dialog', { name: 'Swap' })
    expect((await within(dialog).findByRole('status', {}, { timeout: 5000 })).textContent).toContain('Swaps are not available on Portico Local')
    expect(within(dialog).queryByRole('button', { name: 'Review swap' })).toBeNull()
    portico.client.destroy()
  })

  it('with the configuration adding the chain, the tile opens Swap', async () => {
    const portico = createTestClient({ config: testConfig({ core: { swapChains: ['eip155:31337'] } }) })
    renderPortico(portico)
    await connectInCore(portico)
    await openModal(portico, { name: 'Account' })
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    const tile = within(dialog).getByRole('button', { name: /^Swap/ })
    expect(tile.getAttribute('aria-disabled')).toBeNull()
    portico.client.destroy()
  })
})
