import { z } from 'zod'

const chainIdAnswerSchema = z.object({ result: z.string().regex(/^0x[0-9a-fA-F]+$/) })

/** One eth_chainId call; resolves to the chain id, or undefined when nothing answers yet. */
export async function readChainId(rpcUrl: string, timeoutMs = 1_000): Promise<number | undefined> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!res.ok) return undefined
    const parsed = chainIdAnswerSchema.safeParse(await res.json())
    return parsed.success ? Number.parseInt(parsed.data.result, 16) : undefined
  } catch {
    return undefined
  }
}

export type WaitForRpcOptions = { timeoutMs?: number; intervalMs?: number; abort?: AbortSignal }

/** Polls eth_chainId until the node answers with `expectedChainId`. */
export async function waitForRpc(rpcUrl: string, expectedChainId: number, options: WaitForRpcOptions = {}): Promise<void> {
  const { timeoutMs = 15_000, intervalMs = 50, abort } = options
  const deadline = Date.now() + timeoutMs
  for (;;) {
    abort?.throwIfAborted()
    const chainId = await readChainId(rpcUrl)
    if (chainId === expectedChainId) return
    if (chainId !== undefined) throw new Error(`${rpcUrl} answers chain id ${chainId}, expected ${expectedChainId}`)
    if (Date.now() > deadline) throw new Error(`${rpcUrl} did not answer eth_chainId within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}
