import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PorticoConfigInput } from '@portico/shared-types'
import { activeConnection } from '@portico/shared-types/light'
import { useSnapshot } from '../context.ts'
import { connectInCore, createTestClient, renderPortico, testConfig } from '../../test/harness.tsx'
import { loadModal } from './load.ts'

/**
 * Shows what the page knows of the connection. It renders from the same snapshot as the watcher that
 * opens UnsupportedChain, so once it shows the chain, the watcher has seen it too.
 */
function ConnectionProbe() {
  const { core } = useSnapshot()
  const connection = core ? activeConnection(core) : null
  return <p data-testid="probe">{connection?.status === 'connected' ? `connected on ${core?.activeCaipNetworkId}` : 'not connected'}</p>
}

/**
 * Connects on `chain` and returns once the page has rendered that connection and run its effects.
 * The modal's code is loaded first, so a modal the watcher opened would be in the document by then.
 */
async function connectOn(chain: `eip155:${string}`, extra: Partial<PorticoConfigInput>) {
  await loadModal()
  const portico = createTestClient({ config: testConfig(extra) })
  renderPortico(portico, <ConnectionProbe />)
  await connectInCore(portico, { chain })
  await screen.findByText(`connected on ${chain}`)
  await act(async () => undefined)
  return portico.client
}

describe('UnsupportedChain (SPEC.md §2)', () => {
  it('opens when the wallet is on a network the dapp does not list', async () => {
    const client = await connectOn('eip155:999', {})
    // Already open when the connection has rendered: the checks below that it stays closed are made
    // at the same point, so they would see it open.
    expect(client.getSnapshot().modal.open).toBe(true)
    const dialog = screen.getByRole('dialog', { name: 'Switch Network' })
    await screen.findByText(/doesn’t support your current network/)
    expect(dialog.contains(screen.getByRole('button', { name: /^Portico Local(?! B)/ }))).toBe(true)
    client.destroy()
  })

  it('stays closed on a listed network', async () => {
    const client = await connectOn('eip155:31337', {})
    expect(client.getSnapshot().modal.open).toBe(false)
    expect(screen.queryByRole('dialog')).toBeNull()
    client.destroy()
  })

  it.each([
    ['network switching is disabled', { enableNetworkSwitch: false }],
    ['unsupported chains are allowed', { allowUnsupportedChain: true }],
    ['basic WalletConnect mode is on', { basic: true }],
  ])('stays closed when %s', async (_, extra) => {
    const client = await connectOn('eip155:999', extra)
    expect(client.getSnapshot().modal.open).toBe(false)
    expect(screen.queryByRole('dialog')).toBeNull()
    client.destroy()
  })
})
