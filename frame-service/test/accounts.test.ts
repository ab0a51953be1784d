import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_FRAME_LIMITS, FrameAccounts, MAX_CODE_ATTEMPTS, type CallContext, type FrameLimits } from '../src/accounts.ts'
import { deviceLabel } from '../src/device-label.ts'
import { FRAME_MESSAGES, FrameError } from '../src/messages.ts'
import { openPostgres } from '../src/store/driver.ts'
import { FrameKey, sha256Hex } from '../src/store/keys.ts'
import { openFrameStore, type FrameStore } from '../src/store/store.ts'
import { startTestPostgres } from '../src/store/test-postgres.ts'

/**
 * FrameAccounts under attack and at scale, on both drivers: PGlite (in memory) and a real PostgreSQL
 * server through its pool of 10 connections (PORTICO_FRAME_TEST_DATABASE_URL, else one started
 * here in a temporary folder). Each attack is played, and then shown to do no harm.
 */
let stopPostgres: (() => Promise<void>) | undefined
const drivers = {
  pglite: () => openFrameStore({}),
  postgres: async () => {
    let url = process.env['PORTICO_FRAME_TEST_DATABASE_URL']
    if (!url) {
      const server = await startTestPostgres()
      stopPostgres = () => server.stop()
      url = server.url
    }
    const schema = `t_${randomBytes(6).toString('hex')}`
    const scoped = new URL(url)
    scoped.searchParams.set('options', `-c search_path=${schema}`)
    const bootstrap = await openPostgres(url)
    await bootstrap.query(`CREATE SCHEMA ${schema}`)
    await bootstrap.close()
    return openFrameStore({ databaseUrl: scoped.href })
  },
} as const
afterAll(async () => {
  await stopPostgres?.()
})

const DAPP = 'http://127.0.0.1:5173'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const device = () => `device-${randomBytes(12).toString('hex')}`
const context = (client = '203.0.113.1'): CallContext => ({ projectId: 'portico-demo', origin: DAPP, client })
let emails = 0
// The random part starts with a letter: six hex digits that happened to be all decimal would read as the mail's code (lastCode).
const freshEmail = (what: string) => `${what}-${++emails}-r${randomBytes(3).toString('hex')}@example.com`

/** What a promise failed with: the FrameError's status and message. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise
  } catch (err) {
    if (err instanceof FrameError) return { status: err.status, message: err.message }
    throw err
  }
  throw new Error('expected a refusal')
}

describe.each(Object.keys(drivers) as (keyof typeof drivers)[])('FrameAccounts on %s', (driver) => {
  let store: FrameStore
  let unreachable: unknown
  let now = 1_700_000_000_000
  const mails: { to: string; subject: string; text: string }[] = []
  const make = (limits: Partial<FrameLimits> = {}) =>
    new FrameAccounts({ store, key: new FrameKey(randomBytes(32)), frameUrl: 'http://127.0.0.1:1', send: async (m) => void mails.push(m), defaultChainId: 31337, now: () => now, limits })
  const mailsTo = (to: string) => mails.filter((m) => m.to === to)
  const lastCode = (to: string) => {
    const code = /\b(\d{6})\b/.exec(mailsTo(to).at(-1)?.text ?? '')?.[1]
    if (!code) throw new Error(`no code mailed to ${to}`)
    return code
  }
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000')
  /** A first login from `deviceId`: the code only. */
  async function login(accounts: FrameAccounts, email: string, deviceId: string, ctx = context()): Promise<string> {
    expect(await accounts.connectEmail(email, deviceId, undefined, ctx)).toBe('VERIFY_OTP')
    return accounts.verifyLoginCode(email, deviceId, lastCode(email), ctx)
  }
  /** Another device of a known user: the link, then the code. */
  async function loginNewDevice(accounts: FrameAccounts, email: string, deviceId: string, ctx = context()): Promise<string> {
    expect(await accounts.connectEmail(email, deviceId, undefined, ctx)).toBe('VERIFY_DEVICE')
    const link = /device\/confirm\?token=([0-9a-f]+)/.exec(mailsTo(email).at(-1)!.text)![1]!
    expect(await accounts.confirmDevice(link)).toBe(true)
    return accounts.verifyLoginCode(email, deviceId, lastCode(email), ctx)
  }

  beforeAll(async () => {
    try {
      store = await drivers[driver]()
    } catch (err) {
      unreachable = err
    }
  }, 120_000)
  beforeEach(() => {
    if (unreachable !== undefined) throw unreachable
    // Each test in a window of its own.
    now += 24 * 3_600_000
  })
  afterAll(async () => {
    await store?.close()
  })

  it('lets no one without a live code of their own lock the owner out: their guesses are refused and the owner’s code still works', async () => {
    const accounts = make()
    const email = freshEmail('owner')
    const owner = device()
    expect(await accounts.connectEmail(email, owner, undefined, context('198.51.100.1'))).toBe('VERIFY_OTP')
    const code = lastCode(email)
    // The attack: many more guesses than the old per-address budget (10), from many clients and device ids, none holding a code.
    for (let i = 0; i < 40; i++) {
      expect(await refusal(accounts.verifyLoginCode(email, device(), wrongFor(code), context(`203.0.113.${i}`)))).toEqual({ status: 400, message: FRAME_MESSAGES.noCodeRequested })
    }
    // The owner's code was not touched: no try counted on it.
    expect((await store.code('login', `${email}\n${owner}`))?.attempts).toBe(0)
    // An attacker who asks a code of their own for the address (it goes to the owner's mailbox) spends only that code.
    const attacker = device()
    expect(await accounts.connectEmail(email, attacker, undefined, context('203.0.113.200'))).toBe('VERIFY_OTP')
    const theirs = lastCode(email)
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) expect((await refusal(accounts.verifyLoginCode(email, attacker, wrongFor(theirs), context('203.0.113.200')))).message).toBe(FRAME_MESSAGES.invalidCode)
    expect((await refusal(accounts.verifyLoginCode(email, attacker, wrongFor(theirs), context('203.0.113.200')))).message).toBe(FRAME_MESSAGES.tooManyAttempts)
    expect(await refusal(accounts.verifyLoginCode(email, attacker, theirs, context('203.0.113.200')))).toEqual({ status: 429, message: FRAME_MESSAGES.tooManyAttempts })
    // The owner signs in at once, with their code.
    const token = await accounts.verifyLoginCode(email, owner, code, context('198.51.100.1'))
    expect((await accounts.userOf(token, context())).email).toBe(email)

    // A known user: a device that is not theirs gets no code at all (a link to confirm), so nothing of theirs to guess at.
    const stranger = device()
    expect(await accounts.connectEmail(email, stranger, undefined, context('203.0.113.201'))).toBe('VERIFY_DEVICE')
    expect((await refusal(accounts.verifyLoginCode(email, stranger, '123456', context('203.0.113.201')))).message).toBe(FRAME_MESSAGES.deviceNotConfirmed)
  })

  it('keeps a known device’s login mail coming while others use up the address’s mail limit', async () => {
    const accounts = make()
    const email = freshEmail('mails')
    const owner = device()
    await login(accounts, email, owner)
    now += 60_000
    // Others ask mails for the address from devices of their own (each a link to the owner) until its limit (the first login's mail counted) refuses them.
    for (let i = 0; i < DEFAULT_FRAME_LIMITS.mailsPerEmail - 1; i++) expect(await accounts.connectEmail(email, device(), undefined, context(`203.0.113.${i}`))).toBe('VERIFY_DEVICE')
    expect((await refusal(accounts.connectEmail(email, device(), undefined, context('203.0.113.99')))).status).toBe(429)
    // The owner's own device still gets its code.
    expect(await accounts.connectEmail(email, owner, undefined, context('198.51.100.9'))).toBe('VERIFY_OTP')
    expect(await accounts.verifyLoginCode(email, owner, lastCode(email), context('198.51.100.9'))).toMatch(/^[\w-]{43}$/)
  })

  it('counts a client’s tries against its own budget only: a locked-out client does not lock the owner', async () => {
    const accounts = make({ wrongCodesPerClient: 3 })
    const email = freshEmail('budget')
    const owner = device()
    expect(await accounts.connectEmail(email, owner, undefined, context('198.51.100.2'))).toBe('VERIFY_OTP')
    const attacker = context('203.0.113.77')
    for (let i = 0; i < 3; i++) await refusal(accounts.verifyLoginCode(email, device(), '123456', attacker))
    const locked = await refusal(accounts.verifyLoginCode(email, device(), '123456', attacker))
    expect(locked.status).toBe(429)
    expect(locked.message).toMatch(/^Too many attempts\. Please try again after \d+ seconds$/)
    expect(await accounts.verifyLoginCode(email, owner, lastCode(email), context('198.51.100.2'))).toMatch(/^[\w-]{43}$/)
    // A right code is given back: the owner's client keeps its whole budget.
    expect(await store.counted('wrong:client:198.51.100.2', DEFAULT_FRAME_LIMITS.windowMs, now)).toBe(0)
  })

  it('ends every other session of the user at a change of email; another session cannot try (or spend) the change’s codes', async () => {
    const accounts = make()
    const email = freshEmail('change')
    const next = freshEmail('changed')
    const mine = await login(accounts, email, device())
    const stolen = await loginNewDevice(accounts, email, device(), context('203.0.113.9'))
    const me = await accounts.userOf(mine, context())
    expect(await accounts.startEmailUpdate(me, next, context())).toBe('VERIFY_PRIMARY_OTP')
    const primary = lastCode(email)
    // The other session has no code of the change: its guesses are refused and the change's code keeps all its tries.
    const thief = await accounts.userOf(stolen, context('203.0.113.9'))
    for (let i = 0; i < MAX_CODE_ATTEMPTS + 2; i++) expect((await refusal(accounts.verifyPrimaryCode(thief, wrongFor(primary), context('203.0.113.9')))).message).toBe(FRAME_MESSAGES.noCodeRequested)
    await accounts.verifyPrimaryCode(await accounts.userOf(mine, context()), primary, context())
    const changed = await accounts.verifySecondaryCode(await accounts.userOf(mine, context()), lastCode(next), mine, context())
    expect(changed.newEmail).toBe(next)
    // The session on the other device ended, the old token too; the new one is the same user with the new email.
    expect(await refusal(accounts.userOf(stolen, context('203.0.113.9')))).toEqual({ status: 401, message: FRAME_MESSAGES.notLoggedIn })
    expect(await refusal(accounts.userOf(mine, context()))).toEqual({ status: 401, message: FRAME_MESSAGES.notLoggedIn })
    const after = await accounts.userOf(changed.token, context())
    expect(after).toMatchObject({ id: me.id, email: next })
    expect((await accounts.listSessions(after, context())).map((s) => s.current)).toEqual([true])
  })

  it('lists the user’s sessions with their device, first and last seen, this one marked; ends one, then all', async () => {
    const accounts = make()
    const email = freshEmail('sessions')
    const laptop = device()
    const first = await login(accounts, email, laptop)
    await accounts.setDevice(await accounts.userOf(first, context()), FIREFOX)
    const startedAt = now
    now += 60_000
    const phone = await loginNewDevice(accounts, email, device(), context('198.51.100.3'))
    await accounts.setDevice(await accounts.userOf(phone, context('198.51.100.3')), SAFARI_IOS)
    now += 60_000
    // The same user on another dapp: listed, its site not named.
    const otherSite: CallContext = { projectId: 'other', origin: 'http://127.0.0.1:6006', client: '203.0.113.1' }
    await login(accounts, email, laptop, otherSite)
    // Another user, whose session this one cannot end.
    const elsewhere = await login(accounts, freshEmail('stranger'), device())
    now += 60_000
    const listed = await accounts.listSessions(await accounts.userOf(first, context()), context())
    expect(listed).toEqual([
      { id: expect.any(String), device: 'Firefox on Linux', firstSeen: startedAt, lastSeen: now, current: true, thisSite: true },
      { id: expect.any(String), device: null, firstSeen: startedAt + 120_000, lastSeen: startedAt + 120_000, current: false, thisSite: false },
      { id: expect.any(String), device: 'Safari on iOS', firstSeen: startedAt + 60_000, lastSeen: startedAt + 60_000, current: false, thisSite: true },
    ])
    expect(new Set(listed.map((s) => s.id)).size).toBe(3)
    const other = listed[2]!.id
    // Ending it: the phone's token stops working; ending it again (or a made-up id) ends nothing.
    expect(await accounts.endSession(await accounts.userOf(first, context()), other)).toBe(true)
    expect(await refusal(accounts.userOf(phone, context('198.51.100.3')))).toEqual({ status: 401, message: FRAME_MESSAGES.notLoggedIn })
    expect(await accounts.endSession(await accounts.userOf(first, context()), other)).toBe(false)
    // Another user's session cannot be ended by its id.
    const stranger = await accounts.userOf(elsewhere, context())
    const strangerSession = (await accounts.listSessions(stranger, context()))[0]!.id
    expect(await accounts.endSession(await accounts.userOf(first, context()), strangerSession)).toBe(false)
    expect((await accounts.userOf(elsewhere, context())).id).toBe(stranger.id)
    // Everywhere else, then everywhere: this one too.
    expect(await accounts.endAllSessions(await accounts.userOf(first, context()), true)).toBe(1)
    expect((await accounts.listSessions(await accounts.userOf(first, context()), context())).length).toBe(1)
    expect(await accounts.endAllSessions(await accounts.userOf(first, context()), false)).toBe(1)
    expect(await refusal(accounts.userOf(first, context()))).toEqual({ status: 401, message: FRAME_MESSAGES.notLoggedIn })
    // The store keeps the short label only, never the User-Agent.
    expect(JSON.stringify(await store.db.query('SELECT * FROM sessions'))).not.toContain('Gecko')
  })

  it('judges exactly the code’s attempt limit of 200 parallel wrong codes, and takes no more than each limit allows', async () => {
    const accounts = make({ wrongCodesPerClient: 1_000 })
    const email = freshEmail('parallel')
    const owner = device()
    const ctx = context('198.51.100.50')
    expect(await accounts.connectEmail(email, owner, undefined, ctx)).toBe('VERIFY_OTP')
    const code = lastCode(email)
    const answers = await Promise.all(Array.from({ length: 200 }, () => refusal(accounts.verifyLoginCode(email, owner, wrongFor(code), ctx))))
    // Judged (400): four 'Invalid code' and the fifth that ends the code; every other one refused (429) untried.
    const judged = answers.filter((a) => a.status === 400)
    expect(judged).toHaveLength(MAX_CODE_ATTEMPTS)
    expect(judged.filter((a) => a.message === FRAME_MESSAGES.invalidCode)).toHaveLength(MAX_CODE_ATTEMPTS - 1)
    expect(answers.filter((a) => a.status === 429 && a.message === FRAME_MESSAGES.tooManyAttempts)).toHaveLength(200 - MAX_CODE_ATTEMPTS)
    expect((await store.code('login', `${email}\n${owner}`))?.attempts).toBe(MAX_CODE_ATTEMPTS)
    expect(await refusal(accounts.verifyLoginCode(email, owner, code, ctx))).toEqual({ status: 429, message: FRAME_MESSAGES.tooManyAttempts })

    // The client's budget (30 by default) under 200 parallel tries: exactly 30 taken.
    const budgeted = make()
    const client = context('198.51.100.51')
    const target = freshEmail('budgeted')
    expect(await budgeted.connectEmail(target, owner, undefined, client)).toBe('VERIFY_OTP')
    const tries = await Promise.all(Array.from({ length: 200 }, () => refusal(budgeted.verifyLoginCode(target, device(), '123456', client))))
    expect(tries.filter((a) => a.message === FRAME_MESSAGES.noCodeRequested)).toHaveLength(DEFAULT_FRAME_LIMITS.wrongCodesPerClient)
    expect(tries.filter((a) => a.status === 429)).toHaveLength(200 - DEFAULT_FRAME_LIMITS.wrongCodesPerClient)
    expect(await store.counted(`wrong:client:${client.client}`, DEFAULT_FRAME_LIMITS.windowMs, now)).toBe(DEFAULT_FRAME_LIMITS.wrongCodesPerClient)

    // Mails: 200 parallel requests from one device send one mail (SPEC's 30 s); from 200 devices, the address's limit (5).
    const once = freshEmail('once')
    const sameDevice = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => budgeted.connectEmail(once, owner, undefined, context(`198.18.0.${i}`))))
    expect(sameDevice.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(mailsTo(once)).toHaveLength(1)
    const many = freshEmail('many')
    const devices = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => budgeted.connectEmail(many, device(), undefined, context(`198.19.0.${i}`))))
    expect(devices.filter((r) => r.status === 'fulfilled')).toHaveLength(DEFAULT_FRAME_LIMITS.mailsPerEmail)
    expect(mailsTo(many)).toHaveLength(DEFAULT_FRAME_LIMITS.mailsPerEmail)
    // Refused requests took nothing from the other counters: the clients that were refused still have their whole mail budget.
    expect(await store.counted('mails:client:198.19.0.199', DEFAULT_FRAME_LIMITS.windowMs, now)).toBeLessThanOrEqual(1)
    const perClient = await Promise.all(Array.from({ length: 200 }, (_, i) => store.counted(`mails:client:198.19.0.${i}`, DEFAULT_FRAME_LIMITS.windowMs, now)))
    expect(perClient.reduce((a, b) => a + b, 0)).toBe(DEFAULT_FRAME_LIMITS.mailsPerEmail)
  }, 60_000)

  it('keeps a session’s token as its hash only, and its id apart from it', async () => {
    const accounts = make()
    const token = await login(accounts, freshEmail('hash'), device())
    const row = await store.session(sha256Hex(token))
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(row?.id).not.toBe(row?.token_hash)
  })
})

describe('deviceLabel', () => {
  it('names the browser and the system in a few words, and keeps nothing else of the User-Agent', () => {
    expect(deviceLabel(FIREFOX)).toBe('Firefox on Linux')
    expect(deviceLabel(SAFARI_IOS)).toBe('Safari on iOS')
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0')).toBe('Edge on Windows')
    expect(deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36')).toBe('Chrome on macOS')
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36')).toBe('Chrome on Android')
    expect(deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe('Safari on macOS')
    expect(deviceLabel('curl/8.5.0')).toBeUndefined()
    expect(deviceLabel('<script>alert(1)</script>')).toBeUndefined()
  })
})
