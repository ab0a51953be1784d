import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { createApprovalHost } from '../../client/approvals.ts'
import type { ClientSnapshot } from '../../client/createClient.ts'
import { currentView } from '../../client/router.ts'
import { createTestClient, openModal, renderPortico, testConfig } from '../../testing/harness.tsx'
import { describeRequest, messageText } from '../views/ApproveTransactionView.tsx'

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
    expect(within(socials).getAllByRole('button').map((b) => b.textContent)).toEqual(['GGoogle', 'XX', 'DDiscord', 'More'])
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
  function host() {
    let snapshot = { modal: { open: false, router: { history: [{ name: 'Connect' }] } }, approvals: [], approvalNotice: null } as unknown as ClientSnapshot
    const internals = { get: () => snapshot, set: (patch: Partial<ClientSnapshot>) => void (snapshot = { ...snapshot, ...patch }) }
    return { approvals: createApprovalHost(internals), get: () => snapshot }
  }

  it('opens the modal on the request, runs it on approve, and closes what it opened', async () => {
    const { approvals, get } = host()
    const asked = approvals.ask({ method: 'personal_sign', params: ['0x48656c6c6f', '0x0'] })
    expect(get().modal.open).toBe(true)
    expect(currentView(get().modal.router).name).toBe('ApproveTransaction')
    get().approvals[0]!.approve()
    await expect(asked).resolves.toBeUndefined()
    expect(get().modal.open).toBe(false)
    expect(get().approvals).toHaveLength(0)
  })

  it('rejects every pending request on reject, with the user-rejected error', async () => {
    const { approvals, get } = host()
    const first = approvals.ask({ method: 'personal_sign', params: ['0x00'] })
    const second = approvals.ask({ method: 'eth_sendTransaction', params: [{ to: '0x0' }] })
    expect(get().approvals).toHaveLength(2)
    get().approvals[0]!.reject()
    await expect(first).rejects.toBeInstanceOf(UserRejectedRequestError)
    await expect(second).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(get().approvals).toHaveLength(0)
  })

  it("says 'Action not allowed' after a disallowed call and rejects what was pending", async () => {
    const { approvals, get } = host()
    const pending = approvals.ask({ method: 'personal_sign', params: ['0x00'] })
    approvals.notAllowed('eth_sign')
    await expect(pending).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(get().approvalNotice).toBe('Action not allowed')
    expect(get().modal.open).toBe(true)
  })

  it('shows what is asked in plain words', () => {
    expect(messageText('0x48656c6c6f2c20776f726c64')).toBe('Hello, world')
    expect(messageText('0xff00')).toBe('0xff00')
    const typed = describeRequest(
      { method: 'eth_signTypedData_v4', params: ['0x0', JSON.stringify({ domain: { name: 'Mail', version: '1', chainId: 31337 }, primaryType: 'Mail', types: {}, message: {} })] },
      'ETH',
      18,
    )
    expect(typed.rows).toEqual([
      ['domain', 'name: Mail, version: 1, chainId: 31337'],
      ['primaryType', 'Mail'],
    ])
    const tx = describeRequest({ method: 'eth_sendTransaction', params: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x2386f26fc10000' }] }, 'ETH', 18)
    expect(tx.rows).toEqual([
      ['to', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
      ['value', '0.01 ETH'],
      ['data', '—'],
    ])
  })
})
