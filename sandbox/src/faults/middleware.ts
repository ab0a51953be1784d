import type { Context, MiddlewareHandler } from 'hono'
import type { FaultRule } from './rules.ts'
import type { FaultStore } from './store.ts'

const DEFAULT_HANG_MS = 60_000
const DEFAULT_RETRY_AFTER_SECONDS = 1

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

async function inject(c: Context, rule: FaultRule): Promise<Response> {
  const headers = { 'x-portico-fault': rule.kind }
  switch (rule.kind) {
    case '500':
      return c.json({ error: 'Internal error (injected fault)' }, 500, headers)
    case '429':
      return c.json({ error: 'Too many requests (injected fault)' }, 429, {
        ...headers,
        'retry-after': String(rule.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS),
      })
    case '403':
      return c.json({ error: 'Forbidden (injected fault)' }, 403, headers)
    case 'hang':
      await hang(c.req.raw.signal, rule.hangMs ?? DEFAULT_HANG_MS)
      return c.json({ error: 'Gateway timeout (injected fault)' }, 504, headers)
    case 'malformed':
      return c.body('{"data": [{"id": "0x', 200, { ...headers, 'content-type': 'application/json; charset=utf-8' })
    case 'wrong-shape':
      return c.json({ unexpected: true, data: 'not what the schema says', next: 42 }, 200, headers)
  }
}

/** Answers a request with the fault the store picks for it, or passes it on. */
export function faultMiddleware(store: FaultStore, skipPrefix: string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || c.req.path.startsWith(skipPrefix)) return next()
    const rule = store.pick(c.req.method, c.req.path)
    if (!rule) return next()
    return inject(c, rule)
  }
}
