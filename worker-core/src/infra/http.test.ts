import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { HttpRequestError, SchemaValidationError, TimeoutError } from '@portico/shared-types'
import { REQUEST_MAP_CACHE_ENTRIES } from '@portico/shared-types/constants'
import { createHttpClient, isRetryable, parseRetryAfter } from './http.ts'

const schema = z.object({ ok: z.boolean() })
const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { status: 200, ...init })

function client(fetchImpl: typeof fetch, sleeps: number[] = []) {
  return createHttpClient({
    baseUrl: 'http://api.test',
    projectId: 'p1',
    fetch: fetchImpl,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
  })
}

describe('createHttpClient', () => {
  it('adds projectId, st and sv to every call', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL) => json({ ok: true }))
    await client(fetchMock).get('v1/x', { query: { a: 1, b: undefined }, schema, what: 'x' })
    const url = new URL(String(fetchMock.mock.calls[0]![0]))
    expect(url.pathname).toBe('/v1/x')
    expect(Object.fromEntries(url.searchParams)).toEqual({ a: '1', projectId: 'p1', st: 'portico', sv: 'react-portico-0.1.0' })
  })

  it('retries 3 times with backoff from 150 ms, then throws HTTP status code', async () => {
    const sleeps: number[] = []
    const fetchMock = vi.fn(async () => new Response('no', { status: 503 }))
    const error = await client(fetchMock, sleeps)
      .get('v1/x', { schema, what: 'x' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as Error).message).toBe('HTTP status code: 503')
    expect(fetchMock).toHaveBeenCalledTimes(4)
    expect(sleeps).toEqual([150, 300, 600])
  })

  it('honours Retry-After', async () => {
    const sleeps: number[] = []
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('slow down', { status: 429, headers: { 'retry-after': '2' } }))
      .mockResolvedValueOnce(json({ ok: true }))
    await expect(client(fetchMock, sleeps).get('v1/x', { schema, what: 'x' })).resolves.toEqual({ ok: true })
    expect(sleeps).toEqual([2000])
  })

  it('does not retry a 404 or a schema failure', async () => {
    const notFound = vi.fn(async () => new Response('', { status: 404 }))
    await expect(client(notFound).get('v1/x', { schema, what: 'x' })).rejects.toThrow('HTTP status code: 404')
    expect(notFound).toHaveBeenCalledTimes(1)
    const wrong = vi.fn(async () => json({ ok: 'yes' }))
    await expect(client(wrong).get('v1/x', { schema, what: 'x' })).rejects.toBeInstanceOf(SchemaValidationError)
    expect(wrong).toHaveBeenCalledTimes(1)
  })

  it('turns malformed JSON into a typed error', async () => {
    const bad = vi.fn(async () => new Response('{nope', { status: 200 }))
    await expect(client(bad).get('v1/x', { schema, what: 'x' })).rejects.toThrow('Invalid JSON')
  })

  it('shares one upstream request between identical calls in flight', async () => {
    let resolve!: (r: Response) => void
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)))
    const http = client(fetchMock)
    const a = http.get('v1/x', { query: { q: 1 }, schema, what: 'x' })
    const b = http.get('v1/x', { query: { q: 1 }, schema, what: 'x' })
    resolve(json({ ok: true }))
    await expect(Promise.all([a, b])).resolves.toEqual([{ ok: true }, { ok: true }])
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('never joins a call that asks for a request of its own (a SIWX nonce): two sign-ins get two nonces', async () => {
    let n = 0
    const fetchMock = vi.fn(async () => json({ nonce: `n${++n}` }))
    const http = client(fetchMock)
    const nonceSchema = z.object({ nonce: z.string() })
    const [a, b] = await Promise.all([
      http.get('v1/siwx/nonce', { schema: nonceSchema, what: 'SIWX nonce', shared: false }),
      http.get('v1/siwx/nonce', { schema: nonceSchema, what: 'SIWX nonce', shared: false }),
    ])
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(new Set([a.nonce, b.nonce])).toEqual(new Set(['n1', 'n2']))
  })

  it('times out a hung request and retries it', async () => {
    let calls = 0
    const fetchMock: typeof fetch = (_url, init) => {
      calls++
      if (calls === 1) {
        return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
      }
      return Promise.resolve(json({ ok: true }))
    }
    const http = createHttpClient({ baseUrl: 'http://api.test', projectId: 'p', fetch: fetchMock, timeoutMs: 20, sleep: async () => {} })
    await expect(http.get('v1/x', { schema, what: 'x' })).resolves.toEqual({ ok: true })
    expect(calls).toBe(2)
  })
})

/** A fetch whose answers wait until released; counts the upstream requests per URL. */
function hangingFetch() {
  const waiting: (() => void)[] = []
  const perUrl = new Map<string, number>()
  const fetchImpl: typeof fetch = (input) => {
    const key = new URL(String(input)).searchParams.get('n')!
    perUrl.set(key, (perUrl.get(key) ?? 0) + 1)
    return new Promise<Response>((resolve) => waiting.push(() => resolve(json({ ok: true }))))
  }
  let started = 0
  const counting: typeof fetch = (input, init) => {
    started++
    return fetchImpl(input, init)
  }
  return {
    fetch: counting,
    upstream: (n: number) => perUrl.get(String(n)) ?? 0,
    total: () => started,
    releaseOldest: () => waiting.shift()?.(),
    release: () => {
      for (const go of waiting.splice(0)) go()
    },
  }
}

describe('the request map of requests in flight (SPEC.md §7: 8192 entries)', () => {
  it('keeps at most its bound: the oldest entry leaves, identical requests still in the map are shared', async () => {
    const f = hangingFetch()
    const http = createHttpClient({ baseUrl: 'http://api.test', projectId: 'p', fetch: f.fetch, sleep: async () => {}, maxInFlight: 3 })
    const ask = (n: number) => http.get('v1/x', { query: { n }, schema, what: 'x' })
    const answers = [1, 2, 3, 4, 5].map(ask)
    expect(f.total()).toBe(5)
    // 1 and 2 were pushed out by 4 and 5: asking again goes upstream; 3, 4 and 5 are joined.
    answers.push(ask(3), ask(4), ask(5))
    expect(f.total()).toBe(5)
    answers.push(ask(1))
    expect(f.upstream(1)).toBe(2)
    // That pushed out 3.
    answers.push(ask(3))
    expect(f.upstream(3)).toBe(2)
    answers.push(ask(5))
    expect(f.upstream(5)).toBe(1)
    f.release()
    expect(await Promise.all(answers)).toHaveLength(11)
  })

  it('an entry pushed out and finishing late does not drop the newer identical request from the map', async () => {
    const f = hangingFetch()
    const http = createHttpClient({ baseUrl: 'http://api.test', projectId: 'p', fetch: f.fetch, sleep: async () => {}, maxInFlight: 1 })
    const ask = (n: number) => http.get('v1/x', { query: { n }, schema, what: 'x' })
    const first = ask(1)
    const second = ask(2) // pushes out the first
    const again = ask(1) // pushes out the second; a new request for 1
    expect(f.upstream(1)).toBe(2)
    f.releaseOldest()
    await first
    // The first request is done; the newer one for 1 is still in flight and is joined.
    const joined = ask(1)
    expect(f.upstream(1)).toBe(2)
    f.release()
    await Promise.all([second, again, joined])
  })

  it('holds 8192 entries by default', async () => {
    expect(REQUEST_MAP_CACHE_ENTRIES).toBe(8192)
    const f = hangingFetch()
    const http = createHttpClient({ baseUrl: 'http://api.test', projectId: 'p', fetch: f.fetch, sleep: async () => {} })
    const ask = (n: number) => http.get('v1/x', { query: { n }, schema, what: 'x' })
    const answers: Promise<unknown>[] = []
    for (let n = 1; n <= REQUEST_MAP_CACHE_ENTRIES; n++) answers.push(ask(n))
    // All 8192 are in the map: asking for the first again is joined.
    answers.push(ask(1))
    expect(f.upstream(1)).toBe(1)
    // One more pushes out the oldest (1), and only it.
    answers.push(ask(REQUEST_MAP_CACHE_ENTRIES + 1))
    answers.push(ask(2))
    expect(f.upstream(2)).toBe(1)
    answers.push(ask(1))
    expect(f.upstream(1)).toBe(2)
    f.release()
    await Promise.all(answers)
  })
})

describe('getBlob', () => {
  it('fetches a binary answer with the query fields, retries it and shares identical ones in flight', async () => {
    const urls: string[] = []
    let calls = 0
    const fetchMock: typeof fetch = async (input) => {
      urls.push(String(input))
      calls++
      return calls === 1 ? new Response('', { status: 502 }) : new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } })
    }
    const sleeps: number[] = []
    const counted: string[] = []
    const http = createHttpClient({ baseUrl: 'http://cat.test', projectId: 'p1', fetch: fetchMock, sleep: async (ms) => void sleeps.push(ms), onRequest: (u) => void counted.push(u) })
    const [a, b] = await Promise.all([http.getBlob('getWalletImage/abc'), http.getBlob('getWalletImage/abc')])
    expect(a).toBe(b)
    expect(new Uint8Array(await a.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]))
    expect(calls).toBe(2)
    expect(sleeps).toEqual([150])
    expect(counted).toEqual(urls)
    expect(Object.fromEntries(new URL(urls[0]!).searchParams)).toEqual({ projectId: 'p1', st: 'portico', sv: 'react-portico-0.1.0' })
    const missing = vi.fn(async () => new Response('', { status: 404 }))
    await expect(createHttpClient({ baseUrl: 'http://cat.test', projectId: 'p1', fetch: missing }).getBlob('getWalletImage/x')).rejects.toThrow('HTTP status code: 404')
    expect(missing).toHaveBeenCalledTimes(1)
  })
})

describe('retry rules', () => {
  it.each([403, 408, 413, 429, 500, 502, 503, 504])('retries HTTP %i', (status) => {
    expect(isRetryable(new HttpRequestError({ status, url: 'u' }))).toBe(true)
  })
  it.each([400, 401, 404, 422])('does not retry HTTP %i', (status) => {
    expect(isRetryable(new HttpRequestError({ status, url: 'u' }))).toBe(false)
  })
  it('retries no status, timeouts, code -1 and limit errors', () => {
    expect(isRetryable(new HttpRequestError({ url: 'u' }))).toBe(true)
    expect(isRetryable(new TimeoutError('u', 1))).toBe(true)
    expect(isRetryable({ code: -1, message: 'x' })).toBe(true)
    expect(isRetryable({ code: -32005, message: 'Rate limit exceeded' })).toBe(true)
    expect(isRetryable({ code: 3, message: 'execution reverted' })).toBe(false)
  })
  it('parses Retry-After in seconds and as a date', () => {
    expect(parseRetryAfter('3')).toBe(3000)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000)
    expect(parseRetryAfter(null)).toBeUndefined()
    expect(parseRetryAfter('soon')).toBeUndefined()
  })
})

describe('retry timing with fake timers', () => {
  it('waits 150, 300 and 600 ms between attempts, and Retry-After when the server sets it', async () => {
    vi.useFakeTimers()
    try {
      let calls = 0
      const fetchMock: typeof fetch = async () => {
        calls++
        return calls === 2 ? new Response('', { status: 429, headers: { 'retry-after': '1' } }) : new Response('', { status: 502 })
      }
      const http = createHttpClient({ baseUrl: 'http://api.test', projectId: 'p', fetch: fetchMock })
      const result = http.get('v1/x', { schema, what: 'x' }).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(0)
      expect(calls).toBe(1)
      await vi.advanceTimersByTimeAsync(149)
      expect(calls).toBe(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toBe(2)
      // Retry-After: 1 s instead of 300 ms.
      await vi.advanceTimersByTimeAsync(999)
      expect(calls).toBe(2)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toBe(3)
      await vi.advanceTimersByTimeAsync(599)
      expect(calls).toBe(3)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toBe(4)
      expect(String(await result)).toContain('HTTP status code: 502')
    } finally {
      vi.useRealTimers()
    }
  })

  it('times out after 10 s by default and retries', async () => {
    vi.useFakeTimers()
    try {
      let calls = 0
      const fetchMock: typeof fetch = (_url, init) => {
        calls++
        return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
      }
      const http = createHttpClient({ baseUrl: 'http://api.test', projectId: 'p', fetch: fetchMock, retries: 1 })
      const result = http.get('v1/x', { schema, what: 'x' }).catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(9_999)
      expect(calls).toBe(1)
      await vi.advanceTimersByTimeAsync(1 + 150)
      expect(calls).toBe(2)
      await vi.advanceTimersByTimeAsync(10_000)
      expect(await result).toBeInstanceOf(TimeoutError)
    } finally {
      vi.useRealTimers()
    }
  })
})
