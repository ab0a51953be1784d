import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openPostgres } from './driver.ts'
import { FrameKey, sha256Hex, solanaKeyContext } from './keys.ts'
import { MIGRATIONS, migrate } from './migrations.ts'
import { rekeyFrameStore } from './rekey.ts'
import { openFrameStore, UniqueViolation, type FrameStore, type UserRow } from './store.ts'
import { startTestPostgres } from './test-postgres.ts'

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
const user = (fields: Partial<UserRow> = {}): UserRow => {
  const id = randomUUID()
  return {
    id,
    email: `${id}@example.com`,
    social_provider: null,
    social_subject: null,
    social_user_name: null,
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
    const row = { token_hash: sha256Hex(randomUUID()), user_id: u.id, project_id: 'p', origin: 'https://dapp.example', created_at: 10, last_used_at: 10, expires_at: 100 }
    await store.insertSession(row)
    await store.touchSession(row.token_hash, 20)
    await store.touchSession(row.token_hash, 15)
    expect(await store.session(row.token_hash)).toEqual({ ...row, last_used_at: 20 })
    const next = { ...row, token_hash: sha256Hex(randomUUID()) }
    expect(await store.rotateSession(row.token_hash, next)).toBe(true)
    expect(await store.session(row.token_hash)).toBeUndefined()
    expect(await store.rotateSession(row.token_hash, { ...next, token_hash: sha256Hex(randomUUID()) })).toBe(false)
    expect(await store.deleteSession(next.token_hash)).toBe(true)
    expect(await store.deleteSession(next.token_hash)).toBe(false)
  })

  it('spends a code once, only while live and not used up, and counts wrong tries', async () => {
    const subject = randomUUID()
    await store.putCode({ purpose: 'login', subject, code_hmac: 'right', data: { a: 1 }, expires_at: 1_000 })
    expect(await store.addCodeAttempt('login', subject)).toBe(1)
    expect(await store.takeCode('login', subject, 'wrong', 500, 5)).toBeUndefined()
    expect(await store.takeCode('login', subject, 'right', 1_001, 5)).toBeUndefined()
    // Two requests with the right code at once: one wins.
    const both = await Promise.all([store.takeCode('login', subject, 'right', 500, 5), store.takeCode('login', subject, 'right', 500, 5)])
    expect(both.filter(Boolean)).toHaveLength(1)
    expect(both.find(Boolean)).toMatchObject({ data: { a: 1 }, attempts: 1 })
    await store.putCode({ purpose: 'login', subject, code_hmac: 'right', data: {}, expires_at: 1_000 })
    for (let i = 0; i < 5; i++) await store.addCodeAttempt('login', subject)
    expect(await store.takeCode('login', subject, 'right', 500, 5)).toBeUndefined()
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

  it('counts events in fixed windows', async () => {
    const k = `k-${randomUUID()}`
    expect(await store.peek(k, 100, 0)).toEqual({ count: 0, resetAt: 0 })
    expect(await store.hit(k, 100, 10)).toEqual({ count: 1, resetAt: 110 })
    expect(await store.hit(k, 100, 50)).toEqual({ count: 2, resetAt: 110 })
    expect(await store.peek(k, 100, 60)).toEqual({ count: 2, resetAt: 110 })
    expect(await store.peek(k, 100, 110)).toEqual({ count: 0, resetAt: 110 })
    expect(await store.hit(k, 100, 110)).toEqual({ count: 1, resetAt: 210 })
    const parallel = await Promise.all(Array.from({ length: 5 }, () => store.hit(`${k}-p`, 100, 0)))
    expect(parallel.map((p) => p.count).sort()).toEqual([1, 2, 3, 4, 5])
  })

  it('drops expired codes, pending logins, ended sessions and old counters', async () => {
    const u = user()
    await store.insertUser(u)
    const idle = { token_hash: sha256Hex(randomUUID()), user_id: u.id, project_id: 'p', origin: 'o', created_at: 0, last_used_at: 0, expires_at: 1e12 }
    const live = { ...idle, token_hash: sha256Hex(randomUUID()), last_used_at: 9_000 }
    const old = { ...idle, token_hash: sha256Hex(randomUUID()), last_used_at: 9_000, expires_at: 9_500 }
    for (const s of [idle, live, old]) await store.insertSession(s)
    const subject = randomUUID()
    await store.putCode({ purpose: 'login', subject, code_hmac: 'x', data: {}, expires_at: 5_000 })
    await store.putPending({ kind: 'farcaster', key_hash: subject, binding_hash: null, data: {}, expires_at: 5_000 })
    await store.hit(`purge-${subject}`, 100, 0)
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
    expect(() => next.open(row!.encrypted_solana_key!, u.id)).toThrow()
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
    expect(() => key.open(sealed, 'user-2')).toThrow()
    const parts = sealed.split('.')
    const body = Buffer.from(parts[4]!, 'base64url')
    body[0] = body[0]! ^ 1
    expect(() => key.open([...parts.slice(0, 4), body.toString('base64url')].join('.'), 'user-1')).toThrow()
    expect(() => new FrameKey(randomBytes(32)).open(sealed, 'user-1')).toThrow(/sealed with frame key/)
    expect(key.codeHmac('s', '123456')).not.toBe(new FrameKey(randomBytes(32)).codeHmac('s', '123456'))
  })
})
