import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { solanaDevnet } from '@portico/shared-types/solana'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADDRESS, connectInCore, createTestClient, LOCAL, openModal, renderPortico, testConfig } from '../../../test/harness.tsx'

/** SPEC.md §4: switching namespace sets a switching flag, resets the send state and stores the active network. */
const SOLANA_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

beforeAll(async () => {
  await import('./transfer/SendView.tsx')
}, 30_000)

describe('switching namespace, as every tab sees it', () => {
  it('the Account view says the network is switching while the flag is set', async () => {
    const portico = createTestClient({ config: testConfig({ networks: [LOCAL, solanaDevnet] }) })
    renderPortico(portico)
    await connectInCore(portico)
    await openModal(portico, { name: 'Account' })
    const account = await screen.findByRole('dialog', { name: 'Account' })
    expect(within(account).queryByTestId('account-switching')).toBeNull()
    await act(() => portico.core.setSwitchingNamespace(true))
    expect((await within(account).findByTestId('account-switching')).textContent).toBe('Switching network…')
    // Storing the active network ends the switch.
    await act(() => portico.core.setConnected({ caipAddress: `${solanaDevnet.caipNetworkId}:${SOLANA_ADDRESS}`, connectorId: 'dev.test.wallet', connectorName: 'Test Wallet', activate: true }))
    await waitFor(() => expect(within(account).queryByTestId('account-switching')).toBeNull())
    expect(await portico.core.getState()).toMatchObject({ activeNamespace: 'solana', switchingNamespace: false })
    portico.client.destroy()
  }, 15_000)

  it('an open Send view starts over when the namespace changes (another tab switched): what was typed was for the other account', async () => {
    const portico = createTestClient({ config: testConfig({ networks: [LOCAL, solanaDevnet] }) })
    renderPortico(portico)
    await connectInCore(portico)
    await act(() => portico.core.setConnected({ caipAddress: `${solanaDevnet.caipNetworkId}:${SOLANA_ADDRESS}`, connectorId: 'dev.test.wallet', connectorName: 'Test Wallet' }))
    await openModal(portico, { name: 'Send' })
    const send = await screen.findByRole('dialog', { name: 'Send' })
    const receiver = await within(send).findByRole('textbox', { name: /Recipient/ }, { timeout: 5000 })
    // The Solana account arrived in the background: the visitor is still on the EVM account.
    expect(receiver.getAttribute('placeholder')).toBe('0x… or name.reown.id')
    await userEvent.type(receiver, ADDRESS)
    await userEvent.type(within(send).getByRole('textbox', { name: /Amount/ }), '0.5')
    expect((receiver as HTMLInputElement).value).toBe(ADDRESS)

    await act(() => portico.core.setConnected({ caipAddress: `${solanaDevnet.caipNetworkId}:${SOLANA_ADDRESS}`, connectorId: 'dev.test.wallet', connectorName: 'Test Wallet', activate: true }))
    await waitFor(async () => expect((await portico.core.getState()).activeNamespace).toBe('solana'))
    await waitFor(() => expect((within(send).getByRole('textbox', { name: /Recipient/ }) as HTMLInputElement).value).toBe(''))
    expect((within(send).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('')
    expect(
      within(send)
        .getByRole('textbox', { name: /Recipient/ })
        .getAttribute('placeholder'),
    ).toBe('Solana address')
    portico.client.destroy()
  }, 15_000)
})
