import type { FaultKind, FaultRuleInput } from './rules.ts'

/** The share of calls chaos fails, on every service. */
export const CHAOS_RATE = 0.3

/** What a failing HTTP service answers, in turn. */
const HTTP_KINDS: FaultKind[] = ['500', '429', 'hang', 'truncated', 'oversized', 'garbage', 'malformed', 'wrong-shape']
/** What a failing JSON-RPC node answers, in turn. */
const RPC_KINDS: FaultKind[] = ['500', 'rpc-error', '429', 'hang', 'truncated', 'garbage', 'oversized', 'rpc-error']

const rule = (route: string, kind: FaultKind[]): FaultRuleInput => ({ route, kind, rate: CHAOS_RATE, retryAfterSeconds: 1, hangMs: 2_000 })

/**
 * Chaos: every service the modal reaches fails 30% of its calls, each route on its own count (the
 * fault store applies the first rule a path matches): the chains' JSON-RPC (`/rpc/{chainId}`, in
 * front of each chain), the data API's routes and the wallet catalogue. The reliability suite's chaos
 * row and the demo's Chaos switch set these same rules.
 */
export const CHAOS_FAULTS: readonly FaultRuleInput[] = [
  rule('/rpc', RPC_KINDS),
  rule('/v1/account/:address/balance', HTTP_KINDS),
  rule('/v1/account/:address/history', HTTP_KINDS),
  rule('/v1/account/:address/nfts', HTTP_KINDS),
  rule('/v1/identity', HTTP_KINDS),
  rule('/v1/profile', HTTP_KINDS),
  rule('/v1/fungible', HTTP_KINDS),
  rule('/v1/convert', HTTP_KINDS),
  rule('/v1', HTTP_KINDS),
  rule('/getWallets', HTTP_KINDS),
  rule('/', HTTP_KINDS),
]
