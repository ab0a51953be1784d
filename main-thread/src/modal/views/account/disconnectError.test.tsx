import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { PorticoEvent } from '../../../ui/createUi.ts'
import { useEvents } from '../../../hooks/index.ts'
import { connectInCore, createTestClient, openModal, renderPortico } from '../../../../test/harness.tsx'

function Events({ seen }: { seen: PorticoEvent[] }) {
  useEvents((event) => void seen.push(event))
  return null
}

describe('a disconnect that fails', () => {
  it("says 'Failed to disconnect', tells DISCONNECT_ERROR to the dapp, and keeps the visitor connected", async () => {
    const portico = createTestClient()
    const seen: PorticoEvent[] = []
    renderPortico(portico, <Events seen={seen} />)
    await connectInCore(portico)
    await openModal(portico, { name: 'Account' })
    // The core cannot forget the connection (its storage is gone, say).
    vi.spyOn(portico.core, 'setDisconnected').mockRejectedValue(new Error('storage unavailable'))
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /Disconnect/ })))
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to disconnect')
    expect(seen).toContainEqual({ type: 'DISCONNECT_ERROR', message: 'Failed to disconnect' })
    expect(seen.some((e) => e.type === 'DISCONNECT_SUCCESS')).toBe(false)
    screen.getByRole('dialog', { name: 'Account' })
    portico.client.destroy()
  })
})
