import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { PorticoCoreApi } from '@portico/shared-types'
import { announceWallet, createTestClient, LOCAL_B, openModal, renderPortico, TOKEN_BALANCES } from '../../../../test/harness.tsx'

// The core's part of the write answers at once (no chain here): the check passes, and the write's one step is the
// wallet's eth_sendTransaction, which goes through the page's real write path and connector to the test's wallet,
// whose answer the test holds.
const writes = { intents: [] as unknown[], answer: null as ((outcome: { ok: boolean }) => void) | null }
const STEP = {
  status: 'step',
  writeId: 'w1',
  kind: 'send',
  index: 1,
  total: 1,
  label: 'send',
  namespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  target: 'wallet',
  request: { method: 'eth_sendTransaction', params: [{ from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', data: '0x' }] },
} as const
const coreOverrides = {
  validateWrite: async () => ({ status: 'ok', calls: [] }),
  prepareWrite: async (intent: unknown) => {
    writes.intents.push(intent)
    return STEP
  },
  markWriteAsked: async () => true,
  submitWriteResult: async (writeId: string, answer: { ok: boolean }) =>
    answer.ok ? { status: 'done', writeId, hash: `0x${'ab'.repeat(32)}` } : { status: 'error', writeId, error: { code: 'USER_REJECTED' } },
} as unknown as Partial<PorticoCoreApi>

beforeAll(async () => {
  await import('./SendView.tsx')
}, 30_000)

afterEach(() => {
  writes.answer = null
  writes.intents = []
})

async function reviewUsdc() {
  // The wallet holds its answer to the send until the test gives it.
  const wallet = announceWallet({
    handle: (method) => {
      if (method !== 'eth_sendTransaction') throw { code: 4200, message: 'Unsupported' }
      return new Promise((resolve, reject) => (writes.answer = ({ ok }) => (ok ? resolve(`0x${'ab'.repeat(32)}`) : reject({ code: 4001, message: 'User rejected the request.' }))))
    },
  })
  const portico = createTestClient({ remotes: { balances: TOKEN_BALANCES }, coreOverrides })
  renderPortico(portico)
  await act(async () => {
    await portico.client.start()
    await portico.client.connect('dev.test.wallet')
    await portico.client.withCore((api) => api.refreshBalances())
  })
  await openModal(portico, { name: 'Send' })
  const dialog = await screen.findByRole('dialog', { name: 'Send' }, { timeout: 5000 })
  fireEvent.click(await within(dialog).findByRole('button', { name: /^Choose token: ETH/ }, { timeout: 5000 }))
  fireEvent.click(within(within(dialog).getByRole('list', { name: 'Token' })).getAllByRole('button')[1]!)
  await within(dialog).findByRole('button', { name: /^Choose token: USDC/ })
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount/ }), { target: { value: '1.5' } })
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Recipient/ }), { target: { value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }))
  await within(dialog).findByTestId('review-amount')
  return { portico, wallet, dialog }
}

/** The core moves to another network (another tab switched it): this network's balances no longer apply. */
async function otherNetwork(portico: Awaited<ReturnType<typeof reviewUsdc>>['portico']) {
  await act(async () => {
    await portico.client.withCore((api) => api.setActiveNetwork(LOCAL_B.caipNetworkId as never))
  })
}

describe('Send while the wallet is asked', () => {
  it('keeps the review and the token it reviewed when the network changes under it, and shows the wallet’s answer', async () => {
    const { portico, wallet, dialog } = await reviewUsdc()
    expect(within(dialog).getByTestId('review-amount').textContent).toBe('1.5 USDC')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    await within(dialog).findByText('Approve the transfer in Test Wallet.')

    await otherNetwork(portico)
    // Still the review, busy, naming what is being sent and where: not an empty form to edit while the wallet asks.
    expect(within(dialog).queryByRole('button', { name: 'Review' })).toBeNull()
    expect(within(dialog).getByTestId('review-amount').textContent).toBe('1.5 USDC')
    expect(within(dialog).getByText('Portico Local')).toBeTruthy()
    expect(writes.intents).toEqual([expect.objectContaining({ token: expect.objectContaining({ symbol: 'USDC' }), amount: '1.5' })])

    // The wallet's refusal then shows, as a notification, with what was typed kept.
    await waitFor(() => expect(writes.answer).not.toBeNull())
    await act(async () => writes.answer?.({ ok: false }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/./)
    expect((within(dialog).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('1.5')
    wallet.cleanup()
    portico.client.destroy()
  })

  it('a review not sent yet goes back to the form on another network, with what was typed', async () => {
    const { portico, wallet, dialog } = await reviewUsdc()
    await otherNetwork(portico)
    await within(dialog).findByRole('button', { name: 'Review' })
    expect(within(dialog).queryByTestId('review-amount')).toBeNull()
    expect((within(dialog).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('1.5')
    expect(writes.intents).toEqual([])
    wallet.cleanup()
    portico.client.destroy()
  })
})
