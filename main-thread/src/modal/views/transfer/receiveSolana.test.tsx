import { screen, within } from '@testing-library/react'
import { solanaDevnet, solanaMainnet } from '@portico/shared-types/solana'
import { describe, expect, it } from 'vitest'
import { connectInCore, createTestClient, LOCAL, openModal, renderPortico, testConfig } from '../../../../test/harness.tsx'

describe('ReceiveView on Solana', () => {
  it('a Solana account gets a Solana Pay QR code (solana:<address>) and its Solana networks', async () => {
    const portico = createTestClient({ config: testConfig({ networks: [LOCAL, solanaMainnet, solanaDevnet] }) })
    renderPortico(portico)
    const address = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    await connectInCore(portico, { chain: solanaDevnet.caipNetworkId, address })
    await openModal(portico, { name: 'Receive' })
    const dialog = await screen.findByRole('dialog', { name: 'Receive' })
    const qr = await within(dialog).findByRole('img', { name: /QR code of the address 9WzD/ }, { timeout: 5000 })
    expect(qr.getAttribute('data-qr-value')).toBe(`solana:${address}`)
    expect(within(dialog).getByTestId('receive-address').textContent).toContain(address)
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Solana', 'Solana Devnet'])
    portico.client.destroy()
  }, 15_000)
})
