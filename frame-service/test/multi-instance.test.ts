import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer as createHttpServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailbox, type Mailbox } from '../../sandbox/src/sign-in/mailbox.ts'
import { FRAME_API } from '../src/api.ts'
import { startTestPostgres } from '../src/store/test-postgres.ts'
import { freePort } from '../../sandbox/src/ports.ts'

/**
 * Two instances of the frame service, each started as a deployer starts it (its command, its
 * PORTICO_FRAME_* configuration), on one PostgreSQL database, behind a reverse proxy that spreads
 * requests over both and trusts nothing the client writes but what it forwards (X-Forwarded-For).
 * A login started on one finishes on the other, a session made on one works on the other, limits
 * are shared, and one instance killed (SIGKILL) in the middle of traffic loses no user, code or
 * session. Every port is one the system hands out.
 */
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')
const WAIT = { timeout: 30_000, interval: 100 }
const PROJECT = 'multi-test'
const EMBEDDER = 'http://127.0.0.1:5173'

let postgres: { url: string; stop(): Promise<void> } | undefined
let databaseUrl: string
let mailbox: Mailbox
let proxy: Server
let proxyUrl: string
const instances: Record<'a' | 'b', { child: ChildProcess; port: number }> = {} as never
/** Requests the proxy sent to each instance, and those it moved to the other after a refused connection. */
const routed = { a: 0, b: 0, retried: 0 }

/** One instance, as `portico-frame-service` with its configuration; resolves once it says it is ready. */
function startInstance(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const cleared = Object.fromEntries(
    Object.keys(process.env)
      .filter((k) => k.startsWith('PORTICO_FRAME_'))
      .map((k) => [k, undefined]),
  )
  const child = spawn(process.execPath, ['frame-service/bin/frame-service.mjs'], {
    cwd: ROOT,
    env: { ...process.env, ...cleared, ...env, PORTICO_FRAME_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => void (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => void (out += d.toString()))
  return new Promise((done, reject) => {
    const timer = setInterval(() => {
      if (!out.includes('Frame service ready')) return
      clearInterval(timer)
      done(child)
    }, 100)
    child.once('exit', (code) => {
      clearInterval(timer)
      reject(new Error(`instance on ${port} exited with ${code}: ${out}`))
    })
  })
}

/**
 * The reverse proxy: round robin over the instances (or the one `x-test-route` names), X-Forwarded-For
 * extended with the client's socket address as nginx's `$proxy_add_x_forwarded_for` does, and a
 * request whose connection is refused moved to the other instance (`proxy_next_upstream error`).
 */
/** The proxy, on a port the system gives it as it binds (a port picked first and bound later can be taken meanwhile by one of this file's own outgoing connections). */
function startProxy(): Promise<Server> {
  let next = 0
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, name: 'a' | 'b', retry: boolean) => {
    routed[name]++
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ')
    const upstream = request({ host: '127.0.0.1', port: instances[name].port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwardedFor } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (retry && err.code === 'ECONNREFUSED') {
        routed.retried++
        return forward(req, res, body, name === 'a' ? 'b' : 'a', false)
      }
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: 'Bad gateway' }))
    })
    upstream.end(body)
  }
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const asked = req.headers['x-test-route']
      const name = asked === 'a' || asked === 'b' ? asked : next++ % 2 === 0 ? 'a' : 'b'
      forward(req, res, Buffer.concat(chunks), name, true)
    })
  })
  return new Promise((done, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => done(server))
  })
}

type Visitor = { client: string; route?: 'a' | 'b' }
async function api(name: keyof typeof FRAME_API, body: object, visitor: Visitor, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${proxyUrl}${FRAME_API[name].path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: proxyUrl,
      'x-portico-project': PROJECT,
      'x-portico-embedder': EMBEDDER,
      // What the visitor's own edge would have written: the proxy adds its peer after it.
      'x-forwarded-for': visitor.client,
      ...(visitor.route ? { 'x-test-route': visitor.route } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}
const deviceOf = (email: string) => `device-${email.replace(/[^a-z0-9]/g, '').padEnd(16, 'x')}`
async function codeFor(email: string, after: number): Promise<string> {
  await expect.poll(() => mailbox.messages(email).length, WAIT).toBeGreaterThan(after)
  return /\b(\d{6})\b/.exec(mailbox.messages(email).at(-1)?.text ?? '')?.[1] ?? ''
}
/** A whole email login: the code asked through one instance (or either), given through another; the session token. */
async function login(email: string, visitor: Visitor, finishOn?: 'a' | 'b'): Promise<string> {
  const before = mailbox.messages(email).length
  expect((await api('emailConnect', { email, deviceId: deviceOf(email) }, visitor)).json).toEqual({ action: 'VERIFY_OTP' })
  const otp = await codeFor(email, before)
  const answer = await api('emailOtp', { email, deviceId: deviceOf(email), otp }, { ...visitor, ...(finishOn ? { route: finishOn } : {}) })
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return String(answer.json['token'])
}

beforeAll(async () => {
  let url = process.env['PORTICO_FRAME_TEST_DATABASE_URL']
  if (!url) {
    postgres = await startTestPostgres()
    url = postgres.url
  }
  // A database of this file's own on that server.
  const name = `portico_multi_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  databaseUrl = url.replace(/\/[^/]*$/, `/${name}`)
  mailbox = await startMailbox()
  // The proxy first, on its own bound port: the instances are told its URL as their public one.
  proxy = await startProxy()
  const bound = proxy.address()
  if (typeof bound !== 'object' || !bound) throw new RangeError('the proxy has no port')
  proxyUrl = `http://127.0.0.1:${bound.port}`
  const env = {
    PORTICO_FRAME_PUBLIC_URL: proxyUrl,
    PORTICO_FRAME_CHAINS: JSON.stringify([{ id: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:9/' }]),
    PORTICO_FRAME_PROJECTS: JSON.stringify({ [PROJECT]: [EMBEDDER] }),
    PORTICO_FRAME_SMTP_URL: mailbox.smtpUrl,
    PORTICO_FRAME_DATABASE_URL: databaseUrl,
    PORTICO_FRAME_KEY: randomBytes(32).toString('base64'),
    PORTICO_FRAME_TRUSTED_PROXIES: '127.0.0.1',
    // Small per-client limits, so a test can reach them: 4 mails per client in the window.
    PORTICO_FRAME_LIMITS: JSON.stringify({ mailsPerClient: 4 }),
  }
  // One after the other: the first creates the schema (migrations), the second finds it. Each port is picked just
  // before its instance binds it, so the window in which another socket could take it stays short.
  const portA = await freePort()
  instances.a = { port: portA, child: await startInstance(portA, env) }
  const portB = await freePort()
  instances.b = { port: portB, child: await startInstance(portB, env) }
}, 120_000)

afterAll(async () => {
  for (const { child } of Object.values(instances)) if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await new Promise((done) => (proxy ? proxy.close(done) : done(undefined)))
  await mailbox?.stop()
  if (postgres) await postgres.stop()
  else if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]*$/, '/postgres') })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${databaseUrl.split('/').pop()} WITH (FORCE)`)
    await admin.end()
  }
})

describe('two frame-service instances on one PostgreSQL behind a proxy', () => {
  it('a login started on one finishes on the other; its session works on both; the limits are the same on both', async () => {
    const visitor: Visitor = { client: '203.0.113.10', route: 'a' }
    const token = await login('across@example.com', visitor, 'b')
    const onA = await api('user', {}, { client: visitor.client, route: 'a' }, token)
    const onB = await api('user', {}, { client: visitor.client, route: 'b' }, token)
    expect(onA.status).toBe(200)
    expect(onB.json).toEqual(onA.json)
    const address = String(onA.json['address']) as Hex
    const signed = await api('rpc', { method: 'personal_sign', params: ['0x6869', address] }, { client: visitor.client, route: 'b' }, token)
    expect(await verifyMessage({ address, message: 'hi', signature: signed.json['result'] as Hex })).toBe(true)
    // Signed out on B: gone on A too.
    const other = await login('signout@example.com', { client: '203.0.113.11', route: 'b' })
    expect((await api('signOut', {}, { client: '203.0.113.11', route: 'b' }, other)).status).toBe(200)
    expect((await api('user', {}, { client: '203.0.113.11', route: 'a' }, other)).status).toBe(401)

    // One client's mails: 4 in the window across both instances, whichever answers (one was sent above).
    const client = '198.51.100.20'
    const answers: number[] = []
    for (let i = 0; i < 6; i++)
      answers.push((await api('emailConnect', { email: `limit-${i}@example.com`, deviceId: deviceOf(`limit-${i}@example.com`) }, { client, route: i % 2 === 0 ? 'a' : 'b' })).status)
    expect(answers).toEqual([200, 200, 200, 200, 429, 429])
    // Another client is not held back.
    expect((await api('emailConnect', { email: 'limit-other@example.com', deviceId: deviceOf('limit-other@example.com') }, { client: '198.51.100.21', route: 'b' })).status).toBe(200)
  }, 120_000)

  it('one instance killed in the middle of traffic loses no user, code or session', async () => {
    // Visitors signed in through either instance, and codes asked and not yet given.
    const signedIn = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const visitor: Visitor = { client: `192.0.2.${i + 1}`, route: i % 2 === 0 ? 'a' : 'b' }
        const token = await login(`kept-${i}@example.com`, visitor)
        const user = await api('user', {}, visitor, token)
        return { visitor, token, address: String(user.json['address']) as Hex }
      }),
    )
    const waiting = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const email = `waiting-${i}@example.com`
        const visitor: Visitor = { client: `192.0.2.${100 + i}`, route: 'a' }
        const before = mailbox.messages(email).length
        expect((await api('emailConnect', { email, deviceId: deviceOf(email) }, visitor)).status).toBe(200)
        return { email, visitor, otp: await codeFor(email, before) }
      }),
    )
    // Traffic through the proxy (round robin) while instance A is killed.
    let stop = false
    const outcomes = { ok: 0, failed: 0 }
    const traffic = signedIn.map(async ({ visitor, token, address }) => {
      while (!stop) {
        const answer = await api('rpc', { method: 'personal_sign', params: ['0x6869', address] }, { client: visitor.client }, token).catch(() => ({ status: 0, json: {} }))
        if (answer.status === 200) outcomes.ok++
        else outcomes.failed++
      }
    })
    await expect.poll(() => outcomes.ok, WAIT).toBeGreaterThan(20)
    const killed = new Promise((done) => instances.a.child.once('exit', done))
    instances.a.child.kill('SIGKILL')
    await killed
    const okAtKill = outcomes.ok
    await expect.poll(() => outcomes.ok, WAIT).toBeGreaterThan(okAtKill + 20)
    stop = true
    await Promise.all(traffic)
    // Reported, not asserted: requests in flight on A when it died answer 502 once (a client asks again).
    console.log(`kill mid-traffic: ${outcomes.ok} signatures, ${outcomes.failed} failed in flight; proxy moved ${routed.retried} refused requests to B`)

    // Every session still works (through B alone now), as the same user.
    for (const { visitor, token, address } of signedIn) {
      const user = await api('user', {}, { client: visitor.client }, token)
      expect(user.status).toBe(200)
      expect(user.json['address']).toBe(address)
    }
    // Every code mailed by A is still good, on B.
    for (const { email, visitor, otp } of waiting) {
      const answer = await api('emailOtp', { email, deviceId: deviceOf(email), otp }, { client: visitor.client })
      expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    }
    // And every user is in the database once.
    const db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
    const { rows } = await db.query<{ email: string }>("SELECT email FROM users WHERE email LIKE 'kept-%' OR email LIKE 'waiting-%'")
    await db.end()
    expect(rows.map((r) => r.email).sort()).toEqual([...signedIn.map((_, i) => `kept-${i}@example.com`), ...waiting.map((w) => w.email)].sort())
  }, 180_000)
})
