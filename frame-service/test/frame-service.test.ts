import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FRAME_API } from '../src/api.ts'
import { mailboxMessageSchema, startMailbox, type Mailbox } from '../../sandbox/src/sign-in/mailbox.ts'
import { startPasswordIssuer, type PasswordIssuer } from '../../sandbox/src/sign-in/password-issuer.ts'
import { freePort } from '../../sandbox/src/ports.ts'

/**
 * The frame service alone, through its documented command (`node frame-service/bin/frame-service.mjs`):
 * a visitor signed in before a restart is signed in after it, with the same address and key. Its
 * port is one the system hands out (never a test's fixed port).
 */
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')
const WAIT = { timeout: 30_000 }
let folder: string
let port: number
let mailbox: Mailbox
let issuer: PasswordIssuer
const children: ChildProcess[] = []

/** Starts the command; resolves with the process and its output once it says it is ready (or rejects with the output when it exits). */
function start(env: Record<string, string | undefined>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['frame-service/bin/frame-service.mjs'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let out = ''
  child.stdout!.on('data', (d: Buffer) => void (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => void (out += d.toString()))
  return new Promise((done, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Frame service ready')) {
        clearInterval(timer)
        done({ child, output: () => out })
      }
    }, 100)
    child.once('exit', (code) => {
      clearInterval(timer)
      reject(new Error(`exited with ${code}: ${out}`))
    })
  })
}
const stopped = (child: ChildProcess) => new Promise<number | null>((done) => child.once('exit', (code) => done(code)))

const url = () => `http://127.0.0.1:${port}`
async function api(path: string, body: object, token?: string, binding?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${url()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: url(),
      'x-portico-project': 'portico-demo',
      'x-portico-embedder': 'http://127.0.0.1:5173',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(binding ? { 'x-portico-binding': binding } : {}),
    },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portico-frame-service-'))
  port = await freePort()
  mailbox = await startMailbox()
  issuer = await startPasswordIssuer({ port: await freePort(), redirectUri: `${url()}/social/callback`, users: { alice: 'correct horse battery staple', bob: 'hunter2-but-longer' } })
})
afterAll(async () => {
  await issuer?.stop()
  await mailbox?.stop()
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await rm(folder, { recursive: true, force: true })
})

/** What a deployer writes: one chain, one project, the SMTP server, the database and the key, and `extra`. */
const deployment = (extra: Record<string, string | undefined> = {}) => ({
  PORTICO_FRAME_PORT: String(port),
  PORTICO_FRAME_CHAINS: JSON.stringify([{ id: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:9/' }]),
  PORTICO_FRAME_PROJECTS: JSON.stringify({ 'portico-demo': ['http://127.0.0.1:5173'] }),
  PORTICO_FRAME_SMTP_URL: mailbox.smtpUrl,
  PORTICO_FRAME_DATA_DIR: join(folder, 'frame-db'),
  PORTICO_FRAME_KEY_FILE: join(folder, 'frame.key'),
  PORTICO_FRAME_DATABASE_URL: undefined,
  PORTICO_FRAME_KEY: undefined,
  PORTICO_FRAME_CONFIG_FILE: undefined,
  ...extra,
})
/** Every PORTICO_FRAME_* variable of this process unset (the test's own environment may carry some). */
const cleared = Object.fromEntries(
  Object.keys(process.env)
    .filter((k) => k.startsWith('PORTICO_FRAME_'))
    .map((k) => [k, undefined]),
)

/** The visitor's way through a provider: its authorization URL, its login form (username and password), back to the frame's callback. */
async function signInAtIssuer(authorizationUrl: string, username: string, password: string): Promise<string | undefined> {
  const cookies = new Map<string, string>()
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...value] = (pair ?? '').split('=')
      if (name) cookies.set(name.trim(), value.join('='))
    }
  }
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  let next: string | undefined = authorizationUrl
  let form: { action: string } | undefined
  for (let hop = 0; hop < 10 && next; hop++) {
    if (next.startsWith(`${url()}/social/callback`)) return next
    const res: Response = await fetch(next, { redirect: 'manual', headers: { cookie: cookie() } })
    remember(res)
    if (res.status >= 300 && res.status < 400) {
      next = new URL(res.headers.get('location') ?? '', next).href
      continue
    }
    const html = await res.text()
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
    if (!action || form) return undefined
    form = { action }
    const posted: Response = await fetch(new URL(action, next).href, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }).toString(),
    })
    remember(posted)
    if (posted.status < 300 || posted.status >= 400) return undefined
    next = new URL(posted.headers.get('location') ?? '', next).href
  }
  return next?.startsWith(`${url()}/social/callback`) ? next : undefined
}

describe('node frame-service/bin/frame-service.mjs', () => {
  it('refuses to start on an unsafe or incomplete configuration, listing every issue with its variable', async () => {
    // The three refusals start side by side: each exits before it listens.
    const refusal = (env: Record<string, string | undefined>) =>
      start(env).then(
        () => '',
        (err: Error) => err.message,
      )
    const [error, unsafe, badAmount] = await Promise.all([
      refusal({ ...cleared, PORTICO_FRAME_PORT: String(port) }),
      refusal({
        ...cleared,
        ...deployment({
          // A provider half configured, one reached over plain http on another host, a relay without its chain, a proxy that is not an address.
          PORTICO_FRAME_GOOGLE_ISSUER: 'https://accounts.google.com',
          PORTICO_FRAME_GOOGLE_CLIENT_ID: 'id',
          PORTICO_FRAME_GITHUB_ISSUER: 'http://login.example',
          PORTICO_FRAME_GITHUB_CLIENT_ID: 'id',
          PORTICO_FRAME_GITHUB_CLIENT_SECRET: 'secret',
          PORTICO_FRAME_FARCASTER_RELAY_URL: 'https://relay.example',
          PORTICO_FRAME_TRUSTED_PROXIES: '10.0.0.1, proxy.example',
          PORTICO_FRAME_PUBLIC_URL: 'http://wallet.example',
          // A step-up amount with no price for the chain's coin to value approvals with.
          PORTICO_FRAME_STEP_UP_USD: '1000',
          PORTICO_FRAME_USD_PRICES: '{"SOL": 150}',
        }),
      }),
      refusal({ ...cleared, ...deployment({ PORTICO_FRAME_STEP_UP_USD: '-5' }) }),
    ])
    expect(error).toMatch(/^exited with 78:/)
    for (const variable of [
      'PORTICO_FRAME_CHAINS',
      'PORTICO_FRAME_PROJECTS',
      'PORTICO_FRAME_SMTP_URL',
      'PORTICO_FRAME_DATABASE_URL or PORTICO_FRAME_DATA_DIR',
      'PORTICO_FRAME_KEY or PORTICO_FRAME_KEY_FILE',
    ]) {
      expect(error).toContain(`${variable} is missing`)
    }
    expect(unsafe).toMatch(/^exited with 78:/)
    expect(unsafe).toContain('PORTICO_FRAME_GOOGLE_CLIENT_SECRET missing')
    expect(unsafe).toContain('PORTICO_FRAME_GITHUB_ISSUER: expected an https:// URL')
    expect(unsafe).toContain('PORTICO_FRAME_FARCASTER_RELAY_URL and PORTICO_FRAME_FARCASTER_RPC_URL go together')
    expect(unsafe).toContain('PORTICO_FRAME_TRUSTED_PROXIES')
    expect(unsafe).toContain('PORTICO_FRAME_PUBLIC_URL: expected an https:// URL')
    expect(unsafe).toContain('PORTICO_FRAME_STEP_UP_USD values approvals in USD: PORTICO_FRAME_USD_PRICES needs a price for ETH')
    expect(badAmount).toContain('PORTICO_FRAME_STEP_UP_USD: expected an amount in USD, such as 1000')
    expect(unsafe).not.toContain('Frame service ready')
  }, 60_000)

  it('as a deployer starts it: no stand-in route, only the configured sign-ins; a real OpenID issuer signs in only with the right password', async () => {
    const client = issuer.client
    const env = {
      ...cleared,
      ...deployment({
        PORTICO_FRAME_DATA_DIR: join(folder, 'oidc-db'),
        PORTICO_FRAME_KEY_FILE: join(folder, 'oidc.key'),
        PORTICO_FRAME_GOOGLE_ISSUER: client.issuer,
        PORTICO_FRAME_GOOGLE_CLIENT_ID: client.clientId,
        PORTICO_FRAME_GOOGLE_CLIENT_SECRET: client.clientSecret,
      }),
    }
    const service = await start(env)
    try {
      expect(service.output()).toContain('sign-in: email, google.')
      // Nothing of the sandbox: no mailbox, no provider or login page, no Farcaster relay or wallet, no fault or request admin.
      for (const path of [
        '/mailbox',
        '/mailbox/messages?to=a@example.com',
        '/oidc/google/.well-known/openid-configuration',
        '/oidc/google/auth',
        '/farcaster/relay/v1/channel',
        '/farcaster/wallet',
        '/assets/farcaster-wallet.js',
        '/__admin/faults',
        '/__admin/requests',
      ]) {
        expect((await fetch(`${url()}${path}`)).status, path).toBe(404)
      }
      expect((await fetch(`${url()}/farcaster/relay/v1/channel`, { method: 'POST', body: '{}' })).status).toBe(404)
      const binding = 'b'.repeat(40)
      // A provider that is not configured is not offered.
      expect(await api(FRAME_API.socialStart.path, { provider: 'github', projectId: 'portico-demo', dappOrigin: 'http://127.0.0.1:5173' }, undefined, binding)).toEqual({
        status: 400,
        json: { error: 'Unsupported social provider github' },
      })
      expect((await api(FRAME_API.farcasterStart.path, {}, undefined, binding)).status).toBe(400)

      const startGoogle = async () =>
        String((await api(FRAME_API.socialStart.path, { provider: 'google', projectId: 'portico-demo', dappOrigin: 'http://127.0.0.1:5173' }, undefined, binding)).json['uri'])
      // Alice's own password: back at the frame's callback, and a session for her.
      const first = await startGoogle()
      expect(new URL(first).origin).toBe(new URL(client.issuer).origin)
      const callback = await signInAtIssuer(first, 'alice', 'correct horse battery staple')
      expect(callback).toBeDefined()
      const alice = await api(FRAME_API.socialFinish.path, { uri: callback! }, undefined, binding)
      expect(alice.status).toBe(200)
      const aliceUser = await api(FRAME_API.user.path, {}, String(alice.json['token']))
      expect(aliceUser.json).toMatchObject({ socialProvider: 'google', userName: 'alice' })
      // Her provider's verified email is where the service writes (never a way in): her key's export is mailed there.
      expect((await api(FRAME_API.exportKey.path, { chain: 'evm' }, String(alice.json['token']))).status).toBe(200)
      await expect.poll(() => mailbox.messages('alice@google.example').map((m) => m.subject), { timeout: 10_000 }).toEqual(['Your Portico wallet key was exported'])
      // Another visitor who types her user name, with a wrong password or none, never gets back to the frame.
      for (const password of ['wrong', '']) expect(await signInAtIssuer(await startGoogle(), 'alice', password)).toBeUndefined()
      // Bob with his own password is another account.
      const bobCallback = await signInAtIssuer(await startGoogle(), 'bob', 'hunter2-but-longer')
      const bob = await api(FRAME_API.socialFinish.path, { uri: bobCallback! }, undefined, binding)
      const bobUser = await api(FRAME_API.user.path, {}, String(bob.json['token']))
      expect(bobUser.json['address']).not.toBe(aliceUser.json['address'])
      // A forged callback (a code the issuer never gave) signs no one in.
      const forged = new URL(await startGoogle())
      const state = forged.searchParams.get('state')
      expect((await api(FRAME_API.socialFinish.path, { uri: `${url()}/social/callback?code=made-up&state=${state}&iss=${encodeURIComponent(client.issuer)}` }, undefined, binding)).status).toBe(400)
    } finally {
      const exit = stopped(service.child)
      service.child.kill('SIGTERM')
      await exit
    }
  }, 120_000)

  it('keeps a signed-in visitor signed in with the same address across a restart of the service alone, with a key rotation in between', async () => {
    const env = { ...cleared, ...deployment(), PORTICO_FRAME_DATA_DIR: join(folder, 'frame-db'), PORTICO_FRAME_KEY_FILE: join(folder, 'frame.key') }
    const first = await start(env)
    expect(first.output()).toContain(`Frame service ready at ${url()} (listening on 127.0.0.1:${port}, pglite); sign-in: email.`)
    const email = 'standalone@example.com'
    const deviceId = 'device-aaaaaaaaaaaaaaaa'
    expect(await api(FRAME_API.emailConnect.path, { email, deviceId })).toEqual({ status: 200, json: { action: 'VERIFY_OTP' } })
    let code = ''
    await expect
      .poll(async () => {
        const mails = z.array(mailboxMessageSchema).parse(mailbox.messages(email))
        code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? ''
        return code
      }, WAIT)
      .toMatch(/^\d{6}$/)
    const { json: login } = await api(FRAME_API.emailOtp.path, { email, deviceId, otp: code })
    const token = String(login['token'])
    const before = await api(FRAME_API.user.path, {}, token)
    expect(before.status).toBe(200)

    const exit = stopped(first.child)
    first.child.kill('SIGTERM')
    expect(await exit).toBe(0)
    expect(first.output()).toContain('Frame service stopped')

    // A key rotation while it is stopped (the documented command): the keys are re-sealed, the key file replaced.
    const keyBefore = await readFile(env.PORTICO_FRAME_KEY_FILE, 'utf8')
    const rekey = spawnSync(process.execPath, ['frame-service/bin/frame-rekey.mjs', '--data-dir', env.PORTICO_FRAME_DATA_DIR, '--key-file', env.PORTICO_FRAME_KEY_FILE], {
      cwd: ROOT,
      env: { ...process.env, PORTICO_FRAME_KEY: '', PORTICO_FRAME_NEW_KEY: '', PORTICO_FRAME_DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(rekey.status, rekey.stderr).toBe(0)
    expect(rekey.stdout).toMatch(/^Re-sealed 1 key\(s\) from frame key [0-9a-f]{8} to [0-9a-f]{8}\.$/m)
    expect(await readFile(env.PORTICO_FRAME_KEY_FILE, 'utf8')).not.toBe(keyBefore)

    const second = await start(env)
    const after = await api(FRAME_API.user.path, {}, token)
    expect(after).toEqual(before)
    const address = String(after.json['address']) as Hex
    const signed = await api(FRAME_API.rpc.path, { method: 'personal_sign', params: ['0x6869', address] }, token)
    expect(await verifyMessage({ address, message: 'hi', signature: signed.json['result'] as Hex })).toBe(true)
    const exit2 = stopped(second.child)
    second.child.kill('SIGTERM')
    expect(await exit2).toBe(0)
  }, 120_000)
})
