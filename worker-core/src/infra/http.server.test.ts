import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { HttpRequestError, SchemaValidationError, TimeoutError } from '@portico/shared-types'
import { BLOB_BODY_MAX_BYTES, createHttpClient, JSON_BODY_MAX_BYTES, parseRetryAfter, ResponseTooLargeError, RETRY_AFTER_MAX_MS } from './http.ts'

/**
 * The HTTP layer against a real server (node:http on a port the system picks): bodies that trickle,
 * bodies too large with and without a Content-Length, Retry-After values a server may send.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void
const routes = new Map<string, Handler>()
const hits = new Map<string, number>()
/** Bytes the server managed to write per route before the client stopped reading. */
const written = new Map<string, number>()
let server: Server
let base = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const handler = routes.get(path)
    if (!handler) {
      res.writeHead(404).end()
      return
    }
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const schema = z.object({ ok: z.boolean() })

function client(options: { timeoutMs?: number; retries?: number; sleeps?: number[] } = {}) {
  const sleeps = options.sleeps ?? []
  return createHttpClient({
    baseUrl: base,
    projectId: 'p1',
    timeoutMs: options.timeoutMs ?? 10_000,
    retries: options.retries ?? 3,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
  })
}

/** Writes `total` bytes of JSON-looking filler in 64 KiB chunks, as long as the client reads; no Content-Length. */
function stream(path: string, total: number, contentType = 'application/json'): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': contentType })
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    let sent = 0
    written.set(path, 0)
    const pump = () => {
      while (sent < total) {
        const ok = res.write(chunk)
        sent += chunk.length
        written.set(path, sent)
        if (!ok) {
          res.once('drain', pump)
          return
        }
      }
      res.end()
    }
    res.on('error', () => undefined)
    pump()
  }
}

describe('the HTTP layer against a real server', () => {
  it('a body that trickles past the timeout is aborted as a timeout, headers having come at once (and retried as one)', async () => {
    routes.set('/trickle', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"ok":')
      // One space every 50 ms: the body never ends within the client's timeout.
      const timer = setInterval(() => res.write(' '), 50)
      res.on('close', () => clearInterval(timer))
    })
    const sleeps: number[] = []
    const error = await client({ timeoutMs: 400, retries: 1, sleeps })
      .get('/trickle', { schema, what: 'trickle' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).message).toBe('Request timed out after 400 ms')
    // SPEC.md §7: a timeout is retried.
    expect(hits.get('/trickle')).toBe(2)
    expect(sleeps).toEqual([150])
  })

  it('a slow body that ends within the timeout is read whole', async () => {
    routes.set('/slow', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"ok"')
      setTimeout(() => res.end(':true}'), 100)
    })
    await expect(client({ timeoutMs: 5_000 }).get('/slow', { schema, what: 'slow' })).resolves.toEqual({ ok: true })
  })

  it('a JSON body over 5 MiB without a Content-Length is cut off and refused with a typed error, not retried', async () => {
    routes.set('/huge-json', stream('/huge-json', 64 * 1024 * 1024))
    const error = await client()
      .get('/huge-json', { schema, what: 'huge' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect((error as ResponseTooLargeError).message).toBe(`Response body larger than ${JSON_BODY_MAX_BYTES} bytes`)
    expect(hits.get('/huge-json')).toBe(1)
    // The client stopped reading: the server could not push the 64 MiB through.
    expect(written.get('/huge-json')!).toBeLessThan(64 * 1024 * 1024)
  })

  it('a JSON body of exactly 5 MiB is read (and then judged by its schema)', async () => {
    routes.set('/edge-json', (_req, res) => {
      const body = Buffer.alloc(JSON_BODY_MAX_BYTES, 0x20)
      body.write('{"ok":true}')
      res.writeHead(200, { 'content-type': 'application/json' }).end(body)
    })
    await expect(client().get('/edge-json', { schema, what: 'edge' })).resolves.toEqual({ ok: true })
  })

  it('an announced Content-Length over the bound is refused before the body is read', async () => {
    routes.set('/announced', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(JSON_BODY_MAX_BYTES + 1) })
      res.write('{"ok":true')
      // The rest never comes: only the header can have refused it.
    })
    await expect(client({ timeoutMs: 5_000 }).get('/announced', { schema, what: 'announced' })).rejects.toBeInstanceOf(ResponseTooLargeError)
  })

  it('an image over 2 MiB is refused; one under it comes as a blob with its type', async () => {
    routes.set('/getWalletImage/huge', stream('/getWalletImage/huge', 8 * 1024 * 1024, 'image/png'))
    const error = await client()
      .getBlob('/getWalletImage/huge')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect((error as Error).message).toBe(`Response body larger than ${BLOB_BODY_MAX_BYTES} bytes`)
    routes.set('/getWalletImage/ok', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(1024, 7)))
    const blob = await client().getBlob('/getWalletImage/ok')
    expect(blob.size).toBe(1024)
    expect(blob.type).toBe('image/png')
  })

  it('a truncated JSON body (the connection dropped mid-way) is an error the retry rules know, never a hang', async () => {
    routes.set('/truncated', (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      res.write('{"ok":tr')
      setTimeout(() => req.socket.destroy(), 20)
    })
    const error = await client({ retries: 0 })
      .get('/truncated', { schema, what: 'truncated' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).status).toBeUndefined()
  })

  it('garbage is a typed schema error, not retried', async () => {
    routes.set('/garbage', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('\u0000\u00ff<html>not json'))
    await expect(client().get('/garbage', { schema, what: 'garbage' })).rejects.toBeInstanceOf(SchemaValidationError)
    expect(hits.get('/garbage')).toBe(1)
  })

  it.each([
    ['1000000000', RETRY_AFTER_MAX_MS],
    ['1e9', 150],
    ['99999999999999999999999', RETRY_AFTER_MAX_MS],
    ['garbage', 150],
    ['-5', 150],
    ['2', 2000],
  ])('Retry-After %s waits %i ms (capped at 30 s; garbage falls back to the backoff)', async (value, wait) => {
    const path = `/retry-${encodeURIComponent(value)}`
    let calls = 0
    routes.set(path, (_req, res) => {
      calls++
      if (calls === 1) res.writeHead(429, { 'retry-after': value }).end('slow down')
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
    const sleeps: number[] = []
    await expect(client({ sleeps }).get(path, { schema, what: 'retry' })).resolves.toEqual({ ok: true })
    expect(sleeps).toEqual([wait])
  })

  it('Retry-After as an HTTP date waits until then, at most 30 s; a past date does not wait', async () => {
    let calls = 0
    let retryAfter = ''
    routes.set('/retry-date', (_req, res) => {
      calls++
      if (calls % 2 === 1) res.writeHead(503, { 'retry-after': retryAfter }).end()
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
    const sleeps: number[] = []
    retryAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000).toUTCString()
    await client({ sleeps }).get('/retry-date', { schema, what: 'date' })
    retryAfter = new Date(Date.now() - 60_000).toUTCString()
    await client({ sleeps }).get('/retry-date', { schema, what: 'date' })
    expect(sleeps).toEqual([RETRY_AFTER_MAX_MS, 0])
  })
})

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates, caps both at 30 s, and ignores the rest', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT')
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter(' 7 ', now)).toBe(7000)
    expect(parseRetryAfter('31', now)).toBe(RETRY_AFTER_MAX_MS)
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:10 GMT', now)).toBe(10_000)
    expect(parseRetryAfter('Wed, 21 Oct 2027 07:28:10 GMT', now)).toBe(RETRY_AFTER_MAX_MS)
    expect(parseRetryAfter('Wed, 21 Oct 2025 07:28:10 GMT', now)).toBe(0)
    for (const garbage of ['1e9', '1.5', '-1', '0x10', 'Infinity', 'NaN', 'soon', '1 2', '']) expect(parseRetryAfter(garbage, now)).toBeUndefined()
  })
})
