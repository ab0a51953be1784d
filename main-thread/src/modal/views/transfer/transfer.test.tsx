import { act, fireEvent, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { announceWallet, connectInCore, createTestClient, openModal, renderPortico, TOKEN_BALANCES } from '../../../../test/harness.tsx'

// The views load on demand; have their modules compiled once, so the first render does not wait on the transform.
beforeAll(async () => {
  await Promise.all([import('./SendView.tsx'), import('./ReceiveView.tsx')])
}, 30_000)

async function openSend() {
  const wallet = announceWallet()
  const portico = createTestClient({ remotes: { balances: TOKEN_BALANCES } })
  renderPortico(portico)
  await act(async () => {
    await portico.client.start()
    await portico.client.connect('dev.test.wallet')
    await portico.client.withCore((api) => api.refreshBalances())
  })
  await openModal(portico, { name: 'Send' })
  const dialog = await screen.findByRole('dialog', { name: 'Send' }, { timeout: 5000 })
  // The view's code loads on demand: wait for its form, not only the dialog.
  await within(dialog).findByRole('button', { name: 'Review' }, { timeout: 5000 })
  return { portico, wallet, dialog }
}

describe('SendView', () => {
  it('labels every field: the token with its balance, the amount, the recipient', async () => {
    const { portico, dialog } = await openSend()
    await within(dialog).findByRole('button', { name: /^Choose token: ETH/ })
    expect((within(dialog).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('')
    expect((within(dialog).getByRole('textbox', { name: /Recipient/ }) as HTMLInputElement).value).toBe('')
    fireEvent.click(within(dialog).getByRole('button', { name: /^Choose token: ETH/ }))
    const options = within(within(dialog).getByRole('list', { name: 'Token' })).getAllByRole('button')
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Ether'), expect.stringContaining('USD Coin')])
    expect(options[0]!.getAttribute('aria-current')).toBe('true')
    fireEvent.click(options[1]!)
    within(dialog).getByRole('button', { name: /^Choose token: USDC/ })
    portico.client.destroy()
  })

  it('a malformed address is refused next to its field, announced, and the wallet is not asked', async () => {
    const { portico, wallet, dialog } = await openSend()
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '0.1' } })
    const receiver = within(dialog).getByRole('textbox', { name: /Recipient/ })
    fireEvent.change(receiver, { target: { value: '0x1234' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe('Enter a valid address: 0x and 40 hex characters')
    expect(receiver.getAttribute('aria-invalid')).toBe('true')
    expect(receiver.getAttribute('aria-describedby')).toBe(alert.id)
    expect(wallet.provider.request.mock.calls.map(([a]) => a.method)).not.toContain('eth_sendTransaction')
    wallet.cleanup()
    portico.client.destroy()
  })

  it('an amount with more decimals than the token has is refused with the token’s decimals', async () => {
    const { portico, wallet, dialog } = await openSend()
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Choose token: ETH/ }))
    fireEvent.click(within(within(dialog).getByRole('list', { name: 'Token' })).getAllByRole('button')[1]!)
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '1.1234567' } })
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Recipient/ }), { target: { value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('USDC has at most 6 decimals')
    wallet.cleanup()
    portico.client.destroy()
  })

  it('offline, it explains that sending needs the network and offers no form', async () => {
    const { portico, dialog } = await openSend()
    await act(async () => {
      await portico.core.setOnline(false)
    })
    expect((await within(dialog).findByRole('status')).textContent).toContain('Sending needs the network')
    expect(within(dialog).queryByRole('button', { name: 'Review' })).toBeNull()
    portico.client.destroy()
  })
})

describe('ReceiveView', () => {
  it('shows the EIP-681 QR code of the address, the address in full with copy, and the networks', async () => {
    const portico = createTestClient()
    renderPortico(portico)
    await connectInCore(portico)
    await openModal(portico, { name: 'Receive' })
    const dialog = await screen.findByRole('dialog', { name: 'Receive' })
    const qr = await within(dialog).findByRole('img', { name: /QR code of the address 0x7099/ }, { timeout: 5000 })
    expect(qr.getAttribute('data-qr-value')).toBe('ethereum:0x70997970C51812dc3A010C7d01b50e0d17dc79C8@31337')
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100)
    expect(within(dialog).getByTestId('receive-address').textContent).toContain('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Portico Local', 'Portico Local B'])
    const writes: string[] = []
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text: string) => void writes.push(text) }, configurable: true })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Copy address' })))
    expect(writes).toEqual(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    within(dialog).getByRole('button', { name: 'Address copied' })
    portico.client.destroy()
  })
})
