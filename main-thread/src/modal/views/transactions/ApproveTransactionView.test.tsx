import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { announceWallet, connectInCore, createTestClient, openModal, renderPortico, type FakeWallet } from '../../../../test/harness.tsx'
import { FrameOverlay } from '../embedded/FrameOverlay.tsx'

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

describe('FrameOverlay (the embedded wallet laid over ApproveTransaction)', () => {
  it('shows the frame where the modal makes room, gives it the focus and the theme, and hides it again when the view goes', async () => {
    const frame = document.createElement('iframe')
    frame.hidden = true
    frame.setAttribute('aria-hidden', 'true')
    frame.tabIndex = -1
    frame.className = 'portico-embedded-frame'
    document.body.append(frame)
    const themes: string[] = []
    const rejected: number[] = []
    const approval = { height: 280, where: 'frame' as const, panel: false, frame, reject: () => void rejected.push(1), syncTheme: (mode: string) => void themes.push(mode) }
    const portico = createTestClient()
    const view = renderPortico(portico, <FrameOverlay approval={approval} label="Secure approval window of Email Wallet" />)
    const slot = screen.getByTestId('approval-frame-slot')
    expect(slot.style.height).toBe('280px')
    expect(frame.hidden).toBe(false)
    expect(frame.getAttribute('aria-hidden')).toBeNull()
    expect(frame.tabIndex).toBe(0)
    expect(frame.title).toBe('Secure approval window of Email Wallet')
    expect(frame.hasAttribute('data-portico-trap')).toBe(true)
    expect(frame.classList.contains('portico-frame-shown')).toBe(true)
    expect(Number(frame.style.zIndex)).toBeGreaterThan(0)
    expect(themes).toEqual(['light'])
    await waitFor(() => expect(document.activeElement).toBe(frame))

    view.unmount()
    expect(frame.hidden).toBe(true)
    expect(frame.getAttribute('aria-hidden')).toBe('true')
    expect(frame.tabIndex).toBe(-1)
    expect(frame.hasAttribute('data-portico-trap')).toBe(false)
    expect(frame.style.zIndex).toBe('')
    // Nothing waited in the client's state: leaving gave nothing up.
    expect(rejected).toEqual([])
    frame.remove()
    portico.client.destroy()
  })
})
