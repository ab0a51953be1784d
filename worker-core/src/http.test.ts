import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { HttpRequestError, SchemaValidationError, TimeoutError } from '@portico/shared-types'
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
    const error = await client(fetchMock, sleeps).get('v1/x', { schema, what: 'x' }).catch((e: unknown) => e)
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
