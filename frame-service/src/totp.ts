import { randomBytes } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import type { FrameAccounts, FrameUser } from './accounts.ts'
import { FRAME_MESSAGES, FrameError } from './messages.ts'
import { sha256Hex, type FrameKey } from './store/keys.ts'
import type { FrameStore } from './store/store.ts'

/** The authenticator app's period and digits (what every app expects). */
const PERIOD_S = 30
/** How many recovery codes a user gets, each good once. */
export const RECOVERY_CODES = 10
/** Codes (right or wrong) one user may try in five minutes: of a million codes, at most 30 guesses an hour. */
const TRIES_PER_5_MIN = 10

const totpOf = (secret: string, label: string) => new OTPAuth.TOTP({ issuer: 'Portico Wallet', label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: OTPAuth.Secret.fromBase32(secret) })
const labelOf = (user: FrameUser) => user.email ?? user.social?.userName ?? user.account.address
/** A recovery code as shown: 10 characters of base32, in two groups ('ABCDE-FGHIJ'). */
const newRecoveryCode = () => {
  const text = new OTPAuth.Secret({ buffer: randomBytes(10).buffer as ArrayBuffer }).base32.slice(0, 10)
  return `${text.slice(0, 5)}-${text.slice(5)}`
}
const recoveryHash = (userId: string, code: string) => sha256Hex(`${userId}\n${code.toUpperCase().replace(/[^A-Z2-7]/g, '')}`)

/**
 * A second factor by authenticator app (TOTP, RFC 6238) for the embedded wallet. The secret is sealed
 * at rest and shown once, to the frame, while it is being set up; each code is taken once and never
 * for a step before the last one taken (atomically); ten recovery codes are shown once when it is
 * turned on and each works once. A good code or recovery code is a fresh factor for 5 minutes.
 */
export function createTotp(deps: { store: FrameStore; accounts: FrameAccounts; key: FrameKey; now: () => number }) {
  const { store, accounts, key, now } = deps
  const step = (at: number) => Math.floor(at / 1000 / PERIOD_S)

  async function row(userId: string) {
    const [found] = await store.db.query<{ secret: string; enabled: boolean; last_step: number }>('SELECT secret, enabled, last_step FROM totp WHERE user_id = $1', [userId])
    return found && { ...found, secret: key.open(found.secret, `${userId}/totp`), last_step: Number(found.last_step) }
  }

  /** Takes a code of the user's secret: only once, and never for a step before the last one taken. */
  async function takeCode(user: FrameUser, code: string, enabled: boolean): Promise<boolean> {
    const found = await row(user.id)
    if (!found || found.enabled !== enabled) return false
    const delta = totpOf(found.secret, labelOf(user)).validate({ token: code, timestamp: now(), window: 1 })
    if (delta === null) return false
    const taken = step(now()) + delta
    const moved = await store.db.query('UPDATE totp SET last_step = $2 WHERE user_id = $1 AND last_step < $2 AND enabled = $3 RETURNING user_id', [user.id, taken, enabled])
    return moved.length > 0
  }

  const tries = (user: FrameUser) => store.takeLimits([{ key: `totp:${user.id}`, limit: TRIES_PER_5_MIN, windowMs: 5 * 60_000 }], now())

  return {
    /** A new secret for the user's authenticator app (not on yet): its otpauth:// URI for the QR code, and the secret to type. */
    async setup(user: FrameUser): Promise<{ uri: string; secret: string }> {
      if ((await row(user.id))?.enabled) throw new FrameError(FRAME_MESSAGES.totpAlreadyOn, 409)
      const secret = new OTPAuth.Secret({ size: 20 }).base32
      await store.db.query(
        `INSERT INTO totp (user_id, secret, enabled, last_step, created_at) VALUES ($1, $2, false, -1, $3)
         ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = -1, created_at = EXCLUDED.created_at WHERE totp.enabled = false`,
        [user.id, key.seal(secret, `${user.id}/totp`), now()],
      )
      return { uri: totpOf(secret, labelOf(user)).toString(), secret }
    },

    /** Turns the app on with its first code: answers the recovery codes, shown this once. */
    async enable(user: FrameUser, code: string): Promise<string[]> {
      if (!(await tries(user)).ok) throw new FrameError(FRAME_MESSAGES.tooManyAttempts, 429)
      if (!(await takeCode(user, code, false))) throw new FrameError(FRAME_MESSAGES.invalidCode)
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
      await store.db.transaction(async (tx) => {
        await tx.query('UPDATE totp SET enabled = true WHERE user_id = $1', [user.id])
        await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [user.id])
        for (const c of codes) await tx.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [user.id, recoveryHash(user.id, c)])
      })
      await accounts.recordStepUp(user)
      return codes
    },

    /** A code of the app, or a recovery code (spent): a fresh factor for this session. */
    async stepUp(user: FrameUser, code: string): Promise<void> {
      if (!(await tries(user)).ok) throw new FrameError(FRAME_MESSAGES.tooManyAttempts, 429)
      const ok = /^\d{6}$/.test(code)
        ? await takeCode(user, code, true)
        : (await store.db.query('DELETE FROM recovery_codes WHERE user_id = $1 AND code_hash = $2 RETURNING user_id', [user.id, recoveryHash(user.id, code)])).length > 0
      if (!ok) throw new FrameError(FRAME_MESSAGES.invalidCode)
      await accounts.recordStepUp(user)
    },

    async enabled(user: FrameUser): Promise<boolean> {
      return (await row(user.id))?.enabled === true
    },
  }
}
