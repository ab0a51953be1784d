/** A write view's phase: its form, or a review (made for a network) and its wait for the wallet. */
type WritePhase = { step: 'form' } | { step: string; caipNetworkId: string }

/**
 * Whether a write view (Send, Swap) shows its review rather than its form. Once sent, the review stays until
 * the wallet answers, whatever changes meanwhile (another tab switching network, the balances reloading); a
 * review not sent yet was made for its network only, and on another the form shows again with what was typed.
 *
 * @example
 * if (reviewShown(phase, core.activeCaipNetworkId)) return <SendReview reviewed={phase} … />
 */
export function reviewShown<P extends WritePhase>(phase: P, activeCaipNetworkId: string | null | undefined): phase is Exclude<P, { step: 'form' }> {
  if (phase.step === 'form' || !('caipNetworkId' in phase)) return false
  return phase.step !== 'review' || phase.caipNetworkId === (activeCaipNetworkId ?? '')
}
