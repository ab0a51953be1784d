import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { solanaDevnet } from '@portico/shared-types/solana'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectInCore, createTestClient, LOCAL, openModal, renderPortico, testConfig } from '../../../test/harness.tsx'

/** A Solana account: swaps, names and history are eip155's (SPEC.md §9), and the modal says so where a visitor looks. */
const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

beforeAll(async () => {
  await Promise.all([import('./swap/SwapView.tsx'), import('./names/RegisterAccountNameView.tsx'), import('./transfer/SendView.tsx')])
}, 30_000)

async function onSolana() {
  const portico = createTestClient({ config: testConfig({ networks: [LOCAL, solanaDevnet], core: { swapChains: ['eip155:31337'] } }) })
  renderPortico(portico)
  await connectInCore(portico, { chain: solanaDevnet.caipNetworkId, address: ADDRESS })
  return portico
}

describe('a Solana account: what is eip155 only says so', () => {
  it('the Swap tile says EVM networks only; Swap opened directly explains, offers the networks and no form', async () => {
    const portico = await onSolana()
    await openModal(portico, { name: 'Account' })
    const account = await screen.findByRole('dialog', { name: 'Account' })
    const tile = within(account).getByRole('button', { name: /^Swap/ })
    expect(tile.getAttribute('aria-disabled')).toBe('true')
    expect(tile.textContent).toContain('EVM networks only')
    expect(tile.getAttribute('title')).toBe('Swap is available on EVM networks only')

    await openModal(portico, { name: 'Swap' })
    const swap = await screen.findByRole('dialog', { name: 'Swap' })
    expect((await within(swap).findByRole('status', {}, { timeout: 5000 })).textContent).toContain('Swaps are available on EVM networks only')
    expect(within(swap).queryByRole('textbox')).toBeNull()
    expect(within(swap).queryByRole('button', { name: 'Review swap' })).toBeNull()
    await userEvent.click(within(swap).getByRole('button', { name: 'Choose network' }))
    expect(await screen.findByRole('dialog', { name: 'Choose network' })).toBeTruthy()
    portico.client.destroy()
  }, 15_000)

  it('the Activity tab says activity is on EVM networks only, and Register name is not offered', async () => {
    const portico = await onSolana()
    await openModal(portico, { name: 'Account' })
    const account = await screen.findByRole('dialog', { name: 'Account' })
    await userEvent.click(within(account).getByRole('tab', { name: 'Activity' }))
    expect((await within(account).findByText('Activity is available on EVM networks only.')).tagName).toBe('P')
    expect(within(account).queryByRole('alert')).toBeNull()
    expect(within(account).queryByRole('button', { name: 'Register name' })).toBeNull()
    portico.client.destroy()
  }, 15_000)

  it('RegisterAccountName opened directly says names are EVM only; Send does not look a typed name up', async () => {
    const portico = await onSolana()
    await openModal(portico, { name: 'RegisterAccountName' })
    const names = await screen.findByRole('dialog', { name: /name/i })
    expect((await within(names).findByTestId('names-evm-only', {}, { timeout: 5000 })).textContent).toContain('Account names are available on EVM networks only')
    expect(within(names).queryByRole('textbox')).toBeNull()

    await openModal(portico, { name: 'Send' })
    const send = await screen.findByRole('dialog', { name: 'Send' })
    const receiver = await within(send).findByRole('textbox', { name: /Recipient/ }, { timeout: 5000 })
    expect(receiver.getAttribute('placeholder')).toBe('Solana address')
    await userEvent.type(receiver, 'vitalik.reown.id')
    expect((await within(send).findByTestId('receiver-evm-only')).textContent).toBe('Account names work on EVM networks only: enter a Solana address.')
    portico.client.destroy()
  }, 15_000)
})
