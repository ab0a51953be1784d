import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { CaipAddress } from '@portico/shared-types/light'
import type { SimulatedCall, Simulation } from '@portico/shared-types/write'
import { ADDRESS, connectInCore, createTestClient, renderPortico, type TestPortico } from '../../../../test/harness.tsx'
import { loadAllCatalogues } from '../../../../test/catalogues.ts'
import { useWritePreview } from './WritePreview.tsx'

const ACCOUNT = `eip155:31337:${ADDRESS}` as CaipAddress
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x9fE46736679d2D9a65F0992F6272dE9f3c7fa6e0'
const CALLS: SimulatedCall[] = [{ to: USDC, value: 0n, data: '0xa9059cbb' }]

beforeAll(loadAllCatalogues, 30_000)

/** A review as Send and Swap build it: the preview, then a Confirm that waits for it. */
function Review({ calls, transaction, account = ACCOUNT }: { calls: readonly SimulatedCall[] | null; transaction?: string; account?: CaipAddress }) {
  const { section, blocked } = useWritePreview(account, calls, transaction)
  return (
    <div role="region" aria-label="Review">
      {section}
      <button type="button" disabled={blocked}>
        Confirm
      </button>
    </div>
  )
}

/** A core whose simulation answers when the test says so (what it answers is the core's, tested against anvil in worker-core). */
async function reviewWith(answer: () => Promise<Simulation>, calls: readonly SimulatedCall[] | null = CALLS, transaction?: string) {
  const portico = createTestClient()
  const asked: unknown[] = []
  portico.core.simulateCalls = async (params) => {
    asked.push(params)
    return answer()
  }
  renderPortico(portico, <Review calls={calls} {...(transaction ? { transaction } : {})} />)
  await connectInCore(portico)
  return { portico, asked, region: await screen.findByRole('region', { name: 'Review' }) }
}

let shown: TestPortico | null = null
afterEach(() => {
  shown?.client.destroy()
  shown = null
})

describe("a write's simulated preview in its Review step", () => {
  it('says it is simulating and keeps Confirm off, then shows signed amounts with USD values and arms Confirm', async () => {
    let answer!: (s: Simulation) => void
    const { portico, asked, region } = await reviewWith(() => new Promise<Simulation>((resolve) => (answer = resolve)))
    shown = portico
    expect((await within(region).findByRole('status')).textContent).toBe('Simulating on the network…')
    expect(within(region).getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true)
    expect(asked).toEqual([{ caipAddress: ACCOUNT, calls: CALLS }])
    await act(async () =>
      answer({
        status: 'simulated',
        changes: [
          { kind: 'native', symbol: 'ETH', decimals: 18, diff: -(10n ** 16n), usd: -30 },
          { kind: 'erc20', token: USDC, symbol: 'USDC', decimals: 6, diff: 1_250_000_000n, usd: 1250 },
          { kind: 'erc721', token: SPENDER, diff: -1n, tokenIds: ['7'] },
        ],
        approvals: [],
      }),
    )
    const changes = await within(region).findAllByTestId('preview-change')
    expect(changes.map((c) => c.textContent)).toEqual(['−0.01 ETH (≈ −$30.00)', '+1,250 USDC (≈ $1,250.00)', '−1 0x9fE4…a6e0 #7'])
    expect(changes[0]!.className).toBe('portico-preview-out')
    expect(changes[1]!.className).toBe('portico-preview-in')
    expect(within(region).getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', false)
  })

  it('names every allowance granted, unlimited and every-NFT ones as dangers', async () => {
    const { portico, region } = await reviewWith(async () => ({
      status: 'simulated',
      changes: [],
      approvals: [
        { kind: 'erc20', token: USDC, symbol: 'USDC', decimals: 6, spender: SPENDER, amount: 2n ** 256n - 1n, unlimited: true, revoked: false },
        { kind: 'erc20', token: USDC, symbol: 'USDC', decimals: 6, spender: SPENDER, amount: 30_000_000n, unlimited: false, revoked: false },
        { kind: 'all', token: SPENDER, symbol: 'PCOL', spender: SPENDER, unlimited: true, revoked: false },
      ],
    }))
    shown = portico
    const grants = await within(region).findAllByTestId('preview-approval')
    expect(grants.map((g) => g.textContent)).toEqual(['Unlimited approval to 0x9fE4…a6e0 for your USDC', 'Approval to 0x9fE4…a6e0 for 30 USDC', 'Approval to 0x9fE4…a6e0 for every PCOL NFT you hold'])
    expect(grants.every((g) => g.className === 'portico-preview-danger')).toBe(true)
    expect(grants[0]!.getAttribute('title')).toBe(SPENDER)
    expect(within(region).getByText('No balance changes')).toBeTruthy()
  })

  it('a revert is an alert with its reason, and Confirm arms only once the visitor says they understand (keyboard too)', async () => {
    const { portico, region } = await reviewWith(async () => ({ status: 'reverts', call: 0, reason: 'execution reverted: FrozenToken: transfers are frozen' }))
    shown = portico
    expect((await within(region).findByRole('alert')).textContent).toBe('This transaction will fail: execution reverted: FrozenToken: transfers are frozen')
    const confirm = within(region).getByRole('button', { name: 'Confirm' })
    expect(confirm).toHaveProperty('disabled', true)
    const understood = within(region).getByRole('checkbox', { name: /I understand it will fail/ })
    understood.focus()
    fireEvent.click(understood)
    expect(confirm).toHaveProperty('disabled', false)
  })

  it('a node that cannot simulate (or a core that fails) says so and does not hold Confirm', async () => {
    const { portico, region } = await reviewWith(async () => ({ status: 'unavailable', reason: 'the method eth_simulateV1 does not exist' }))
    shown = portico
    expect((await within(region).findByText(/^Could not simulate/)).textContent).toBe('Could not simulate (the method eth_simulateV1 does not exist). Check what your wallet shows before you approve.')
    expect(within(region).getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', false)
    portico.client.destroy()
    cleanup()
    const failing = await reviewWith(async () => {
      throw new TypeError('port closed')
    })
    shown = failing.portico
    expect((await within(failing.region).findByText(/^Could not simulate/)).textContent).toContain('port closed')
  })

  it("a Solana send's transaction is simulated as it is: SOL and a token by its symbol, or its mint", async () => {
    const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const { portico, asked, region } = await reviewWith(
      async () => ({
        status: 'simulated',
        approvals: [],
        changes: [
          { kind: 'native', symbol: 'SOL', decimals: 9, diff: -500_000_000n, usd: -75 },
          { kind: 'spl', token: MINT, symbol: 'USDC', decimals: 6, diff: -25_000_000n },
          { kind: 'spl', token: MINT, decimals: 6, diff: 1_500_000n },
        ],
      }),
      [],
      'AQAB',
    )
    shown = portico
    const changes = await within(region).findAllByTestId('preview-change')
    expect(changes.map((c) => c.textContent)).toEqual(['−0.5 SOL (≈ −$75.00)', '−25 USDC', '+1.5 EPjFWd…Dt1v'])
    expect(asked).toEqual([{ caipAddress: ACCOUNT, calls: [], transaction: 'AQAB' }])
  })

  it('nothing to simulate (a signature): no section, nothing asked', async () => {
    const { portico, asked, region } = await reviewWith(async () => ({ status: 'unavailable', reason: 'unused' }), null)
    shown = portico
    expect(within(region).queryByTestId('write-preview')).toBeNull()
    expect(within(region).getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', false)
    expect(asked).toEqual([])
  })
})
