import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { connectInCore, createTestClient, openModal, renderPortico } from '../../testing/harness.tsx'

describe('AccountView', () => {
  it('shows the identity avatar, and the generated one when it cannot load (offline)', async () => {
    const portico = createTestClient({ remotes: { identity: { name: 'alice.portico.id', avatar: 'http://avatars.test/alice.png' } } })
    renderPortico(portico)
    await connectInCore(portico, { connectorId: 'x' })
    await openModal(portico, { name: 'Account' })
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    await within(dialog).findByText('alice.portico.id')
    const picture = within(dialog).getByRole('img', { name: 'Account avatar' })
    expect(picture.tagName).toBe('IMG')
    await act(async () => fireEvent.error(picture))
    const generated = within(dialog).getByRole('img', { name: 'Account avatar' })
    expect(generated.tagName).toBe('SPAN')
    expect(generated.className).toMatch(/portico-tint-[0-4]/)
    portico.client.destroy()
  })

  it('shows the generated avatar when the identity has none', async () => {
    const portico = createTestClient()
    renderPortico(portico)
    await connectInCore(portico, { connectorId: 'x' })
    await openModal(portico, { name: 'Account' })
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    expect(within(dialog).getByRole('img', { name: 'Account avatar' }).tagName).toBe('SPAN')
    portico.client.destroy()
  })
})
