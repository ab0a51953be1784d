import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { WriteReturnType } from '../../../client/write.ts'
import { announceWallet, createTestClient, LOCAL_B, openModal, renderPortico } from '../../../../test/harness.tsx'

// The write path is held here so the view can be looked at while the wallet is asked: checking passes at once,
// and sending waits for the answer this test gives.
const writes = vi.hoisted(() => ({ answer: null as ((outcome: unknown) => void) | null, intents: [] as unknown[] }))
vi.mock('../../../actions/write.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../actions/write.ts')>()),
  checkWrite: async () => ({ status: 'ok', calls: [] }),
  write: (_client: unknown, { intent }: { intent: unknown }) => {
    writes.intents.push(intent)
    return new Promise((resolve) => (writes.answer = resolve))
  },
}))

beforeAll(async () => {
  await import('./SendView.tsx')
}, 30_000)

afterEach(() => {
  writes.answer = null
  writes.intents = []
})

const BALANCES = {
  balances: [
    {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:31337',
      address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
      value: 10,
      price: 1,
      quantity: { decimals: '6', numeric: '10' },
      iconUrl: '',
    },
  ],
}

async function reviewUsdc() {
  const wallet = announceWallet()
  const portico = createTestClient({ remotes: { balances: BALANCES } })
  renderPortico(portico)
  await act(async () => {
    await portico.client.start()
    await portico.client.connect('dev.test.wallet')
    await portico.client.withCore((api) => api.refreshBalances())
  })
  await openModal(portico, { name: 'Send' })
  const dialog = await screen.findByRole('dialog', { name: 'Send' }, { timeout: 5000 })
  await within(dialog).findByRole('button', { name: /^Choose token: USDC/ }, { timeout: 5000 })
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
    await act(async () => writes.answer?.({ status: 'error', writeId: null, error: { code: 'USER_REJECTED' } } satisfies WriteReturnType))
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
