import { randomBytes } from 'node:crypto'
import { WebSocket } from 'ws'

/** A `did:key`-shaped client id, as sign-client's relay key gives one. */
export function fakeClientId(): string {
  return `did:key:z6Mk${randomBytes(20)
    .toString('base64')
    .replace(/[^1-9A-HJ-NP-Za-km-z]/g, 'a')}`
}

/** An unsigned JWT whose `iss` is `clientId`: what the relay reads from `?auth=`. */
export function fakeAuth(clientId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ iss: clientId, sub: 'x', aud: 'ws://127.0.0.1', iat: 1, exp: 9_999_999_999 })}.c2ln`
}

export type Frame = { id?: unknown; method?: string; params?: unknown; result?: unknown; error?: { code: number; message: string } }

/**
 * A bare relay client for protocol tests: sends raw frames, queues what arrives, and answers
 * pushes only when asked (`ack`).
 */
export class TestSocket {
  readonly frames: Frame[] = []
  readonly clientId: string
  #waiters: Array<() => void> = []
  #nextId = 1
  private constructor(
    readonly ws: WebSocket,
    clientId: string,
  ) {
    this.clientId = clientId
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame)
      for (const w of this.#waiters.splice(0)) w()
    })
  }

  static async open(url: string, options: { clientId?: string; autoPong?: boolean } = {}): Promise<TestSocket> {
    const clientId = options.clientId ?? fakeClientId()
    const ws = new WebSocket(`${url}/?auth=${fakeAuth(clientId)}&projectId=test&ua=wc-2%2Ftest`, { autoPong: options.autoPong ?? true })
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return new TestSocket(ws, clientId)
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data)
  }

  /** Sends a request and resolves with its answer (result or error frame). */
  async call(method: string, params?: unknown): Promise<Frame> {
    const id = this.#nextId++
    this.sendRaw(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return this.next((f) => f.id === id && f.method === undefined)
  }

  /** The first frame (already received or still to come) that matches, removed from the queue. */
  async next(match: (f: Frame) => boolean = () => true, timeoutMs = 2_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const i = this.frames.findIndex(match)
      if (i >= 0) return this.frames.splice(i, 1)[0] as Frame
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`No matching frame within ${timeoutMs} ms; queued: ${JSON.stringify(this.frames)}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.#waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  /** Pushes (`irn_subscription`) received so far or within `ms`, removed from the queue. */
  async pushes(ms = 150): Promise<Frame[]> {
    await new Promise((r) => setTimeout(r, ms))
    const out = this.frames.filter((f) => f.method === 'irn_subscription')
    for (const f of out) this.frames.splice(this.frames.indexOf(f), 1)
    return out
  }

  ack(push: Frame): void {
    this.sendRaw(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true }))
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return
    await new Promise<void>((resolve) => {
      this.ws.once('close', () => resolve())
      this.ws.close()
    })
  }
}
