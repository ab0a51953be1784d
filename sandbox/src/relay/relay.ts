import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { z } from 'zod'
import { SANDBOX_HOST } from '../options.ts'
import { PortInUseError } from '../ports.ts'
import { readClientHello, type ClientHello } from './client-id.ts'
import { Mailbox, type StoredMessage } from './mailbox.ts'
import {
  FETCH_BATCH_LIMIT,
  IRN,
  RPC_ERRORS,
  TAG_SESSION_PROPOSE,
  TAG_SESSION_PROPOSE_RESPONSE,
  TAG_SESSION_SETTLE,
  WC_APPROVE_SESSION,
  WC_PROPOSE_SESSION,
  approveSessionParamsSchema,
  batchFetchParamsSchema,
  batchPublishParamsSchema,
  batchSubscribeParamsSchema,
  batchUnsubscribeParamsSchema,
  describeIssue,
  parseFrame,
  proposeSessionParamsSchema,
  publishParamsSchema,
  rpcRequestSchema,
  rpcResponseSchema,
  serializeFrame,
  subscribeParamsSchema,
  unsubscribeParamsSchema,
  type OutgoingFrame,
  type RpcErrorBody,
  type RpcId,
  type RpcRequest,
  type SubscriptionData,
} from './protocol.ts'

/** The hosted relay pings every 15 s; Node clients drop a socket that hears nothing for 35 s. */
export const DEFAULT_PING_INTERVAL_MS = 12_000
/** Largest websocket frame accepted; a bigger one closes that socket (1009), nothing else. */
const MAX_FRAME_BYTES = 1024 * 1024
const LOG_LIMIT = 2_000

export type RelayOptions = {
  port: number
  /** How often each socket is pinged; a socket that missed the previous pong is closed. */
  pingIntervalMs?: number
  /** The relay's clock (message TTLs, publishedAt); tests move it. */
  now?: () => number
}

/** One open socket, as `connections()` and `GET /__admin/connections` list it. */
export type RelayConnectionInfo = { clientId: string; projectId: string | undefined; ua: string | undefined; origin: string | undefined; topics: string[]; connectedAt: number }

/** One JSON-RPC call the relay received. */
export type RelayRequestLogEntry = { time: number; clientId: string; method: string; topics: string[]; error?: string }

/** One message the relay pushed (`irn_subscription`) or handed out (`irn_batchFetchMessages`). */
export type RelayDeliveryLogEntry = { time: number; clientId: string; topic: string; tag: number; publishedAt: number; via: 'push' | 'fetch' }

export type RelayHandle = {
  /** `ws://127.0.0.1:8789`: the `relayUrl` for the clients. */
  url: string
  /** `http://127.0.0.1:8789`: `/health` and `/__admin/*` on the same port. */
  httpUrl: string
  /** Open sockets now (a client holds one each). */
  connections(): RelayConnectionInfo[]
  /** Every call received so far, oldest first (the last 2 000). */
  requests(): RelayRequestLogEntry[]
  /** Every message sent to a client so far, oldest first (the last 2 000). */
  deliveries(): RelayDeliveryLogEntry[]
  /** Empties both logs. */
  clearRequests(): void
  stats(): { connections: number; topics: number; messages: number }
  /** Closes every socket and the port, as a relay that went away; stored messages are kept. */
  stop(): Promise<void>
  /** Listens again after stop(), with the messages and deliveries it had. */
  start(): Promise<void>
  isRunning(): boolean
}

type Connection = ClientHello & {
  socket: WebSocket
  origin: string | undefined
  connectedAt: number
  topics: Set<string>
  /** Pushes waiting for the client's `true`, by the push's id. */
  awaitingAck: Map<number, StoredMessage>
  alive: boolean
}

class RpcFailure extends Error {
  constructor(readonly body: RpcErrorBody) {
    super(body.message)
  }
}

const invalidParams = (error: z.ZodError, method: string): RpcFailure => new RpcFailure({ code: RPC_ERRORS.invalidParams.code, message: `Invalid params for ${method}: ${describeIssue(error)}` })

function parseParams<S extends z.ZodType>(schema: S, request: RpcRequest): z.output<S> {
  const parsed = schema.safeParse(request.params)
  if (!parsed.success) throw invalidParams(parsed.error, request.method)
  return parsed.data
}

/** The id a client computes for its subscription: sha256 of topic + client id, hex (sign-client's `getSubscriptionId`). */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex')
}

/**
 * A WalletConnect v2 relay for one machine: the `irn` JSON-RPC methods of `@walletconnect/relay-api`
 * plus sign-client's `wc_proposeSession` / `wc_approveSession`, over `ws`, on 127.0.0.1.
 *
 * - A published message is stored on its topic until its TTL and pushed (`irn_subscription`) to every
 *   other client subscribed to the topic; a client that subscribes later receives what it has not
 *   yet acknowledged. Delivery is tracked per client id, so a restarted client gets nothing twice.
 * - The relay pings each socket every 12 s and answers any bad frame with a JSON-RPC error; it never
 *   throws on input.
 * - A message published without an attestation is pushed with `attestation: ''`, which sign-client
 *   reads as "none": a wallet then skips its look-up on the hosted verify service.
 *
 * @example
 * const relay = await startRelay({ port: 8789 })
 * const client = await SignClient.init({ projectId: 'local', relayUrl: relay.url })
 */
export async function startRelay(options: RelayOptions): Promise<RelayHandle> {
  const { port } = options
  const now = options.now ?? Date.now
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS
  const mailbox = new Mailbox(now)
  const connections = new Set<Connection>()
  const log: RelayRequestLogEntry[] = []
  const deliveries: RelayDeliveryLogEntry[] = []
  let nextPushId = 1

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  wss.on('error', () => {})
  let server: Server | undefined
  let pingTimer: NodeJS.Timeout | undefined

  const send = (conn: Connection, frame: OutgoingFrame): void => {
    if (conn.socket.readyState !== conn.socket.OPEN) return
    conn.socket.send(serializeFrame(frame), (err) => {
      if (err) conn.socket.terminate()
    })
  }
  const answer = (conn: Connection, id: RpcId | null, result: unknown): void => send(conn, { id, jsonrpc: '2.0', result })
  const fail = (conn: Connection, id: RpcId | null, error: RpcErrorBody): void => send(conn, { id, jsonrpc: '2.0', error })

  const push = (conn: Connection, message: StoredMessage): void => {
    for (const waiting of conn.awaitingAck.values()) if (waiting === message) return
    const id = nextPushId++
    conn.awaitingAck.set(id, message)
    keepLast(deliveries, { time: now(), clientId: conn.clientId, topic: message.topic, tag: message.tag, publishedAt: message.publishedAt, via: 'push' })
    const data: SubscriptionData = {
      topic: message.topic,
      message: message.message,
      publishedAt: message.publishedAt,
      tag: message.tag,
      attestation: message.attestation ?? '',
    }
    send(conn, { id, jsonrpc: '2.0', method: IRN.subscription, params: { id: subscriptionId(message.topic, conn.clientId), data } })
  }

  const deliverStored = (conn: Connection, topics: readonly string[]): void => {
    const pending = topics.flatMap((topic) => mailbox.undelivered(topic, conn.clientId))
    for (const message of pending.sort((a, b) => a.publishedAt - b.publishedAt)) push(conn, message)
  }

  const subscribe = (conn: Connection, topic: string): string => {
    conn.topics.add(topic)
    return subscriptionId(topic, conn.clientId)
  }

  const publish = (conn: Connection, input: { topic: string; message: string; ttl: number; tag?: number | undefined; attestation?: string | undefined }): void => {
    const { stored, duplicate } = mailbox.publish({
      topic: input.topic,
      message: input.message,
      ttlSeconds: input.ttl,
      tag: input.tag ?? 0,
      attestation: input.attestation,
      publisher: conn.clientId,
    })
    if (duplicate) return
    for (const other of connections) {
      if (other.clientId !== conn.clientId && other.topics.has(input.topic)) push(other, stored)
    }
  }

  /** Runs one request; the answer is sent first, then any stored messages the call made due. */
  const run = (conn: Connection, request: RpcRequest): { result: unknown; after?: () => void; topics: string[] } => {
    switch (request.method) {
      case IRN.subscribe: {
        const { topic } = parseParams(subscribeParamsSchema, request)
        return { result: subscribe(conn, topic), after: () => deliverStored(conn, [topic]), topics: [topic] }
      }
      case IRN.batchSubscribe: {
        const { topics } = parseParams(batchSubscribeParamsSchema, request)
        return { result: topics.map((t) => subscribe(conn, t)), after: () => deliverStored(conn, topics), topics }
      }
      case IRN.unsubscribe: {
        const { topic } = parseParams(unsubscribeParamsSchema, request)
        conn.topics.delete(topic)
        return { result: true, topics: [topic] }
      }
      case IRN.batchUnsubscribe: {
        const { subscriptions } = parseParams(batchUnsubscribeParamsSchema, request)
        for (const s of subscriptions) conn.topics.delete(s.topic)
        return { result: true, topics: subscriptions.map((s) => s.topic) }
      }
      case IRN.publish: {
        const params = parseParams(publishParamsSchema, request)
        return { result: true, after: () => publish(conn, params), topics: [params.topic] }
      }
      case IRN.batchPublish: {
        const { messages } = parseParams(batchPublishParamsSchema, request)
        return {
          result: true,
          after: () => {
            for (const m of messages) publish(conn, m)
          },
          topics: messages.map((m) => m.topic),
        }
      }
      case IRN.batchFetchMessages: {
        const { topics } = parseParams(batchFetchParamsSchema, request)
        const due = topics.flatMap((t) => mailbox.undelivered(t, conn.clientId)).sort((a, b) => a.publishedAt - b.publishedAt)
        const batch = due.slice(0, FETCH_BATCH_LIMIT)
        for (const m of batch) {
          mailbox.markDelivered(m, conn.clientId)
          keepLast(deliveries, { time: now(), clientId: conn.clientId, topic: m.topic, tag: m.tag, publishedAt: m.publishedAt, via: 'fetch' })
        }
        const messages = batch.map((m) => ({ topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag, attestation: m.attestation ?? '' }))
        return { result: { messages, hasMore: due.length > batch.length }, topics }
      }
      case WC_PROPOSE_SESSION: {
        const p = parseParams(proposeSessionParamsSchema, request)
        subscribe(conn, p.pairingTopic)
        return {
          result: true,
          after: () => publish(conn, { topic: p.pairingTopic, message: p.sessionProposal, ttl: p.ttl, tag: TAG_SESSION_PROPOSE, attestation: p.attestation }),
          topics: [p.pairingTopic],
        }
      }
      case WC_APPROVE_SESSION: {
        const p = parseParams(approveSessionParamsSchema, request)
        subscribe(conn, p.sessionTopic)
        return {
          result: true,
          after: () => {
            publish(conn, { topic: p.pairingTopic, message: p.sessionProposalResponse, ttl: p.ttl, tag: TAG_SESSION_PROPOSE_RESPONSE })
            publish(conn, { topic: p.sessionTopic, message: p.sessionSettlementRequest, ttl: p.ttl, tag: TAG_SESSION_SETTLE })
            deliverStored(conn, [p.sessionTopic])
          },
          topics: [p.sessionTopic, p.pairingTopic],
        }
      }
      default:
        throw new RpcFailure({ code: RPC_ERRORS.methodNotFound.code, message: `Method not found: ${request.method}` })
    }
  }

  const onAnswer = (conn: Connection, frame: unknown): boolean => {
    const response = rpcResponseSchema.safeParse(frame)
    if (!response.success || typeof response.data.id !== 'number') return false
    const message = conn.awaitingAck.get(response.data.id)
    if (!message) return false
    conn.awaitingAck.delete(response.data.id)
    if ('result' in response.data && response.data.result === true) mailbox.markDelivered(message, conn.clientId)
    return true
  }

  const onFrame = (conn: Connection, data: RawData, isBinary: boolean): void => {
    conn.alive = true
    if (isBinary) return fail(conn, null, { ...RPC_ERRORS.parse, message: 'Parse error: binary frames are not supported' })
    let frame: unknown
    try {
      frame = parseFrame(rawToString(data))
    } catch {
      return fail(conn, null, { ...RPC_ERRORS.parse, message: 'Parse error: the frame is not JSON' })
    }
    if (Array.isArray(frame)) return fail(conn, null, { ...RPC_ERRORS.invalidRequest, message: 'Invalid Request: batches are not supported' })
    if (onAnswer(conn, frame)) return
    const request = rpcRequestSchema.safeParse(frame)
    if (!request.success) {
      const object = typeof frame === 'object' && frame !== null ? (frame as Record<string, unknown>) : {}
      // An answer to a push the relay no longer waits for (its socket was replaced): nothing to say.
      if (!('method' in object) && ('result' in object || 'error' in object)) return
      const id = typeof object.id === 'number' || typeof object.id === 'string' ? object.id : null
      return fail(conn, id, { ...RPC_ERRORS.invalidRequest, message: `Invalid Request: ${describeIssue(request.error)}` })
    }
    const { id, method } = request.data
    try {
      const { result, after, topics } = run(conn, request.data)
      keepLast(log, { time: now(), clientId: conn.clientId, method, topics })
      answer(conn, id, result)
      after?.()
    } catch (error) {
      const body = error instanceof RpcFailure ? error.body : { ...RPC_ERRORS.internal, message: `Internal error: ${error instanceof Error ? error.message : String(error)}` }
      keepLast(log, { time: now(), clientId: conn.clientId, method, topics: [], error: body.message })
      fail(conn, id, body)
    }
  }

  const onConnection = (socket: WebSocket, hello: ClientHello, request: IncomingMessage): void => {
    const conn: Connection = {
      ...hello,
      socket,
      origin: request.headers.origin,
      connectedAt: now(),
      topics: new Set(),
      awaitingAck: new Map(),
      alive: true,
    }
    connections.add(conn)
    socket.on('message', (data, isBinary) => {
      try {
        onFrame(conn, data, isBinary)
      } catch {
        fail(conn, null, RPC_ERRORS.internal)
      }
    })
    socket.on('pong', () => void (conn.alive = true))
    socket.on('error', () => socket.terminate())
    socket.on('close', () => connections.delete(conn))
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy())
    const hello = readClientHello(request.url ?? '/')
    if (!hello) {
      const body = JSON.stringify({ error: 'Unauthorized: the socket URL needs ?auth=<JWT> whose iss is the client id' })
      socket.end(`HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`)
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, hello, request))
  }

  const clearLogs = (): void => {
    log.length = 0
    deliveries.length = 0
  }
  const info = (): RelayConnectionInfo[] =>
    [...connections].map((c) => ({ clientId: c.clientId, projectId: c.projectId, ua: c.ua, origin: c.origin, topics: [...c.topics], connectedAt: c.connectedAt }))
  const stats = () => ({ connections: connections.size, ...mailbox.stats() })

  const onHttp = (req: IncomingMessage, res: ServerResponse): void => {
    const path = new URL(req.url ?? '/', 'http://relay.invalid').pathname
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'no-store' })
      res.end(JSON.stringify(body))
    }
    if (req.method === 'GET' && path === '/health') return json(200, { ok: true, ...stats() })
    if (req.method === 'GET' && path === '/__admin/connections') return json(200, info())
    if (req.method === 'GET' && path === '/__admin/requests') return json(200, log)
    if (req.method === 'GET' && path === '/__admin/deliveries') return json(200, deliveries)
    if (req.method === 'DELETE' && (path === '/__admin/requests' || path === '/__admin/deliveries')) {
      clearLogs()
      return json(200, { ok: true })
    }
    json(req.method === 'GET' ? 404 : 405, { error: req.method === 'GET' ? 'Not found' : 'Method not allowed' })
  }

  const ping = (): void => {
    for (const conn of connections) {
      if (!conn.alive) {
        conn.socket.terminate()
        continue
      }
      conn.alive = false
      conn.socket.ping()
    }
    mailbox.sweep()
  }

  const relay = {
    url: `ws://${SANDBOX_HOST}:${port}`,
    httpUrl: `http://${SANDBOX_HOST}:${port}`,
    connections: info,
    requests: () => [...log],
    deliveries: () => [...deliveries],
    clearRequests: clearLogs,
    stats,
    isRunning: () => server !== undefined,
    async start() {
      if (server) return
      const next = createServer(onHttp)
      next.on('upgrade', onUpgrade)
      next.on('clientError', (_err, socket) => socket.destroy())
      await new Promise<void>((resolve, reject) => {
        next.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(port, 'WalletConnect relay') : err))
        next.listen({ port, host: SANDBOX_HOST, exclusive: true }, () => resolve())
      })
      next.on('error', () => {})
      server = next
      pingTimer = setInterval(ping, pingIntervalMs)
      pingTimer.unref()
    },
    async stop() {
      const current = server
      if (!current) return
      server = undefined
      clearInterval(pingTimer)
      for (const conn of connections) conn.socket.terminate()
      connections.clear()
      await new Promise<void>((resolve, reject) => {
        current.close((err) => (err ? reject(err) : resolve()))
        current.closeAllConnections()
      })
    },
  } satisfies RelayHandle
  await relay.start()
  return relay
}

function keepLast<T>(list: T[], entry: T): void {
  list.push(entry)
  if (list.length > LOG_LIMIT) list.splice(0, list.length - LOG_LIMIT)
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}
