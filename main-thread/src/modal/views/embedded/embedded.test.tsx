import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createApprovalHost } from '../../../client/approvals.ts'
import type { ClientSnapshot } from '../../../client/createClient.ts'
import { currentView } from '../../../client/router.ts'
import { createTestClient, openModal, renderPortico, testConfig } from '../../../../test/harness.tsx'
import { viewDefinition, type TitleContext } from '../registry.tsx'

const FRAME = 'http://127.0.0.1:1'

async function openConnect() {
  const portico = createTestClient({ config: testConfig({ embeddedWalletUrl: FRAME }) })
  renderPortico(portico)
  await openModal(portico)
  const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 5000 })
  return { portico, dialog }
}

describe('embedded wallet on the Connect view', () => {
  it('offers an email field and the first social providers, then "More"', { timeout: 20_000 }, async () => {
    const { portico, dialog } = await openConnect()
    const email = await within(dialog).findByRole('textbox', { name: /Email/ }, { timeout: 5000 })
    const socials = within(dialog).getByRole('list', { name: 'Social login' })
    expect(
      within(socials)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Google', 'X', 'Discord', 'More'])
    await userEvent.click(within(socials).getByRole('button', { name: 'More' }))
    expect(within(socials).getAllByRole('button')).toHaveLength(8)
    portico.client.destroy()
  })

  it("refuses an address that is not an email with 'a valid email', before asking the frame", { timeout: 20_000 }, async () => {
    const { portico, dialog } = await openConnect()
    const email = await within(dialog).findByRole('textbox', { name: /Email/ }, { timeout: 5000 })
    await userEvent.type(email, 'not-an-email{Enter}')
    expect(within(dialog).getByRole('alert').textContent).toMatch(/a valid email/)
    expect(email.getAttribute('aria-invalid')).toBe('true')
    portico.client.destroy()
  })
})

describe('ApproveTransaction for the embedded wallet', () => {
  function host(start: { open: boolean; view: 'Connect' | 'Account' } = { open: false, view: 'Connect' }) {
    let snapshot = { modal: { open: start.open, router: { history: [{ name: start.view }] } }, frameApproval: null, approvalNotice: null } as unknown as ClientSnapshot
    const internals = { get: () => snapshot, set: (patch: Partial<ClientSnapshot>) => void (snapshot = { ...snapshot, ...patch }) }
    return { approvals: createApprovalHost(internals), get: () => snapshot }
  }
  const frameApproval = (height = 320, panel = false) => {
    const rejected: number[] = []
    return { approval: { height, where: 'frame' as const, panel, frame: document.createElement('iframe'), reject: () => void rejected.push(height), syncTheme: () => undefined }, rejected }
  }

  it('opens the modal on ApproveTransaction while the frame shows a request, and closes what it opened once none waits', () => {
    const { approvals, get } = host()
    const { approval } = frameApproval()
    approvals.show(approval)
    expect(get().modal.open).toBe(true)
    expect(currentView(get().modal.router).name).toBe('ApproveTransaction')
    expect(get().frameApproval?.height).toBe(320)
    // A new height from the frame only resizes.
    approvals.show({ ...approval, height: 400 })
    expect(get().frameApproval?.height).toBe(400)
    expect(get().modal.router.history).toHaveLength(1)
    approvals.hide()
    expect(get().frameApproval).toBeNull()
    expect(get().modal.open).toBe(false)
  })

  it('pushes ApproveTransaction over an open view and goes back to it afterwards', () => {
    const { approvals, get } = host({ open: true, view: 'Account' })
    approvals.show(frameApproval().approval)
    expect(get().modal.router.history.map((v) => v.name)).toEqual(['Account', 'ApproveTransaction'])
    approvals.hide()
    expect(get().modal.open).toBe(true)
    expect(get().modal.router.history.map((v) => v.name)).toEqual(['Account'])
  })

  it("a settings panel of the frame (a passkey, the key's export) is titled Passkeys, a request Approve Transaction", () => {
    const { approvals, get } = host({ open: true, view: 'Account' })
    approvals.show(frameApproval(320, true).approval)
    expect(currentView(get().modal.router)).toEqual({ name: 'ApproveTransaction', panel: true })
    approvals.hide()
    approvals.show(frameApproval().approval)
    expect(currentView(get().modal.router)).toEqual({ name: 'ApproveTransaction', panel: false })
    const ctx = { t: (key: string) => ({ passkeys: 'Passkeys', approveTransaction: 'Approve Transaction' })[key] ?? key, walletName: String, networkName: String } as unknown as TitleContext
    expect(viewDefinition('ApproveTransaction').title({ name: 'ApproveTransaction', panel: true }, ctx)).toBe('Passkeys')
    expect(viewDefinition('ApproveTransaction').title({ name: 'ApproveTransaction', panel: false }, ctx)).toBe('Approve Transaction')
  })

  it('has no way to approve: the page can show, hide and give up, nothing else', () => {
    const { approvals } = host()
    expect(Object.keys(approvals).sort()).toEqual(['destroy', 'hide', 'notAllowed', 'show'])
    const { approval, rejected } = frameApproval()
    approvals.show(approval)
    approvals.destroy()
    expect(rejected).toEqual([320])
  })

  it("says 'Action not allowed' after a disallowed call, then gives up on what the frame has waiting", async () => {
    const { approvals, get } = host()
    let aborted!: () => void
    const abort = new Promise<void>((resolve) => (aborted = resolve))
    approvals.notAllowed('eth_sign', () => aborted())
    expect(get().modal.open).toBe(true)
    expect(get().approvalNotice).toBeNull()
    await abort
    expect(get().approvalNotice).toBe('Action not allowed')
    expect(currentView(get().modal.router).name).toBe('ApproveTransaction')
  })
})
