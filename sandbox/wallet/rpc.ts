import { z } from 'zod'
import { internalError, unsupportedMethod, WalletRpcError } from './errors.ts'

const rpcResponseSchema = z.union([
  z.object({
    jsonrpc: z.literal('2.0'),
    error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }),
  }),
  // `result` may be null (e.g. an unknown transaction), but it must be there.
  z.custom<{ jsonrpc: '2.0'; result: unknown }>(
    (v) => typeof v === 'object' && v !== null && Object.hasOwn(v, 'result') && (v as { jsonrpc?: unknown }).jsonrpc === '2.0',
    'Expected a JSON-RPC result',
  ),
])

let nextId = 1

/** Sends one JSON-RPC request to a chain's node; node errors keep their code, message and data. */
export async function forwardRpc(fetchFn: typeof fetch, rpcUrl: string, method: string, params: unknown): Promise<unknown> {
  let response: Response
  try {
    response = await fetchFn(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
    })
  } catch (error) {
    throw internalError(`Could not reach ${rpcUrl}: ${error instanceof Error ? error.message : String(error)}`)
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw internalError(`${rpcUrl} answered HTTP ${response.status} without JSON`)
  }
  const parsed = rpcResponseSchema.safeParse(body)
  if (!parsed.success) throw internalError(`${rpcUrl} answered an invalid JSON-RPC response to ${method}`)
  const answer = parsed.data
  if ('error' in answer) {
    if (answer.error.code === -32601) throw unsupportedMethod(method)
    throw new WalletRpcError(answer.error.code, answer.error.message, answer.error.data)
  }
  return answer.result
}
