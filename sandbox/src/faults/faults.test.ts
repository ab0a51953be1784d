import { getWalletsResponseSchema } from '@portico/shared-types'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startCatalogue, type CatalogueHandle } from '../catalogue/catalogue.ts'
import { fetchError, postJson, withProject } from '../../test/helpers.ts'
import { parseFaultsEnv, routeMatches } from './rules.ts'
import { FaultStore } from './store.ts'

describe('fault rules', () => {
  it('matches :param patterns exactly and plain routes as prefixes', () => {
    expect(routeMatches('/v1/account/:address/balance', '/v1/account/0xabc/balance')).toBe(true)
    expect(routeMatches('/v1/account/:address/balance', '/v1/account/0xabc/history')).toBe(false)
    expect(routeMatches('/v1/account/:address/balance', '/v1/account/0xabc/balance/x')).toBe(false)
    expect(routeMatches('/v1/convert', '/v1/convert/quotes')).toBe(true)
    expect(routeMatches('/v1/convert', '/v1/converter')).toBe(false)
    expect(routeMatches('/', '/anything')).toBe(true)
  })

  it('fails every request at rate 1, evenly spread at other rates, and stops after count', () => {
    const store = new FaultStore([
      { route: '/a', kind: '500', rate: 1 },
      { route: '/b', kind: '500', rate: 0.25 },
      { route: '/c', kind: '429', count: 2 },
    ])
    const fails = (path: string, n: number) => Array.from({ length: n }, () => store.pick('GET', path) !== undefined)
    expect(fails('/a', 4)).toEqual([true, true, true, true])
    expect(fails('/b', 8)).toEqual([false, false, false, true, false, false, false, true])
    expect(fails('/c', 4)).toEqual([true, true, false, false])
    expect(store.pick('GET', '/other')).toBeUndefined()
    expect(store.list().map((r) => [r.route, r.matched, r.injected])).toEqual([
      ['/a', 4, 4],
      ['/b', 8, 2],
      ['/c', 2, 2],
    ])
  })

  it('gives the failures of a rule the kinds of its list in turn', () => {
    const store = new FaultStore([{ route: '/a', kind: ['500', 'hang', 'garbage'], rate: 0.5 }])
    const kinds = Array.from({ length: 8 }, () => store.pick('GET', '/a')?.kind)
    expect(kinds).toEqual([undefined, '500', undefined, 'hang', undefined, 'garbage', undefined, '500'])
    expect(store.list()[0]?.kind).toEqual(['500', 'hang', 'garbage'])
    expect(() => new FaultStore([{ route: '/a', kind: [] }])).toThrow('kind lists at least one kind')
  })

  it('filters by method', () => {
    const store = new FaultStore([{ route: '/e', kind: '403', method: 'post' }])
    expect(store.pick('GET', '/e')).toBeUndefined()
    expect(store.pick('POST', '/e')?.kind).toBe('403')
  })

  it('reads PORTICO_SANDBOX_FAULTS (one rule or a list) and names the variable when it is bad', () => {
    expect(parseFaultsEnv(undefined)).toEqual([])
    expect(parseFaultsEnv('{"route":"/v1","kind":"hang"}')).toEqual([{ route: '/v1', kind: 'hang', rate: 1 }])
    expect(parseFaultsEnv('[{"route":"/e","kind":"403","rate":0.5}]')).toHaveLength(1)
    expect(() => parseFaultsEnv('{')).toThrow('Invalid PORTICO_SANDBOX_FAULTS: not JSON')
    expect(() => parseFaultsEnv('[{"route":"/v1","kind":"teapot"}]')).toThrow('Invalid PORTICO_SANDBOX_FAULTS')
  })
})

describe('faults over HTTP (catalogue server)', () => {
  const PORT = 22563
  const faults = new FaultStore()
  let catalogue: CatalogueHandle
  const url = () => withProject(`${catalogue.url}/getWallets?page=1&entries=2`)

  beforeAll(async () => {
    ;({ catalogue } = await startCatalogue(PORT, faults, { analyticsEnabled: true }))
  })
  afterAll(() => catalogue?.stop())
  afterEach(() => void faults.clear())

  it('is off by default', async () => {
    expect((await fetch(url())).status).toBe(200)
  })

  it('answers 500, 403, and 429 with Retry-After', async () => {
    faults.set([{ route: '/getWallets', kind: '500' }])
    expect(await fetchError(url())).toEqual({ status: 500, error: 'Internal error (injected fault)' })
    faults.set([{ route: '/getWallets', kind: '403' }])
    expect((await fetch(url())).status).toBe(403)
    faults.set([{ route: '/getWallets', kind: '429', retryAfterSeconds: 7 }])
    const limited = await fetch(url(), { headers: { origin: 'http://127.0.0.1:5173' } })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('7')
    expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After')
  })

  it('answers malformed JSON and JSON of the wrong shape with 200', async () => {
    faults.set([{ route: '/getWallets', kind: 'malformed' }])
    const malformed = await fetch(url())
    expect(malformed.status).toBe(200)
    await expect(malformed.json()).rejects.toThrow(SyntaxError)
    faults.set([{ route: '/getWallets', kind: 'wrong-shape' }])
    const wrong = await fetch(url())
    expect(wrong.status).toBe(200)
    expect(getWalletsResponseSchema.safeParse(await wrong.json()).success).toBe(false)
  })

  it('hangs past the client timeout, and gives up with 504 after hangMs', async () => {
    faults.set([{ route: '/getWallets', kind: 'hang' }])
    const started = Date.now()
    // The signal's reason: a DOMException named TimeoutError (not a network error from the server).
    await expect(fetch(url(), { signal: AbortSignal.timeout(300) })).rejects.toThrow(
      expect.objectContaining({ constructor: DOMException, name: 'TimeoutError', message: 'The operation was aborted due to timeout' }),
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    faults.set([{ route: '/getWallets', kind: 'hang', hangMs: 100 }])
    expect((await fetch(url())).status).toBe(504)
  })

  it('cuts the real answer in half, pads it past 5 MiB, or answers garbage', async () => {
    const real = await (await fetch(url())).text()
    faults.set([{ route: '/getWallets', kind: 'truncated' }])
    const truncated = await fetch(url())
    expect(truncated.status).toBe(200)
    expect(truncated.headers.get('x-portico-fault')).toBe('truncated')
    expect(await truncated.text()).toBe(real.slice(0, Math.floor(real.length / 2)))

    faults.set([{ route: '/getWallets', kind: 'oversized' }])
    const oversized = await (await fetch(url())).text()
    expect(oversized.length).toBeGreaterThan(5 * 1024 * 1024)
    expect(getWalletsResponseSchema.safeParse(JSON.parse(oversized)).success).toBe(true)

    faults.set([{ route: '/getWallets', kind: 'garbage' }])
    const garbage = await fetch(url())
    expect(garbage.status).toBe(200)
    await expect(garbage.json()).rejects.toThrow(SyntaxError)
  })

  it('answers a JSON-RPC error object for each call (rpc-error), with HTTP 200', async () => {
    faults.set([{ route: '/getWallets', kind: 'rpc-error', method: 'POST' }])
    const call = (body: string) => fetch(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    const error = { code: -32603, message: 'Internal error (injected fault)' }
    const one = await call('{"jsonrpc":"2.0","id":7,"method":"eth_chainId"}')
    expect(one.status).toBe(200)
    expect(await one.json()).toEqual({ jsonrpc: '2.0', id: 7, error })
    const batch = await call('[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"jsonrpc":"2.0","id":"b","method":"eth_blockNumber"}]')
    expect(await batch.json()).toEqual([
      { jsonrpc: '2.0', id: 1, error },
      { jsonrpc: '2.0', id: 'b', error },
    ])
    expect(await (await call('not json')).json()).toEqual({ jsonrpc: '2.0', id: null, error })
  })

  it('fails twice then answers (count), and leaves other routes alone', async () => {
    faults.set([{ route: '/getWallets', kind: '500', count: 2 }])
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await fetch(url())).status)
    expect(statuses).toEqual([500, 500, 200])
    faults.set([{ route: '/getWallets', kind: '500' }])
    expect((await fetch(withProject(`${catalogue.url}/getAnalyticsConfig`))).status).toBe(200)
  })

  it('is switched over HTTP: POST replaces, PATCH adds, GET lists, DELETE clears; admin routes are never faulted', async () => {
    const admin = `${catalogue.url}/__admin/faults`
    const set = await fetch(admin, postJson([{ route: '/', kind: '500' }]))
    expect(set.status).toBe(200)
    expect((await fetch(url())).status).toBe(500)
    await fetch(admin, { ...postJson({ route: '/e', kind: '403' }), method: 'PATCH' })
    const listed = z.array(z.object({ route: z.string(), kind: z.string(), injected: z.number() })).parse(await (await fetch(admin)).json())
    expect(listed.map((r) => [r.route, r.kind, r.injected])).toEqual([
      ['/', '500', 1],
      ['/e', '403', 0],
    ])
    expect(await fetchError(admin, postJson([{ route: 'v1', kind: '500' }]))).toEqual({ status: 400, error: 'Invalid fault rule: route must start with /' })
    await fetch(admin, { method: 'DELETE' })
    expect(faults.list()).toEqual([])
    expect((await fetch(url())).status).toBe(200)
  })
})
