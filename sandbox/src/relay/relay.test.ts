import { createHash } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { fetchPastClosedConnections, REFUSED } from '../../test/refused.ts'
import { startRelay, subscriptionId, type RelayHandle } from './relay.ts'
import { TestSocket, type Frame } from './test-socket.ts'

// Ports of this file (README "Tests"): 22600 for the relay, 22601 for the one with a short ping.
const PORT = 22600
const topic = (n: number): string => createHash('sha256').update(`topic-${n}`).digest('hex')
const base64 = (text: string): string => Buffer.from(text).toString('base64')

let clock = Date.now()
let relay: RelayHandle
const sockets: TestSocket[] = []
const open = async (clientId?: string): Promise<TestSocket> => {
  const s = await TestSocket.open(relay.url, clientId === undefined ? {} : { clientId })
  sockets.push(s)
  return s
}

beforeAll(async () => {
  relay = await startRelay({ port: PORT, now: () => clock })
})
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()))
})
afterAll(async () => {
  await relay?.stop()
})

const data = (push: Frame) => push.params as { id: string; data: { topic: string; message: string; tag: number; publishedAt: number; attestation: string } }

describe('the relay protocol', () => {
  it('pushes a published message to the other subscribers of its topic, not back to the publisher', async () => {
    const [dapp, wallet, stranger] = [await open(), await open(), await open()]
    expect((await wallet.call('irn_subscribe', { topic: topic(1) })).result).toBe(subscriptionId(topic(1), wallet.clientId))
    await dapp.call('irn_subscribe', { topic: topic(1) })
    await stranger.call('irn_subscribe', { topic: topic(2) })

    const published = await dapp.call('irn_publish', { topic: topic(1), message: base64('hello'), ttl: 300, tag: 1108, prompt: true })
    expect(published.result).toBe(true)
    const [push] = await wallet.pushes()
    expect(push).toMatchObject({ jsonrpc: '2.0', method: 'irn_subscription' })
    expect(data(push!)).toEqual({
      id: subscriptionId(topic(1), wallet.clientId),
      data: { topic: topic(1), message: base64('hello'), tag: 1108, publishedAt: clock, attestation: '' },
    })
    expect(await dapp.pushes(0)).toEqual([])
    expect(await stranger.pushes(0)).toEqual([])
  })

  it('keeps messages until their TTL and delivers them to a late subscriber, once per client id', async () => {
    const dapp = await open()
    await dapp.call('irn_publish', { topic: topic(3), message: base64('first'), ttl: 60, attestation: 'jwt' })
    await dapp.call('irn_publish', { topic: topic(3), message: base64('first'), ttl: 60 }) // a retry: stored once
    clock += 1
    await dapp.call('irn_publish', { topic: topic(3), message: base64('second'), ttl: 600 })

    const wallet = await open()
    await wallet.call('irn_subscribe', { topic: topic(3) })
    const pushes = await wallet.pushes()
    expect(pushes.map((p) => Buffer.from(data(p).data.message, 'base64').toString())).toEqual(['first', 'second'])
    expect(data(pushes[0]!).data.attestation).toBe('jwt')
    wallet.ack(pushes[0]!) // only the first is acknowledged
    await wallet.close()

    const restarted = await open(wallet.clientId)
    await restarted.call('irn_batchSubscribe', { topics: [topic(3)] })
    expect((await restarted.pushes()).map((p) => Buffer.from(data(p).data.message, 'base64').toString())).toEqual(['second'])

    clock += 61_000 // the first has expired, the second not
    const other = await open()
    await other.call('irn_subscribe', { topic: topic(3) })
    expect((await other.pushes()).map((p) => Buffer.from(data(p).data.message, 'base64').toString())).toEqual(['second'])
    clock += 600_000
    const late = await open()
    await late.call('irn_subscribe', { topic: topic(3) })
    expect(await late.pushes()).toEqual([])
  })

  it('stops pushing after irn_unsubscribe', async () => {
    const [dapp, wallet] = [await open(), await open()]
    await wallet.call('irn_subscribe', { topic: topic(4) })
    expect((await wallet.call('irn_unsubscribe', { topic: topic(4), id: subscriptionId(topic(4), wallet.clientId) })).result).toBe(true)
    await dapp.call('irn_publish', { topic: topic(4), message: base64('x'), ttl: 300 })
    expect(await wallet.pushes()).toEqual([])
    expect((await wallet.call('irn_batchUnsubscribe', { subscriptions: [{ topic: topic(4), id: 'x' }] })).result).toBe(true)
  })

  it('hands out undelivered messages with irn_batchFetchMessages, then not again', async () => {
    const dapp = await open()
    for (let i = 0; i < 502; i++) await dapp.call('irn_publish', { topic: topic(5), message: base64(`m${i}`), ttl: 300 })
    await dapp.call('irn_batchPublish', { messages: [{ topic: topic(6), message: base64('other'), ttl: 300 }] })
    const wallet = await open()
    const first = await wallet.call('irn_batchFetchMessages', { topics: [topic(5), topic(6)] })
    const page = first.result as { messages: Array<{ topic: string; message: string; publishedAt: number; tag: number }>; hasMore: boolean }
    expect(page.messages).toHaveLength(500)
    expect(page.hasMore).toBe(true)
    const second = (await wallet.call('irn_batchFetchMessages', { topics: [topic(5), topic(6)] })).result as typeof page
    expect(second.messages).toHaveLength(3)
    expect(second.hasMore).toBe(false)
    expect((await wallet.call('irn_batchFetchMessages', { topics: [topic(5), topic(6)] })).result).toEqual({ messages: [], hasMore: false })
    expect(relay.deliveries().filter((d) => d.clientId === wallet.clientId && d.via === 'fetch')).toHaveLength(503)
  })

  it('wc_proposeSession and wc_approveSession subscribe the caller, then publish on the pairing and session topics', async () => {
    const [dapp, wallet] = [await open(), await open()]
    const pairingTopic = topic(7)
    const sessionTopic = topic(8)
    expect((await dapp.call('wc_proposeSession', { pairingTopic, sessionProposal: base64('proposal'), ttl: 300, correlationId: 1 })).result).toBe(true)
    await wallet.call('irn_subscribe', { topic: pairingTopic })
    const [proposal] = await wallet.pushes()
    expect(data(proposal!).data).toMatchObject({ topic: pairingTopic, message: base64('proposal'), tag: 1100 })
    wallet.ack(proposal!)

    const approved = await wallet.call('wc_approveSession', {
      sessionTopic,
      pairingTopic,
      sessionProposalResponse: base64('response'),
      sessionSettlementRequest: base64('settle'),
      ttl: 300,
      correlationId: 1,
    })
    expect(approved.result).toBe(true)
    const [response] = await dapp.pushes()
    expect(data(response!).data).toMatchObject({ topic: pairingTopic, message: base64('response'), tag: 1101 })
    await dapp.call('irn_subscribe', { topic: sessionTopic })
    const [settle] = await dapp.pushes()
    expect(data(settle!).data).toMatchObject({ topic: sessionTopic, message: base64('settle'), tag: 1102 })

    await dapp.call('irn_publish', { topic: sessionTopic, message: base64('request'), ttl: 300 })
    expect((await wallet.pushes()).map((p) => data(p).data.message)).toEqual([base64('request')])
    expect(relay.connections().find((c) => c.clientId === wallet.clientId)?.topics).toEqual([pairingTopic, sessionTopic])
  })

  it('answers bad input with JSON-RPC errors and keeps the socket working', async () => {
    const s = await open()
    s.sendRaw('not json')
    expect((await s.next()).error).toEqual({ code: -32700, message: 'Parse error: the frame is not JSON' })
    s.sendRaw(Buffer.from([0, 1, 2]))
    expect((await s.next()).error?.code).toBe(-32700)
    s.sendRaw('[{"id":1,"jsonrpc":"2.0","method":"irn_subscribe"}]')
    expect((await s.next()).error).toEqual({ code: -32600, message: 'Invalid Request: batches are not supported' })
    s.sendRaw('{"id":7,"jsonrpc":"2.0"}')
    expect(await s.next()).toMatchObject({ id: 7, error: { code: -32600 } })
    s.sendRaw('42')
    expect(await s.next()).toMatchObject({ id: null, error: { code: -32600 } })
    s.sendRaw('{"id":3,"jsonrpc":"2.0","result":true}') // an answer to a push it never got: ignored

    expect((await s.call('irn_nope', {})).error).toEqual({ code: -32601, message: 'Method not found: irn_nope' })
    expect((await s.call('irn_subscribe', { topic: 'short' })).error).toEqual({
      code: -32602,
      message: 'Invalid params for irn_subscribe: topic: Expected a topic: 64 hex characters',
    })
    expect((await s.call('irn_publish', { topic: topic(9), message: 'x', ttl: 0 })).error?.message).toMatch(/^Invalid params for irn_publish: ttl: /)
    expect((await s.call('irn_publish', { topic: topic(9), message: '', ttl: 300 })).error?.message).toBe('Invalid params for irn_publish: message: Expected a non-empty message')
    expect((await s.call('irn_publish')).error?.code).toBe(-32602)
    expect((await s.call('wc_approveSession', { sessionTopic: topic(9) })).error?.code).toBe(-32602)
    expect((await s.call('irn_subscribe', { topic: topic(9) })).result).toBe(subscriptionId(topic(9), s.clientId))
    expect(relay.requests().filter((r) => r.clientId === s.clientId && r.error)).toHaveLength(6)
  })

  it('echoes a numeric id beyond 2^53 exactly', async () => {
    const s = await open()
    s.sendRaw(`{"id":1700000000000123457,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topic(10)}"}}`)
    await new Promise((r) => setTimeout(r, 100))
    expect(s.frames.length).toBe(1)
    // JSON.parse in the test would round it too: compare the raw text.
    const raw = await new Promise<string>((resolve) => {
      s.ws.once('message', (d) => resolve(String(d)))
      s.sendRaw(`{"id":1700000000000123459,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topic(10)}"}}`)
    })
    expect(raw.startsWith('{"id":1700000000000123459,')).toBe(true)
  })

  it('refuses a socket without a client id, survives a frame over 1 MiB, and serves /health and the admin lists', async () => {
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${relay.url}/?projectId=x`)
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      ws.on('error', () => resolve(-1))
    })
    expect(refused).toBe(401)

    const big = await open()
    const closed = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)))
    big.sendRaw('x'.repeat(1024 * 1024 + 1))
    expect(await closed).toBe(1009)

    const s = await open()
    expect((await s.call('irn_subscribe', { topic: topic(11) })).result).toBeTypeOf('string')
    const health = (await (await fetch(`${relay.httpUrl}/health`)).json()) as { ok: boolean; connections: number }
    expect(health).toMatchObject({ ok: true, connections: 1 })
    const listed = (await (await fetch(`${relay.httpUrl}/__admin/connections`)).json()) as Array<{ clientId: string; ua: string; projectId: string }>
    expect(listed).toEqual([expect.objectContaining({ clientId: s.clientId, ua: 'wc-2/test', projectId: 'test', topics: [topic(11)] })])
    expect((await fetch(`${relay.httpUrl}/nothing`)).status).toBe(404)
  })

  it('after stop() the port refuses; start() serves the stored messages again', async () => {
    const dapp = await open()
    await dapp.call('irn_publish', { topic: topic(12), message: base64('kept'), ttl: 300 })
    const closed = new Promise<void>((resolve) => dapp.ws.once('close', () => resolve()))
    await relay.stop()
    try {
      await closed
      expect(relay.isRunning()).toBe(false)
      await expect(fetchPastClosedConnections(`${relay.httpUrl}/health`)).rejects.toThrow(REFUSED)
    } finally {
      await relay.start()
    }
    const wallet = await open()
    await wallet.call('irn_subscribe', { topic: topic(12) })
    expect((await wallet.pushes()).map((p) => data(p).data.message)).toEqual([base64('kept')])
  })
})

describe('pings', () => {
  it('pings every interval and closes a socket that stops answering', async () => {
    const quick = await startRelay({ port: PORT + 1, pingIntervalMs: 60 })
    try {
      const answering = await TestSocket.open(quick.url)
      sockets.push(answering) // closed by afterEach, whatever happens here
      let pings = 0
      answering.ws.on('ping', () => pings++)
      const silent = await TestSocket.open(quick.url, { autoPong: false })
      sockets.push(silent)
      const closed = new Promise<void>((resolve) => silent.ws.once('close', () => resolve()))
      await closed
      expect(pings).toBeGreaterThanOrEqual(1)
      expect(answering.ws.readyState).toBe(WebSocket.OPEN)
      await expect.poll(() => quick.connections().map((c) => c.clientId), { timeout: 3_000 }).toEqual([answering.clientId])
    } finally {
      await quick.stop()
    }
  })
})
