import type { Context, MiddlewareHandler, Next } from 'hono'
import type { FaultStore, InjectedFault } from './store.ts'

const DEFAULT_HANG_MS = 60_000
const DEFAULT_RETRY_AFTER_SECONDS = 1
/** Past the 5 MiB a client reads of a JSON answer (SPEC.md §7's body cap). */
export const OVERSIZED_BYTES = 5 * 1024 * 1024 + 64 * 1024
/** A request body read to answer it with JSON-RPC errors; larger ones get one error with id null. */
const RPC_BODY_LIMIT = 1024 * 1024
const JSON_TYPE = 'application/json; charset=utf-8'

/** Waits until the client gives up (the request's signal aborts) or `ms` pass. */
function hang(signal: AbortSignal, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    timer.unref()
    signal.addEventListener('abort', done, { once: true })
    function done(): void {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
  })
}

/** Bytes that are not text (and not JSON): what a broken gateway or a wrong upstream sends. */
function garbage(seed: number): Uint8Array {
  const bytes = new Uint8Array(512)
  let x = (seed * 2654435761) >>> 0 || 1
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    bytes[i] = x & 0xff
  }
  bytes[0] = 0xff // never a valid start of UTF-8 JSON
  return bytes
}

/** The ids of the JSON-RPC calls in a request body (null where there is none, or the body is not JSON-RPC). */
async function rpcIds(c: Context): Promise<{ batch: boolean; ids: unknown[] }> {
  try {
    const text = await c.req.raw.clone().text()
    if (text.length > RPC_BODY_LIMIT) return { batch: false, ids: [null] }
    const body: unknown = JSON.parse(text)
    const idOf = (call: unknown) => {
      const id = typeof call === 'object' && call !== null ? (call as { id?: unknown }).id : null
      return typeof id === 'string' || typeof id === 'number' ? id : null
    }
    if (Array.isArray(body) && body.length > 0) return { batch: true, ids: body.map(idOf) }
    return { batch: false, ids: [idOf(body)] }
  } catch {
    return { batch: false, ids: [null] }
  }
}

/** The route's real answer, with `change` applied to its body (status and headers kept, length dropped). */
async function alterAnswer(c: Context, next: Next, fault: InjectedFault, change: (body: Uint8Array) => Uint8Array | string): Promise<void> {
  await next()
  const real = new Uint8Array(await c.res.arrayBuffer())
  const headers = new Headers(c.res.headers)
  headers.delete('content-length')
  headers.set('x-portico-fault', fault.kind)
  c.res = new Response(change(real) as BodyInit, { status: c.res.status, headers })
}

async function inject(c: Context, next: Next, fault: InjectedFault): Promise<Response | void> {
  const headers = { 'x-portico-fault': fault.kind }
  switch (fault.kind) {
    case '500':
      return c.json({ error: 'Internal error (injected fault)' }, 500, headers)
    case '429':
      return c.json({ error: 'Too many requests (injected fault)' }, 429, {
        ...headers,
        'retry-after': String(fault.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS),
      })
    case '403':
      return c.json({ error: 'Forbidden (injected fault)' }, 403, headers)
    case 'hang':
      await hang(c.req.raw.signal, fault.hangMs ?? DEFAULT_HANG_MS)
      return c.json({ error: 'Gateway timeout (injected fault)' }, 504, headers)
    case 'malformed':
      return c.body('{"data": [{"id": "0x', 200, { ...headers, 'content-type': JSON_TYPE })
    case 'wrong-shape':
      return c.json({ unexpected: true, data: 'not what the schema says', next: 42 }, 200, headers)
    case 'garbage':
      return c.body(garbage(fault.injected) as unknown as ArrayBuffer, 200, { ...headers, 'content-type': JSON_TYPE })
    case 'rpc-error': {
      const { batch, ids } = await rpcIds(c)
      const errors = ids.map((id) => ({ jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error (injected fault)' } }))
      return c.json(batch ? errors : errors[0], 200, headers)
    }
    case 'truncated':
      // The request was served (a transaction sent is sent), and its answer lost halfway.
      return alterAnswer(c, next, fault, (body) => body.slice(0, Math.floor(body.length / 2)))
    case 'oversized':
      // The real answer, then whitespace (still valid JSON) past what a client may read.
      return alterAnswer(c, next, fault, (body) => {
        const padded = new Uint8Array(Math.max(OVERSIZED_BYTES, body.length + 1))
        padded.set(body)
        padded.fill(0x20, body.length)
        return padded
      })
  }
}

/** Answers a request with the fault the store picks for it, or passes it on. */
export function faultMiddleware(store: FaultStore, skipPrefix: string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || c.req.path.startsWith(skipPrefix)) return next()
    const fault = store.pick(c.req.method, c.req.path)
    if (!fault) return next()
    return inject(c, next, fault)
  }
}
