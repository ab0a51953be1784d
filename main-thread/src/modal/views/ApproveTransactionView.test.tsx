import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { announceWallet, connectInCore, createTestClient, openModal, renderPortico, type FakeWallet } from '../../testing/harness.tsx'

let wallet: FakeWallet | undefined
afterEach(() => wallet?.cleanup())

describe('ApproveTransactionView', () => {
  it('asks the visitor to approve in the connected wallet, under the title it is given', async () => {
    wallet = announceWallet({ name: 'Test Wallet', rdns: 'dev.test.wallet' })
    const portico = createTestClient()
    renderPortico(portico)
    await act(async () => {
      await portico.client.start()
      await portico.client.connect('dev.test.wallet')
    })
    await openModal(portico, { name: 'ApproveTransaction', title: 'Sign message' })
    const dialog = await screen.findByRole('dialog', { name: 'Sign message' })
    expect((await within(dialog).findByRole('status')).textContent).toBe('Approve the request in Test Wallet.')
    portico.client.destroy()
  })

  it('has a default title', async () => {
    const portico = createTestClient()
    renderPortico(portico)
    await connectInCore(portico, { connectorId: 'gone.wallet', connectorName: 'Gone Wallet' })
    await openModal(portico, { name: 'ApproveTransaction' })
    const dialog = await screen.findByRole('dialog', { name: 'Approve Transaction' })
    expect((await within(dialog).findByRole('status')).textContent).toBe('Approve the request in Gone Wallet.')
    portico.client.destroy()
  })
})
