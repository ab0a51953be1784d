import { openDatabase, openPglite, type SqlDriver, type SqlRunner } from './driver.ts'
import { migrate } from './migrations.ts'

export type UserRow = {
  id: string
  email: string | null
  social_provider: string | null
  social_subject: string | null
  social_user_name: string | null
  /** The provider's verified email of a social user: where notices go (key exported). Never looked up to sign in. */
  social_email: string | null
  address: string
  encrypted_key: string
  chain_id: number
  preferred_account_type: string
  created_at: number
  /** The user's Solana address (base58 of the ed25519 public key); null for a user made before Solana keys. */
  solana_address: string | null
  encrypted_solana_key: string | null
}
/** A user's sealed keys: the EVM key, and the Solana key when it has one. */
export type SealedKeys = { id: string; encrypted_key: string; encrypted_solana_key: string | null }
/** `id` names the session to its user (listing, ending one); `device_label` is a short name of the browser and system ('Firefox on Linux'), null until reported. */
export type SessionRow = {
  token_hash: string
  id: string
  user_id: string
  project_id: string
  origin: string
  created_at: number
  last_used_at: number
  expires_at: number
  device_label: string | null
}
/** One wrong or right try at a code, counted: the tries so far (this one included), the code's data, and whether it was the code (then spent). */
export type CodeTry = { attempts: number; data: Record<string, unknown>; matched: boolean }
/** A fixed-window counter: its key, how many events a window takes, and the window's length. */
export type LimitCounter = { key: string; limit: number; windowMs: number }
/** What taking one event from counters answers: taken (each counter's window start, to give one back), or the counter that refused and when its window ends. */
export type LimitTake = { ok: true; windows: number[] } | { ok: false; refused: number; resetAt: number }
export type CodeRow = { purpose: string; subject: string; code_hmac: string; attempts: number; data: Record<string, unknown>; expires_at: number }
export type PendingRow = { kind: string; key_hash: string; binding_hash: string | null; data: Record<string, unknown>; expires_at: number }

/** One of a user's passkeys: a WebAuthn credential (its COSE public key, base64url) for the relying party `rp_id`. */
export type PasskeyRow = {
  credential_id: string
  id: string
  user_id: string
  public_key: string
  rp_id: string
  counter: number
  /** The authenticator's transports, comma-separated ('internal,hybrid'). */
  transports: string
  name: string
  created_at: number
  last_used_at: number | null
}
const PASSKEY_COLUMNS = 'credential_id, id, user_id, public_key, rp_id, counter, transports, name, created_at, last_used_at'

/** A unique email or social account that is taken already. */
export class UniqueViolation extends Error {}

const isUniqueViolation = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505'
const json = (data: Record<string, unknown>) => JSON.stringify(data)
const SESSION_COLUMNS = 'token_hash, id, user_id, project_id, origin, created_at, last_used_at, expires_at, device_label'
const sessionValues = (s: SessionRow) => [s.token_hash, s.id, s.user_id, s.project_id, s.origin, s.created_at, s.last_used_at, s.expires_at, s.device_label]
/** A refused counter inside `takeLimits`' transaction: rolls back what the others took. */
class LimitRefused extends Error {
  constructor(
    readonly refused: number,
    readonly resetAt: number,
  ) {
    super('limit refused')
  }
}

/**
 * The frame service's database: users (their sealed keys), devices, sessions, one-time codes,
 * pending logins and rate-limit counters, through the same SQL on PGlite or PostgreSQL. Every
 * method is one statement (or one transaction), so several processes may share a PostgreSQL server.
 */
export class FrameStore {
  constructor(readonly db: SqlDriver) {}

  private get q(): SqlRunner {
    return this.db
  }

  close(): Promise<void> {
    return this.db.close()
  }

  // ── users and devices ───────────────────────────────────────────────

  async insertUser(user: UserRow): Promise<void> {
    try {
      await this.q.query(
        `INSERT INTO users (id, email, social_provider, social_subject, social_user_name, address, encrypted_key, chain_id, preferred_account_type, created_at, solana_address, encrypted_solana_key, social_email)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          user.id,
          user.email,
          user.social_provider,
          user.social_subject,
          user.social_user_name,
          user.address,
          user.encrypted_key,
          user.chain_id,
          user.preferred_account_type,
          user.created_at,
          user.solana_address,
          user.encrypted_solana_key,
          user.social_email,
        ],
      )
    } catch (err) {
      if (isUniqueViolation(err)) throw new UniqueViolation('That user exists already')
      throw err
    }
  }

  async userById(id: string): Promise<UserRow | undefined> {
    return (await this.q.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]))[0]
  }

  async userByEmail(email: string): Promise<UserRow | undefined> {
    return (await this.q.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]))[0]
  }

  async userBySocial(provider: string, subject: string): Promise<UserRow | undefined> {
    return (await this.q.query<UserRow>('SELECT * FROM users WHERE social_provider = $1 AND social_subject = $2', [provider, subject]))[0]
  }

  async updateUser(id: string, patch: { chain_id?: number; preferred_account_type?: string; social_user_name?: string; social_email?: string | null }): Promise<void> {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined)
    if (entries.length === 0) return
    const sets = entries.map(([column], i) => `${column} = $${i + 2}`).join(', ')
    await this.q.query(`UPDATE users SET ${sets} WHERE id = $1`, [id, ...entries.map(([, v]) => v)])
  }

  /** Gives a user made before Solana keys its key; false when it has one already (another request gave it first). */
  async setSolanaKey(id: string, address: string, sealed: string): Promise<boolean> {
    return (await this.q.query('UPDATE users SET solana_address = $2, encrypted_solana_key = $3 WHERE id = $1 AND solana_address IS NULL RETURNING 1', [id, address, sealed])).length > 0
  }

  /** Sets the user's email; UniqueViolation when another user has it. */
  async setUserEmail(id: string, email: string): Promise<void> {
    try {
      await this.q.query('UPDATE users SET email = $2 WHERE id = $1', [id, email])
    } catch (err) {
      if (isUniqueViolation(err)) throw new UniqueViolation('That email is in use')
      throw err
    }
  }

  async addDevice(userId: string, deviceId: string, at: number): Promise<void> {
    await this.q.query('INSERT INTO devices (user_id, device_id, confirmed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, deviceId, at])
  }

  async hasDevice(userId: string, deviceId: string): Promise<boolean> {
    return (await this.q.query('SELECT 1 FROM devices WHERE user_id = $1 AND device_id = $2', [userId, deviceId])).length > 0
  }

  // ── sessions ────────────────────────────────────────────────────────

  async insertSession(session: SessionRow): Promise<void> {
    await this.q.query(`INSERT INTO sessions (${SESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, sessionValues(session))
  }

  async session(tokenHash: string): Promise<SessionRow | undefined> {
    return (await this.q.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE token_hash = $1`, [tokenHash]))[0]
  }

  async touchSession(tokenHash: string, at: number): Promise<void> {
    await this.q.query('UPDATE sessions SET last_used_at = $2 WHERE token_hash = $1 AND last_used_at < $2', [tokenHash, at])
  }

  /** Names the session's device ('Firefox on Linux'). */
  async setSessionDevice(tokenHash: string, label: string): Promise<void> {
    await this.q.query('UPDATE sessions SET device_label = $2 WHERE token_hash = $1 AND device_label IS DISTINCT FROM $2', [tokenHash, label])
  }

  /** True when there was such a session. */
  async deleteSession(tokenHash: string): Promise<boolean> {
    return (await this.q.query('DELETE FROM sessions WHERE token_hash = $1 RETURNING 1', [tokenHash])).length > 0
  }

  /** A user's live sessions (neither past their lifetime nor idle too long), the most recently used first, at most `limit`. */
  async userSessions(userId: string, now: number, idleMs: number, limit: number): Promise<SessionRow[]> {
    return this.q.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE user_id = $1 AND expires_at > $2 AND last_used_at + $3 > $2 ORDER BY last_used_at DESC, created_at DESC LIMIT $4`, [
      userId,
      now,
      idleMs,
      limit,
    ])
  }

  /** Ends one session of the user by its id (another user's id ends nothing); answers its token's hash, or undefined. */
  async deleteUserSession(userId: string, id: string): Promise<string | undefined> {
    return (await this.q.query<{ token_hash: string }>('DELETE FROM sessions WHERE user_id = $1 AND id = $2 RETURNING token_hash', [userId, id]))[0]?.token_hash
  }

  /** Ends every session of the user, but the one of `keepHash` when given; answers how many ended. */
  async deleteUserSessions(userId: string, keepHash: string | undefined): Promise<number> {
    return (await this.q.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2 RETURNING 1', [userId, keepHash ?? null])).length
  }

  /**
   * Replaces one session by another in one transaction (a rotation; the device label goes along when
   * `next` has none): false when the old one was gone. With `endOthers`, every other session of its
   * user ends in the same transaction (a change of email: a session stolen elsewhere stops working).
   */
  async rotateSession(oldHash: string, next: SessionRow, endOthers = false): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [gone] = await tx.query<{ user_id: string; device_label: string | null }>('DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id, device_label', [oldHash])
      if (!gone) return false
      if (endOthers) await tx.query('DELETE FROM sessions WHERE user_id = $1', [gone.user_id])
      await tx.query(`INSERT INTO sessions (${SESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, sessionValues({ ...next, device_label: next.device_label ?? gone.device_label }))
      return true
    })
  }

  // ── one-time codes ──────────────────────────────────────────────────

  /** Stores a new code for (purpose, subject), replacing the previous one and its count of wrong tries. */
  async putCode(code: Omit<CodeRow, 'attempts'>): Promise<void> {
    await this.q.query(
      `INSERT INTO codes (purpose, subject, code_hmac, attempts, data, expires_at) VALUES ($1, $2, $3, 0, $4::jsonb, $5)
       ON CONFLICT (purpose, subject) DO UPDATE SET code_hmac = EXCLUDED.code_hmac, attempts = 0, data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
      [code.purpose, code.subject, code.code_hmac, json(code.data), code.expires_at],
    )
  }

  async code(purpose: string, subject: string): Promise<CodeRow | undefined> {
    return (await this.q.query<CodeRow>('SELECT * FROM codes WHERE purpose = $1 AND subject = $2', [purpose, subject]))[0]
  }

  /**
   * One try at the code of (purpose, subject), counted and judged in one statement: only while the
   * code is live and has tries left (`attempts < maxAttempts`), so parallel tries on any number of
   * connections never judge more than `maxAttempts`; the right one spends the code in the same
   * statement (its expiry set to -1: no later try passes), so two right tries cannot both succeed.
   * Undefined when nothing was tried: no code, expired, spent or used up.
   */
  async tryCode(purpose: string, subject: string, hmac: string, now: number, maxAttempts: number): Promise<CodeTry | undefined> {
    const [row] = await this.q.query<CodeTry>(
      `UPDATE codes SET attempts = attempts + 1, expires_at = CASE WHEN code_hmac = $3 THEN -1 ELSE expires_at END
       WHERE purpose = $1 AND subject = $2 AND expires_at >= $4 AND attempts < $5
       RETURNING attempts, data, (code_hmac = $3) AS matched`,
      [purpose, subject, hmac, now, maxAttempts],
    )
    if (row?.matched) await this.q.query('DELETE FROM codes WHERE purpose = $1 AND subject = $2 AND code_hmac = $3 AND expires_at < 0', [purpose, subject, hmac])
    return row
  }

  async deleteCode(purpose: string, subject: string): Promise<void> {
    await this.q.query('DELETE FROM codes WHERE purpose = $1 AND subject = $2', [purpose, subject])
  }

  // ── pending logins (device links, social states, Farcaster channels) ──

  async putPending(row: PendingRow): Promise<void> {
    await this.q.query(
      `INSERT INTO pending_logins (kind, key_hash, binding_hash, data, expires_at) VALUES ($1, $2, $3, $4::jsonb, $5)
       ON CONFLICT (kind, key_hash) DO UPDATE SET binding_hash = EXCLUDED.binding_hash, data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
      [row.kind, row.key_hash, row.binding_hash, json(row.data), row.expires_at],
    )
  }

  async pending(kind: string, keyHash: string): Promise<PendingRow | undefined> {
    return (await this.q.query<PendingRow>('SELECT * FROM pending_logins WHERE kind = $1 AND key_hash = $2', [kind, keyHash]))[0]
  }

  /** Removes and answers the row (single use: of two requests, one gets it). */
  async takePending(kind: string, keyHash: string): Promise<PendingRow | undefined> {
    return (await this.q.query<PendingRow>('DELETE FROM pending_logins WHERE kind = $1 AND key_hash = $2 RETURNING *', [kind, keyHash]))[0]
  }

  async updatePendingData(kind: string, keyHash: string, data: Record<string, unknown>): Promise<void> {
    await this.q.query('UPDATE pending_logins SET data = $3::jsonb WHERE kind = $1 AND key_hash = $2', [kind, keyHash, json(data)])
  }

  // ── rate limits (fixed windows) ─────────────────────────────────────

  /**
   * Takes one event from `key`'s fixed window in one statement, only while the window has room
   * (`count < limit`; a window that ended starts again at 1): parallel requests on any number of
   * connections never take more than `limit`. Answers the window's start, or undefined when refused.
   */
  private async take(q: SqlRunner, counter: LimitCounter, now: number): Promise<number | undefined> {
    const [row] = await q.query<{ window_start: number }>(
      `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start + $3 <= $2 THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.window_start + $3 <= $2 THEN $2 ELSE rate_limits.window_start END
       WHERE rate_limits.window_start + $3 <= $2 OR rate_limits.count < $4
       RETURNING window_start`,
      [counter.key, now, counter.windowMs, counter.limit],
    )
    return row?.window_start
  }

  /**
   * Takes one event from each counter, all or none (one transaction; the counters are taken in the
   * order of their keys, so two requests never wait on each other's). Refused by the first counter
   * that is full: what the others took is rolled back.
   */
  async takeLimits(counters: readonly LimitCounter[], now: number): Promise<LimitTake> {
    const order = counters.map((counter, index) => ({ counter, index })).sort((a, b) => (a.counter.key < b.counter.key ? -1 : a.counter.key > b.counter.key ? 1 : 0))
    try {
      return await this.db.transaction(async (tx) => {
        const windows: number[] = new Array<number>(counters.length)
        for (const { counter, index } of order) {
          const start = await this.take(tx, counter, now)
          if (start === undefined) {
            const [row] = await tx.query<{ window_start: number }>('SELECT window_start FROM rate_limits WHERE key = $1', [counter.key])
            throw new LimitRefused(index, (row?.window_start ?? now) + counter.windowMs)
          }
          windows[index] = start
        }
        return { ok: true as const, windows }
      })
    } catch (err) {
      if (err instanceof LimitRefused) return { ok: false, refused: err.refused, resetAt: err.resetAt }
      throw err
    }
  }

  /** Gives back one event taken in the window that started at `windowStart` (a right code does not count as a wrong one). */
  async giveBack(key: string, windowStart: number): Promise<void> {
    await this.q.query('UPDATE rate_limits SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0', [key, windowStart])
  }

  /** The events counted in `key`'s current window (0 once it ended): for tests and tools, never to decide. */
  async counted(key: string, windowMs: number, now: number): Promise<number> {
    const [row] = await this.q.query<{ count: number; window_start: number }>('SELECT count, window_start FROM rate_limits WHERE key = $1', [key])
    return !row || row.window_start + windowMs <= now ? 0 : row.count
  }

  // ── passkeys ────────────────────────────────────────────────────────

  /**
   * Adds a passkey unless its user has `max` already: counted and inserted in one transaction under
   * the user's lock, so parallel registrations never pass the limit. False when refused.
   */
  async insertPasskey(row: PasskeyRow, max: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(72617002, hashtext($1))', [row.user_id])
      const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM passkeys WHERE user_id = $1', [row.user_id])
      if ((count?.n ?? 0) >= max) return false
      await tx.query(`INSERT INTO passkeys (${PASSKEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [
        row.credential_id,
        row.id,
        row.user_id,
        row.public_key,
        row.rp_id,
        row.counter,
        row.transports,
        row.name,
        row.created_at,
        row.last_used_at,
      ])
      return true
    })
  }

  async passkeyByCredential(credentialId: string): Promise<PasskeyRow | undefined> {
    const [row] = await this.q.query<PasskeyRow>(`SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE credential_id = $1`, [credentialId])
    return row && { ...row, counter: Number(row.counter) }
  }

  async userPasskeys(userId: string): Promise<PasskeyRow[]> {
    const rows = await this.q.query<PasskeyRow>(`SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY created_at`, [userId])
    return rows.map((r) => ({ ...r, counter: Number(r.counter) }))
  }

  /**
   * Records a use: the counter moves from `from` to `to` only if nobody moved it meanwhile (of two
   * requests with one assertion, one wins). False when the counter was not `from` any more.
   */
  async usePasskey(credentialId: string, from: number, to: number, at: number): Promise<boolean> {
    const rows = await this.q.query('UPDATE passkeys SET counter = $3, last_used_at = $4 WHERE credential_id = $1 AND counter = $2 RETURNING id', [credentialId, from, to, at])
    return rows.length > 0
  }

  /**
   * Removes one of the user's passkeys unless it is the user's last way in (no email, no social
   * account, no other passkey), in one transaction under the user's lock. 'removed', 'last' or 'unknown'.
   */
  async deletePasskey(userId: string, id: string): Promise<'removed' | 'last' | 'unknown'> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(72617002, hashtext($1))', [userId])
      const [user] = await tx.query<{ email: string | null; social_provider: string | null }>('SELECT email, social_provider FROM users WHERE id = $1', [userId])
      const keys = await tx.query<{ id: string }>('SELECT id FROM passkeys WHERE user_id = $1', [userId])
      if (!user || !keys.some((k) => k.id === id)) return 'unknown'
      if (user.email === null && user.social_provider === null && keys.length <= 1) return 'last'
      await tx.query('DELETE FROM passkeys WHERE user_id = $1 AND id = $2', [userId, id])
      return 'removed'
    })
  }

  // ── upkeep ──────────────────────────────────────────────────────────

  /** Drops what has expired: codes, pending logins, sessions past their lifetime or idle too long, old counters. */
  async purgeExpired(now: number, sessionIdleMs: number, longestWindowMs: number): Promise<void> {
    await this.q.query('DELETE FROM codes WHERE expires_at < $1', [now])
    await this.q.query('DELETE FROM pending_logins WHERE expires_at < $1', [now])
    await this.q.query('DELETE FROM sessions WHERE expires_at <= $1 OR last_used_at + $2 <= $1', [now, sessionIdleMs])
    await this.q.query('DELETE FROM rate_limits WHERE window_start + $2 <= $1', [now, longestWindowMs])
  }

  /** Every user's sealed keys, EVM and Solana (for a key rotation). */
  async sealedKeys(): Promise<SealedKeys[]> {
    return this.q.query<SealedKeys>('SELECT id, encrypted_key, encrypted_solana_key FROM users ORDER BY created_at')
  }

  /** Replaces sealed keys in one transaction (all or none). */
  async replaceSealedKeys(rows: readonly SealedKeys[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const row of rows) await tx.query('UPDATE users SET encrypted_key = $2, encrypted_solana_key = $3 WHERE id = $1', [row.id, row.encrypted_key, row.encrypted_solana_key])
    })
  }
}

/**
 * An in-memory database (tests and the sandbox only: a deployment names a folder or a server) with
 * the schema applied. PGlite's initdb and the migrations run once per process; each database after
 * the first is a copy of that one's files (about a third of the start-up).
 */
let memoryTemplate: Promise<Blob | undefined> | undefined
async function openMemory(): Promise<SqlDriver> {
  memoryTemplate ??= (async () => {
    const db = await openPglite(undefined)
    try {
      await migrate(db)
      return await db.dump()
    } finally {
      await db.close()
    }
  })().catch(() => undefined)
  return openPglite(undefined, await memoryTemplate)
}

/** Opens the database (PostgreSQL at `databaseUrl`, else PGlite on `dataDir`, else PGlite in memory) and brings its schema up to date. */
export async function openFrameStore(options: { databaseUrl?: string | undefined; dataDir?: string | undefined }): Promise<FrameStore> {
  const db = options.databaseUrl || options.dataDir ? await openDatabase(options) : await openMemory()
  try {
    await migrate(db)
  } catch (err) {
    await db.close()
    throw err
  }
  return new FrameStore(db)
}
