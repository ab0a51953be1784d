import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createNameLookup } from './names.ts'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const NOBODY = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const HOSTILE = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const SLOW = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
let server: Server
let url: string
const asked: string[] = []

beforeAll(async () => {
  // A real HTTP server in the identity endpoint's place: a name, no name, a malformed answer, one that never answers.
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const address = url.pathname.split('/').pop() ?? ''
    // The data API's common query (SPEC.md §7), without which it answers 400.
    if (url.searchParams.get('projectId') !== 'p1' || url.searchParams.get('st') !== 'portico' || !url.searchParams.get('sv')) {
      res.statusCode = 400
      return res.end('{"error":"Missing required query parameters"}')
    }
    asked.push(address)
    if (address === SLOW) return
    res.setHeader('content-type', 'application/json')
    if (address === ALICE) return res.end(JSON.stringify({ name: 'alice.reown.id', avatar: null }))
    if (address === HOSTILE) return res.end(JSON.stringify({ name: 42 }))
    res.end(JSON.stringify({ name: null, avatar: null }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

it('names what the identity endpoint names, leaves the rest, and keeps answers for a minute', async () => {
  let now = 0
  const lookup = createNameLookup(url, () => now)
  expect(await lookup([ALICE, NOBODY, HOSTILE, ALICE.toLowerCase(), 'not an address'], 'p1')).toEqual({ [ALICE.toLowerCase()]: 'alice.reown.id' })
  expect(asked.filter((a) => a === ALICE)).toHaveLength(1)
  await lookup([ALICE], 'p1')
  expect(asked.filter((a) => a === ALICE)).toHaveLength(1)
  now = 61_000
  await lookup([ALICE], 'p1')
  expect(asked.filter((a) => a === ALICE)).toHaveLength(2)
})

it('gives up on a look-up that does not answer, and names nothing without an endpoint', async () => {
  const lookup = createNameLookup(url)
  // Without the look-up's own timeout this would wait for the test's.
  expect(await lookup([SLOW], 'p1')).toEqual({})
  expect(await createNameLookup(undefined)([ALICE], 'p1')).toEqual({})
}, 10_000)
