// How a chain's JSON-RPC URLs become a transport: apart from rpc.ts (the registry) and rpcClient.ts (the
// viem code it loads on first use), which both read it, so neither imports the other at run time.
import { FALLBACK_TRANSPORT } from '@portico/shared-types/constants'
import { MESSAGES, PorticoError } from '@portico/shared-types'

export type CreateRpcTransportParameters = {
  urls: readonly string[]
  fetchFn?: typeof fetch | undefined
  onRequest?: ((url: string) => void) | undefined
}

export type RpcTransportPlan =
  | { kind: 'http'; url: string }
  | { kind: 'fallback'; urls: string[]; rank: { interval: number; sampleCount: number; timeout: number; weights: { stability: number; latency: number } } }

/** One URL: viem's http transport. Several: viem's fallback transport, ranked with the SPEC.md §9 settings. */
export function planRpcTransport(urls: readonly string[]): RpcTransportPlan {
  if (urls.length === 0) throw new PorticoError(MESSAGES.noRpcUrl)
  if (urls.length === 1) return { kind: 'http', url: urls[0]! }
  return {
    kind: 'fallback',
    urls: [...urls],
    rank: {
      interval: FALLBACK_TRANSPORT.rankingIntervalMs,
      sampleCount: FALLBACK_TRANSPORT.sampleCount,
      timeout: FALLBACK_TRANSPORT.pingTimeoutMs,
      weights: { ...FALLBACK_TRANSPORT.weights },
    },
  }
}
