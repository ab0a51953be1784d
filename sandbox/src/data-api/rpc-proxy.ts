import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { errorResponse, parseJsonRpcBody } from '../http/errors.ts'

/** The largest request the proxy forwards (a node's usual limit is about this). */
const REQUEST_LIMIT = 1024 * 1024
/** How long the proxy waits for the chain's node. */
const UPSTREAM_TIMEOUT_MS = 30_000

const callSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string().max(100),
  params: z.unknown().optional(),
})
const bodySchema = z.union([callSchema, z.array(callSchema).min(1).max(100)])
type Call = z.infer<typeof callSchema>

/**
 * What a public node answers: reads and `eth_sendRawTransaction`. Never a method that signs with the
 * node's own (anvil's unlocked) accounts or changes the chain (`anvil_*`, `evm_*`, `debug_*`).
 */
const FORWARDED = /^(eth|net|web3)_/
const REFUSED = new Set(['eth_sendTransaction', 'eth_sign', 'eth_signTransaction', 'eth_signTypedData', 'eth_signTypedData_v3', 'eth_signTypedData_v4', 'eth_accounts', 'eth_coinbase'])
const allowed = (method: string) => FORWARDED.test(method) && !REFUSED.has(method)

const rpcError = (id: Call['id'], code: number, message: string) => ({ jsonrpc: '2.0' as const, id: id ?? null, error: { code, message } })

/**
 * POST /rpc/{chainId}: a JSON-RPC endpoint in front of each of the sandbox's chains, as a dapp's RPC
 * provider is. It forwards what a public node serves to the chain's node and answers with the node's
 * answer; the fault rules (route `/rpc`, or `/rpc/31337` for one chain) make it fail as a node does:
 * 500, 429 with Retry-After, hangs, cut-off and oversized answers, garbage, JSON-RPC error objects.
 */
export function rpcProxyRoutes(rpcUrlOf: (chainId: number) => string | undefined): Hono {
  const app = new Hono()
  app.post('/rpc/:chainId', async (c) => {
    const id = c.req.param('chainId')
    const rpcUrl = /^[0-9]{1,12}$/.test(id) ? rpcUrlOf(Number(id)) : undefined
    if (!rpcUrl) return errorResponse(c, 404, 'No such chain in this sandbox')
    const parsed = await parseJsonRpcBody(c, bodySchema, REQUEST_LIMIT)
    if (!parsed.ok) return parsed.response
    const batch = Array.isArray(parsed.data)
    const calls = batch ? (parsed.data as Call[]) : [parsed.data as Call]
    const forwarded = calls.filter((call) => allowed(call.method))
    const answers = new Map<Call, unknown>()
    for (const call of calls) if (!allowed(call.method)) answers.set(call, rpcError(call.id, -32601, `the method ${call.method} does not exist/is not available`))
    if (forwarded.length > 0) {
      const upstream = await forward(c, rpcUrl, batch ? forwarded : forwarded[0])
      if (upstream instanceof Response) return upstream
      if (!batch) return c.json(upstream)
      const byId = new Map((Array.isArray(upstream) ? upstream : []).map((a: { id?: unknown }) => [a?.id, a]))
      for (const call of forwarded) answers.set(call, byId.get(call.id) ?? rpcError(call.id, -32603, 'No answer from the node'))
    }
    return c.json(batch ? calls.map((call) => answers.get(call)) : answers.get(calls[0]!))
  })
  return app
}

/** The node's JSON answer, or the HTTP answer to give when the node failed (its own status, or 502). */
async function forward(c: Context, rpcUrl: string, body: unknown): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([c.req.raw.signal, AbortSignal.timeout(UPSTREAM_TIMEOUT_MS)]),
    })
  } catch {
    return errorResponse(c, 502, 'The chain node did not answer')
  }
  const text = await response.text().catch(() => '')
  if (!response.ok) return errorResponse(c, response.status === 429 ? 429 : 502, `The chain node answered HTTP ${response.status}`)
  try {
    return JSON.parse(text) as unknown
  } catch {
    return errorResponse(c, 502, 'The chain node answered without JSON')
  }
}
