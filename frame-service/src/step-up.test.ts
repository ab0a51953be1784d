import { parseEther, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { FrameError, FRAME_MESSAGES } from './messages.ts'
import { outflowUsd, requireStepUp } from './step-up.ts'

const PRICES = { ETH: 3000, USDC: 1 }

describe('outflowUsd', () => {
  it('sums what leaves the account at the table’s prices; what arrives, NFTs and unpriced tokens count nothing', () => {
    expect(
      outflowUsd(
        [
          { kind: 'native', symbol: 'ETH', decimals: 18, diff: -parseEther('0.25') },
          { kind: 'erc20', symbol: 'USDC', decimals: 6, diff: -parseUnits('400', 6) },
          { kind: 'erc20', symbol: 'USDC', decimals: 6, diff: parseUnits('9000', 6) },
          { kind: 'erc20', symbol: 'MYSTERY', decimals: 18, diff: -parseEther('1000000') },
          { kind: 'erc20', symbol: 'ETH', decimals: undefined, diff: -1n },
          { kind: 'erc721', symbol: 'ETH', decimals: 0, diff: -1n },
        ],
        PRICES,
      ),
    ).toBe(1150)
  })
})

describe('requireStepUp', () => {
  const policy = (fresh: boolean, thresholdUsd: number | undefined) => ({ thresholdUsd, usdPrices: PRICES, fresh: async () => fresh })

  it('refuses the threshold and above without a fresh factor, with the typed error; below it, or fresh, or unset, it passes without valuing', async () => {
    const refusal = await requireStepUp(policy(false, 1000), async () => 1000).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(FrameError)
    expect(refusal).toMatchObject({ message: FRAME_MESSAGES.freshFactorNeeded, status: 403 })
    await expect(requireStepUp(policy(false, 1000), async () => 999.99)).resolves.toBeUndefined()
    let valued = 0
    const value = async () => {
      valued += 1
      return Number.POSITIVE_INFINITY
    }
    await expect(requireStepUp(policy(true, 1000), value)).resolves.toBeUndefined()
    await expect(requireStepUp(policy(false, undefined), value)).resolves.toBeUndefined()
    expect(valued).toBe(0)
  })
})
