import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { announceWallet, createTestClient, openModal, renderPortico, type FakeWallet } from '../../../../test/harness.tsx'

let wallet: FakeWallet | undefined
afterEach(() => wallet?.cleanup())

/** A connected wallet that approves or declines network switches as `answer` says. */
async function connectedWith(answer: { switch: boolean }) {
  wallet = announceWallet({
    handle: (method, params) => {
      if (method !== 'wallet_switchEthereumChain') throw { code: 4200, message: 'Unsupported' }
      if (!answer.switch) throw { code: 4001, message: 'User rejected the request.' }
      wallet!.chainId = Number((params as { chainId: string }[])[0]!.chainId)
      return null
    },
  })
  const portico = createTestClient()
  renderPortico(portico)
  await act(async () => {
    await portico.client.start()
    await portico.client.connect('dev.test.wallet')
  })
  return portico
}

describe('SwitchNetworkView', () => {
  it('switches through the wallet, says so, and returns to the account', async () => {
    const portico = await connectedWith({ switch: true })
    await openModal(portico, { name: 'SwitchNetwork', caipNetworkId: 'eip155:31338' })
    const account = await screen.findByRole('dialog', { name: 'Account' })
    expect((await within(account).findByText('Switched to Portico Local B')).closest('[role="status"]')).not.toBeNull()
    expect((await portico.core.getState()).activeCaipNetworkId).toBe('eip155:31338')
    portico.client.destroy()
  })

  it('shows a declined switch as an error notification and offers another try', async () => {
    const answer = { switch: false }
    const portico = await connectedWith(answer)
    await openModal(portico, { name: 'SwitchNetwork', caipNetworkId: 'eip155:31338' })
    const dialog = await screen.findByRole('dialog', { name: 'Portico Local B' })
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Network switch declined')
    expect((await portico.core.getState()).activeCaipNetworkId).toBe('eip155:31337')
    answer.switch = true
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('dialog', { name: 'Account' })
    expect((await portico.core.getState()).activeCaipNetworkId).toBe('eip155:31338')
    portico.client.destroy()
  })
})
