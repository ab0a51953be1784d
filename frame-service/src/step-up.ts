import type { AssetChange } from '@portico/shared-types/write'
import { formatUnits } from 'viem'
import { FrameError, FRAME_MESSAGES } from './messages.ts'

/**
 * A fresh second factor for large approvals (PORTICO_FRAME_STEP_UP_USD): before the service signs a
 * transaction, a user operation or a Solana transaction that sends out at least that many USD, the
 * session must have signed in, or proved a passkey or an authenticator-app code, in the last 5 minutes.
 * Decided here, on the service, with its own simulation of exactly what is signed: nothing the dapp's
 * page says counts.
 *
 * What counts as sent out: the account's side of every asset the simulation sees leave it (the
 * network's coin and tokens) whose symbol the service's price table (PORTICO_FRAME_USD_PRICES) knows,
 * at that price. Where the simulation cannot tell, an EVM transaction counts its own value in the
 * network's coin, and a Solana transaction or a user operation whose calls cannot be read counts as
 * above any amount. Signatures of messages and typed data are not valued.
 */
export type StepUpPolicy = {
  /** The amount in USD from which a fresh factor is needed; undefined: never. */
  thresholdUsd: number | undefined
  usdPrices: Readonly<Record<string, number>>
  /** Whether the session's user signed in or proved a second factor less than 5 minutes ago. */
  fresh(): Promise<boolean>
}

/** The USD worth of what `changes` send out of the account, at `prices` (assets without a price count 0). */
export function outflowUsd(changes: readonly Pick<AssetChange, 'kind' | 'symbol' | 'decimals' | 'diff'>[], prices: Readonly<Record<string, number>>): number {
  let usd = 0
  for (const change of changes) {
    if (change.diff >= 0n || change.kind === 'erc721' || change.kind === 'erc1155') continue
    const symbol = change.symbol
    const price = symbol === undefined ? undefined : prices[symbol]
    if (price === undefined || change.decimals === undefined) continue
    usd += Number(formatUnits(-change.diff, change.decimals)) * price
  }
  return usd
}

/**
 * Refuses with FRAME_MESSAGES.freshFactorNeeded (403, as a stale key export is) when the policy asks for a fresh factor, the session
 * has none and what is about to be signed is worth the threshold or more. `valueUsd` is read only
 * when it matters (the session is not fresh).
 */
export async function requireStepUp(policy: StepUpPolicy, valueUsd: () => Promise<number>): Promise<void> {
  if (policy.thresholdUsd === undefined) return
  if (await policy.fresh()) return
  if ((await valueUsd()) >= policy.thresholdUsd) throw new FrameError(FRAME_MESSAGES.freshFactorNeeded, 403)
}
