import { readLookupTables as readTables, SolanaRpcCallError, type SolanaNode } from '@portico/simulation/solana'
import type { Address } from '@solana/kit'
import * as z from 'zod'
import type { FrameSolanaNetwork } from './solana-rpc.ts'

/**
 * The frame service's way to a Solana network's RPC, for `@portico/simulation/solana` (which reads
 * every answer through its schemas): one JSON-RPC POST to the network's URL, its envelope read here.
 */

const envelopeSchema = z.union([z.object({ result: z.unknown() }).refine((v) => 'result' in v), z.object({ error: z.object({ code: z.number().int(), message: z.string().max(2_000) }) })])

/** The network as the simulation calls it: its `result`, else a SolanaRpcCallError (with the JSON-RPC error's code). */
export function solanaNode(network: FrameSolanaNetwork): SolanaNode {
  return {
    name: network.name,
    async call(method, params, signal) {
      let json: unknown
      try {
        const res = await fetch(network.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), signal })
        json = await res.json()
      } catch {
        throw new SolanaRpcCallError(signal.aborted ? `${network.name} did not answer in time` : `${network.name} does not answer`)
      }
      const envelope = envelopeSchema.safeParse(json)
      if (!envelope.success) throw new SolanaRpcCallError(`${network.name} gave an unreadable answer`)
      if ('error' in envelope.data) throw new SolanaRpcCallError(envelope.data.error.message, envelope.data.error.code)
      return envelope.data.result
    },
  }
}

/** The lookup tables at `addresses` on `network`: each readable table's active addresses (see `@portico/simulation/solana`). */
export function readLookupTables(network: FrameSolanaNetwork, addresses: readonly string[], signal: AbortSignal): Promise<Record<string, Address[]>> {
  return readTables(solanaNode(network), addresses, signal)
}
