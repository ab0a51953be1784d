import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PorticoConfigInput } from '@portico/shared-types'
import { connectInCore, createTestClient, renderPortico, testConfig } from '../testing/harness.tsx'

async function connectOn(chain: `eip155:${string}`, extra: Partial<PorticoConfigInput>) {
  const portico = createTestClient({ config: testConfig(extra) })
  renderPortico(portico)
  await connectInCore(portico, { chain })
  return portico.client
}

describe('UnsupportedChain (SPEC.md §2)', () => {
  it('opens when the wallet is on a network the dapp does not list', async () => {
    const client = await connectOn('eip155:999', {})
    const dialog = await screen.findByRole('dialog', { name: 'Switch Network' })
    expect(dialog.textContent).toContain('doesn’t support your current network')
    expect(screen.getByRole('button', { name: /^Portico Local(?! B)/ })).toBeTruthy()
    client.destroy()
  })

  it('stays closed on a listed network', async () => {
    const client = await connectOn('eip155:31337', {})
    await act(async () => new Promise((r) => setTimeout(r, 50)))
    expect(screen.queryByRole('dialog')).toBeNull()
    client.destroy()
  })

  it.each([
    ['network switching is disabled', { enableNetworkSwitch: false }],
    ['unsupported chains are allowed', { allowUnsupportedChain: true }],
    ['basic WalletConnect mode is on', { basic: true }],
  ])('stays closed when %s', async (_, extra) => {
    const client = await connectOn('eip155:999', extra)
    await act(async () => new Promise((r) => setTimeout(r, 50)))
    expect(screen.queryByRole('dialog')).toBeNull()
    client.destroy()
  })
})
