import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTestClient, openModal, renderPortico } from '../../testing/harness.tsx'

describe('ConnectingWalletConnectView', () => {
  it('names the wallet and says plainly that WalletConnect is not here yet', async () => {
    const portico = createTestClient()
    renderPortico(portico)
    await openModal(portico, { name: 'ConnectingWalletConnect', walletId: 'rainbow', walletName: 'Rainbow' })
    const dialog = await screen.findByRole('dialog', { name: 'Rainbow' })
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Connecting Rainbow through WalletConnect (QR code or deep link) is coming soon. Meanwhile, use a browser extension wallet.',
    )
    // Nothing to press but close: no dead button.
    expect(within(dialog).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Close'])
    portico.client.destroy()
  })
})
