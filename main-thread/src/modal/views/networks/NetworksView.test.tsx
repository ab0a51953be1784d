import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createTestClient, openModal, renderPortico, testConfig, testNetwork } from '../../../../test/harness.tsx'

describe('NetworksView', () => {
  it('lists the dapp’s networks, marks the active one, and switches without a wallet', async () => {
    const portico = createTestClient({ config: testConfig({ networks: [testNetwork(31337, 'Portico Local'), testNetwork(31338, 'Portico Local B', { testnet: true })] }) })
    renderPortico(portico)
    await openModal(portico, { name: 'Networks' })
    const dialog = await screen.findByRole('dialog', { name: 'Choose network' })
    const list = within(dialog).getByRole('list', { name: 'Networks' })
    const local = within(list).getByRole('button', { name: /^Portico Local Active/ })
    const b = within(list).getByRole('button', { name: /Portico Local B · Testnet/ })
    await waitFor(() => expect(local.getAttribute('aria-current')).toBe('true'))
    expect(b.getAttribute('aria-current')).toBeNull()
    await userEvent.click(b)
    await waitFor(async () => expect((await portico.core.getState()).activeCaipNetworkId).toBe('eip155:31338'))
    await waitFor(() =>
      expect(
        within(list)
          .getByRole('button', { name: /Portico Local B/ })
          .getAttribute('aria-current'),
      ).toBe('true'),
    )
    portico.client.destroy()
  })
})
