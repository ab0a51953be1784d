import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openPostgres } from '../src/store/driver.ts'
import { FrameKey, sha256Hex, solanaKeyContext } from '../src/store/keys.ts'
import { MIGRATIONS, migrate } from '../src/store/migrations.ts'
import { rekeyFrameStore } from '../src/store/rekey.ts'
import { openFrameStore, UniqueViolation, type FrameStore, type SessionRow, type UserRow } from '../src/store/store.ts'
import { startTestPostgres } from '../src/store/test-postgres.ts'

/**
 * The store's SQL against both drivers: PGlite (in memory) and a real PostgreSQL server, the one
 * PORTICO_FRAME_TEST_DATABASE_URL names, else one started here in a temporary folder. A driver that
 * cannot be reached fails the tests (nothing is skipped).
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
    // A server may be shared by runs: each run gets a schema of its own.
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

const key = new FrameKey(randomBytes(32))
/** What AES-256-GCM's decipher.final() (node:crypto) throws when the tag does not check: another id, a changed byte. */
const UNAUTHENTICATED = /^Unsupported state or unable to authenticate data$/
const user = (fields: Partial<UserRow> = {}): UserRow => {
  const id = randomUUID()
  return {
    id,
    email: `${id}@example.com`,
    social_provider: null,
    social_subject: null,
    social_user_name: null,
    social_email: null,
    address: `0x${randomBytes(20).toString('hex')}`,
    encrypted_key: key.seal(`0x${'11'.repeat(32)}`, id),
    chain_id: 31337,
    preferred_account_type: 'eoa',
    created_at: 1_000,
    solana_address: null,
    encrypted_solana_key: null,
    ...fields,
  }
}

const session = (userId: string, fields: Partial<SessionRow> = {}): SessionRow => ({
  token_hash: sha256Hex(randomUUID()),
  id: randomUUID(),
  user_id: userId,
  project_id: 'p',
  origin: 'https://dapp.example',
  created_at: 0,
  last_used_at: 0,
  expires_at: 1e12,
  device_label: null,
  ...fields,
})

describe.each(Object.keys(drivers) as (keyof typeof drivers)[])('the frame store on %s', (driver) => {
  let store: FrameStore
  let unreachable: unknown
  beforeAll(async () => {
    try {
      store = await drivers[driver]()
    } catch (err) {
      unreachable = err
    }
  }, 120_000)
  // A database that cannot be reached fails every test of its driver (none is skipped).
  beforeEach(() => {
    if (unreachable !== undefined) throw unreachable
  })
  afterAll(async () => {
    await store?.close()
  })

  it('is at the last migration, recorded once; migrating again changes nothing', async () => {
    expect(store.db.kind).toBe(driver)
    const last = MIGRATIONS.at(-1)!.version
    expect(await migrate(store.db)).toBe(last)
    expect(await store.db.query('SELECT version, name FROM schema_migrations ORDER BY version')).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })))
  })

  it('keeps users, one per email and per social account, with their devices', async () => {
    const alice = user()
    await store.insertUser(alice)
    expect(await store.userById(alice.id)).toEqual(alice)
    expect(await store.userByEmail(alice.email!)).toEqual(alice)
    await expect(store.insertUser(user({ email: alice.email }))).rejects.toBeInstanceOf(UniqueViolation)
    const social = user({ email: null, social_provider: 'github', social_subject: `s-${alice.id}`, social_user_name: 'octo' })
    await store.insertUser(social)
    expect((await store.userBySocial('github', `s-${alice.id}`))?.id).toBe(social.id)
    await expect(store.insertUser(user({ email: null, social_provider: 'github', social_subject: `s-${alice.id}` }))).rejects.toBeInstanceOf(UniqueViolation)
    await expect(store.setUserEmail(social.id, alice.email!)).rejects.toBeInstanceOf(UniqueViolation)
    await store.updateUser(alice.id, { chain_id: 31338, preferred_account_type: 'eoa' })
    expect((await store.userById(alice.id))?.chain_id).toBe(31338)
    expect(await store.hasDevice(alice.id, 'dev-1')).toBe(false)
    await store.addDevice(alice.id, 'dev-1', 5)
    await store.addDevice(alice.id, 'dev-1', 6)
    expect(await store.hasDevice(alice.id, 'dev-1')).toBe(true)
  })

  it('keeps sessions by hash; a rotation replaces one by another at once; a deleted one is gone', async () => {
    const u = user()
    await store.insertUser(u)
    const row = session(u.id, { created_at: 10, last_used_at: 10, expires_at: 100, device_label: 'Firefox on Linux' })
    await store.insertSession(row)
    await store.touchSession(row.token_hash, 20)
    await store.touchSession(row.token_hash, 15)
    expect(await store.session(row.token_hash)).toEqual({ ...row, last_used_at: 20 })
    const next = session(u.id, { created_at: 10, last_used_at: 10, expires_at: 100 })
    expect(await store.rotateSession(row.token_hash, next)).toBe(true)
    expect(await store.session(row.token_hash)).toBeUndefined()
    // The device goes along with the rotation.
    expect((await store.session(next.token_hash))?.device_label).toBe('Firefox on Linux')
    expect(await store.rotateSession(row.token_hash, session(u.id))).toBe(false)
    expect(await store.deleteSession(next.token_hash)).toBe(true)
    expect(await store.deleteSession(next.token_hash)).toBe(false)
  })

  it('lists a user’s live sessions, ends one by its id (only the user’s own), all but one, and all others at a rotation', async () => {
    const [u, other] = [user(), user()]
    await store.insertUser(u)
    await store.insertUser(other)
    const a = session(u.id, { last_used_at: 30 })
    const b = session(u.id, { last_used_at: 20 })
    const c = session(u.id, { last_used_at: 10 })
    const idle = session(u.id, { last_used_at: 0 })
    const theirs = session(other.id)
    for (const s of [a, b, c, idle, theirs]) await store.insertSession(s)
    expect((await store.userSessions(u.id, 50, 45, 10)).map((s) => s.id)).toEqual([a.id, b.id, c.id])
    expect((await store.userSessions(u.id, 50, 45, 2)).map((s) => s.id)).toEqual([a.id, b.id])
    await store.setSessionDevice(a.token_hash, 'Safari on iOS')
    expect((await store.session(a.token_hash))?.device_label).toBe('Safari on iOS')
    // Another user's session id ends nothing.
    expect(await store.deleteUserSession(u.id, theirs.id)).toBeUndefined()
    expect(await store.session(theirs.token_hash)).toBeDefined()
    expect(await store.deleteUserSession(u.id, c.id)).toBe(c.token_hash)
    expect(await store.deleteUserSessions(u.id, a.token_hash)).toBe(2)
    expect((await store.userSessions(u.id, 50, 1_000, 10)).map((s) => s.id)).toEqual([a.id])
    const d = session(u.id)
    await store.insertSession(d)
    const next = session(u.id)
    expect(await store.rotateSession(a.token_hash, next, true)).toBe(true)
    expect((await store.userSessions(u.id, 50, 1_000, 10)).map((s) => s.id)).toEqual([next.id])
    expect(await store.session(theirs.token_hash)).toBeDefined()
    expect(await store.deleteUserSessions(u.id, undefined)).toBe(1)
  })

  it('tries a code in one statement: counted while live and not used up, spent when right, once', async () => {
    const subject = randomUUID()
    await store.putCode({ purpose: 'login', subject, code_hmac: 'right', data: { a: 1 }, expires_at: 1_000 })
    expect(await store.tryCode('login', subject, 'wrong', 500, 5)).toEqual({ attempts: 1, data: { a: 1 }, matched: false })
    expect(await store.tryCode('login', subject, 'right', 1_001, 5)).toBeUndefined()
    // Two requests with the right code at once: one wins.
    const both = await Promise.all([store.tryCode('login', subject, 'right', 500, 5), store.tryCode('login', subject, 'right', 500, 5)])
    expect(both.filter((t) => t?.matched)).toHaveLength(1)
    expect(both.find((t) => t?.matched)).toEqual({ attempts: 2, data: { a: 1 }, matched: true })
    expect(await store.code('login', subject)).toBeUndefined()
    await store.putCode({ purpose: 'login', subject, code_hmac: 'right', data: {}, expires_at: 1_000 })
    // Twenty tries at once, four of them right: five are judged, whatever the order.
    const tries = await Promise.all(Array.from({ length: 20 }, (_, i) => store.tryCode('login', subject, i % 5 === 0 ? 'right' : 'wrong', 500, 5)))
    expect(tries.filter(Boolean).length).toBeLessThanOrEqual(5)
    expect(tries.filter((t) => t?.matched).length).toBeLessThanOrEqual(1)
    await store.putCode({ purpose: 'login', subject, code_hmac: 'right', data: {}, expires_at: 1_000 })
    for (let i = 0; i < 5; i++) await store.tryCode('login', subject, 'wrong', 500, 5)
    expect(await store.tryCode('login', subject, 'right', 500, 5)).toBeUndefined()
    expect((await store.code('login', subject))?.attempts).toBe(5)
    // A new code starts its count again.
    await store.putCode({ purpose: 'login', subject, code_hmac: 'again', data: {}, expires_at: 1_000 })
    expect((await store.code('login', subject))?.attempts).toBe(0)
  })

  it('hands a pending login out once', async () => {
    const keyHash = sha256Hex(randomUUID())
    await store.putPending({ kind: 'social', key_hash: keyHash, binding_hash: 'b', data: { x: 'y' }, expires_at: 50 })
    expect(await store.pending('social', keyHash)).toEqual({ kind: 'social', key_hash: keyHash, binding_hash: 'b', data: { x: 'y' }, expires_at: 50 })
    const both = await Promise.all([store.takePending('social', keyHash), store.takePending('social', keyHash)])
    expect(both.filter(Boolean)).toHaveLength(1)
    expect(await store.pending('social', keyHash)).toBeUndefined()
  })

  it('takes events from fixed windows up to their limit, all counters or none, never more under parallel requests', async () => {
    const k = `k-${randomUUID()}`
    const counter = { key: k, limit: 2, windowMs: 100 }
    expect(await store.counted(k, 100, 0)).toBe(0)
    expect(await store.takeLimits([counter], 10)).toEqual({ ok: true, windows: [10] })
    expect(await store.takeLimits([counter], 50)).toEqual({ ok: true, windows: [10] })
    expect(await store.takeLimits([counter], 60)).toEqual({ ok: false, refused: 0, resetAt: 110 })
    expect(await store.counted(k, 100, 60)).toBe(2)
    expect(await store.counted(k, 100, 110)).toBe(0)
    expect(await store.takeLimits([counter], 110)).toEqual({ ok: true, windows: [110] })
    await store.giveBack(k, 110)
    expect(await store.counted(k, 100, 120)).toBe(0)
    // All or none: the full counter refuses, the other keeps its count.
    const other = { key: `${k}-other`, limit: 5, windowMs: 100 }
    await store.takeLimits([counter], 120)
    await store.takeLimits([counter], 120)
    expect(await store.takeLimits([other, counter], 130)).toEqual({ ok: false, refused: 1, resetAt: 210 })
    expect(await store.counted(other.key, 100, 130)).toBe(0)
    // Fifty at once against a limit of seven: seven taken.
    const parallel = { key: `${k}-p`, limit: 7, windowMs: 100 }
    const taken = await Promise.all(Array.from({ length: 50 }, (_, i) => store.takeLimits([parallel, { key: `${k}-p-${i % 3}`, limit: 50, windowMs: 100 }], 0)))
    expect(taken.filter((t) => t.ok)).toHaveLength(7)
    expect(await store.counted(parallel.key, 100, 0)).toBe(7)
    const spread = await Promise.all([0, 1, 2].map((i) => store.counted(`${k}-p-${i}`, 100, 0)))
    expect(spread.reduce((a, b) => a + b, 0)).toBe(7)
  })

  it('drops expired codes, pending logins, ended sessions and old counters', async () => {
    const u = user()
    await store.insertUser(u)
    const idle = session(u.id, { created_at: 0, last_used_at: 0, expires_at: 1e12 })
    const live = session(u.id, { created_at: 0, last_used_at: 9_000, expires_at: 1e12 })
    const old = session(u.id, { created_at: 0, last_used_at: 9_000, expires_at: 9_500 })
    for (const s of [idle, live, old]) await store.insertSession(s)
    const subject = randomUUID()
    await store.putCode({ purpose: 'login', subject, code_hmac: 'x', data: {}, expires_at: 5_000 })
    await store.putPending({ kind: 'farcaster', key_hash: subject, binding_hash: null, data: {}, expires_at: 5_000 })
    await store.takeLimits([{ key: `purge-${subject}`, limit: 1, windowMs: 100 }], 0)
    await store.purgeExpired(10_000, 5_000, 1_000)
    expect(await store.session(idle.token_hash)).toBeUndefined()
    expect(await store.session(old.token_hash)).toBeUndefined()
    expect(await store.session(live.token_hash)).toBeDefined()
    expect(await store.code('login', subject)).toBeUndefined()
    expect(await store.pending('farcaster', subject)).toBeUndefined()
    expect(await store.db.query('SELECT 1 FROM rate_limits WHERE key = $1', [`purge-${subject}`])).toEqual([])
  })

  it('re-seals every key (EVM and Solana) under a new frame key, all at once, and again without harm', async () => {
    const plain = user()
    const u = { ...plain, solana_address: `sol-${plain.id}`, encrypted_solana_key: key.seal('cd'.repeat(32), solanaKeyContext(plain.id)) }
    await store.insertUser(u)
    const next = new FrameKey(randomBytes(32))
    const first = await rekeyFrameStore(store, key, next)
    expect(first.resealed).toBeGreaterThan(0)
    const row = await store.userById(u.id)
    expect(FrameKey.idOf(row!.encrypted_key)).toBe(next.id)
    expect(next.open(row!.encrypted_key, u.id)).toBe(`0x${'11'.repeat(32)}`)
    expect(() => key.open(row!.encrypted_key, u.id)).toThrow(/sealed with frame key/)
    expect(next.open(row!.encrypted_solana_key!, solanaKeyContext(u.id))).toBe('cd'.repeat(32))
    expect(() => next.open(row!.encrypted_solana_key!, u.id)).toThrow(UNAUTHENTICATED)
    expect(await rekeyFrameStore(store, key, next)).toEqual({ resealed: 0, alreadyNew: first.resealed + first.alreadyNew })
  })
})

describe('FrameKey', () => {
  it('seals with AES-256-GCM bound to the user id: another id, a changed byte or another key does not open it', () => {
    const secret = `0x${'ab'.repeat(32)}`
    const sealed = key.seal(secret, 'user-1')
    expect(sealed).not.toContain('ab'.repeat(32))
    expect(sealed).not.toBe(key.seal(secret, 'user-1'))
    expect(key.open(sealed, 'user-1')).toBe(secret)
    expect(() => key.open(sealed, 'user-2')).toThrow(UNAUTHENTICATED)
    const parts = sealed.split('.')
    const body = Buffer.from(parts[4]!, 'base64url')
    body[0] = body[0]! ^ 1
    expect(() => key.open([...parts.slice(0, 4), body.toString('base64url')].join('.'), 'user-1')).toThrow(UNAUTHENTICATED)
    expect(() => new FrameKey(randomBytes(32)).open(sealed, 'user-1')).toThrow(/sealed with frame key/)
    expect(key.codeHmac('s', '123456')).not.toBe(new FrameKey(randomBytes(32)).codeHmac('s', '123456'))
  })
})
