import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import type { EmbeddedUser, SocialProvider } from '@portico/shared-types/embedded'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { EMAIL_LOGIN_COOLDOWN_MS } from '@portico/shared-types/constants'
import { emailCooldownMessage } from '@portico/shared-types/errors'
import { FRAME_MESSAGES, FrameError, FrameServiceError } from './messages.ts'
import { ed25519PublicKey, newSolanaKey, solanaKeyFromText, solanaSeedText, type SolanaKey } from './solana-key.ts'
import { getBase58Decoder } from '@solana/kit'
import { MAX_LISTED_SESSIONS } from './api.ts'
import { deviceLabel } from './device-label.ts'
import { sha256Hex, solanaKeyContext, type FrameKey } from './store/keys.ts'
import { UniqueViolation, type FrameStore, type LimitCounter, type SessionRow, type UserRow } from './store/store.ts'

/** How long a code (and a device link) stays valid. */
export const CODE_TTL_MS = 10 * 60_000
/** Wrong codes allowed for one code; then a new code must be requested. */
export const MAX_CODE_ATTEMPTS = 5
/** Defaults of a session's life: 7 days without use, 30 days in all. */
export const SESSION_IDLE_MS = 7 * 24 * 3_600_000
/** How recent a login or a second factor must be for what needs a fresh one (key export). */
export const FRESH_FACTOR_MS = 5 * 60_000
/** How many key exports one user may make in an hour. */
export const KEY_EXPORTS_PER_HOUR = 5
export const SESSION_LIFETIME_MS = 30 * 24 * 3_600_000

/**
 * The rate limits of the email steps, each a count in a fixed window, each taken in one SQL
 * statement (parallel requests on any number of connections never overshoot). A client is the
 * address the request came from (the socket's, or the proxy's X-Forwarded-For hop when the proxy is
 * trusted); the device id a client claims counts for nothing here.
 *
 * Wrong codes count against the code tried (MAX_CODE_ATTEMPTS each, then it ends) and the client's
 * budget, never against the address's owner: a guess from a device (or, for a change of email, a
 * session) that holds no live code of its own is refused and counts for its client only. Guesses at
 * one address are bounded by its codes: `mailsPerEmail` codes a window, MAX_CODE_ATTEMPTS tries each.
 */
export type FrameLimits = {
  /**
   * Login mails to one address from devices it has not confirmed (besides SPEC's 30 s per address
   * and device); a device of the user's own is not held back by others' requests.
   */
  mailsPerEmail: number
  /** Mails (login and change of email) one client may cause. */
  mailsPerClient: number
  /**
   * @deprecated Ignored. It was a budget of wrong codes per address that anyone could spend, locking
   * the owner out; wrong codes now count against the code tried and the client. Still accepted in
   * configuration, so a deployment that sets it starts.
   */
  wrongCodesPerEmail: number
  /** Tries at codes from one client (a right one is given back). */
  wrongCodesPerClient: number
  /** The window of all of them. */
  windowMs: number
}
export const DEFAULT_FRAME_LIMITS: FrameLimits = { mailsPerEmail: 5, mailsPerClient: 60, wrongCodesPerEmail: 10, wrongCodesPerClient: 30, windowMs: 10 * 60_000 }

/** Who is asking: the project and dapp origin the frame runs for (checked against the allow-list) and the client's address. */
/** Who calls: the project and the dapp's origin the frame names, the client's address, and the frame's own origin the call came from (`Origin`). */
export type CallContext = { projectId: string; origin: string; client: string; frameOrigin?: string | undefined }

/** A visitor of the embedded wallet: the key lives here, on the frame's side, and never leaves it. */
export type FrameUser = {
  id: string
  email: string | undefined
  social: { provider: SocialProvider; subject: string; userName: string; email?: string | undefined } | undefined
  account: PrivateKeyAccount
  /** The user's ed25519 key (SPEC.md §4: an eoa on solana), made with the user and sealed like the EVM key. */
  solana: SolanaKey
  chainId: number
  preferredAccountType: 'eoa' | 'smartAccount'
  /** The session the user was found by (`userOf`): a change of email is bound to it, and the list of sessions marks it. */
  session?: { id: string; tokenHash: string } | undefined
}

/** One of a user's sessions as its user sees it (FRAME_API `sessions`). */
export type SessionInfo = {
  id: string
  /** 'Firefox on Linux', or null when the device never said. */
  device: string | null
  /** When the session began and when it was last used (ms since the epoch). */
  firstSeen: number
  lastSeen: number
  /** The session asking. */
  current: boolean
  /** Opened for the same project and dapp origin as the one asking (other sites are not named). */
  thisSite: boolean
}

export type Mailer = (mail: { to: string; subject: string; text: string }) => Promise<void>

export type AccountsOptions = {
  store: FrameStore
  key: FrameKey
  /** Where the device link points: `{frameUrl}/device/confirm?token=…`. */
  frameUrl: string
  send: Mailer
  /** The chain a new user starts on. */
  defaultChainId: number
  /** Called once for each new user's address (an embedder may fund it, as the sandbox does on its chains). */
  onNewAccount?: (address: `0x${string}`) => Promise<void>
  /** Called once for each new Solana account, a new user's or one made for a user from before (an embedder may fund it). */
  onNewSolanaAccount?: (address: string) => Promise<void>
  now?: () => number
  limits?: Partial<FrameLimits> | undefined
  sessionIdleMs?: number | undefined
  sessionLifetimeMs?: number | undefined
}

const normalizeEmail = (email: string) => email.trim().toLowerCase()
const newCodeValue = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
const tooManyTries = (ms: number) => FRAME_MESSAGES.tooManyTriesWait.replace('{seconds}', String(Math.max(1, Math.ceil(ms / 1000))))
const loginSubject = (email: string, deviceId: string) => `${email}\n${deviceId}`

/**
 * Users, sessions and the email steps of SPEC.md §4 "Embedded wallet", kept in the frame's
 * database: codes (6 digits, 10 min, single use, 5 wrong tries, stored as HMACs), device
 * confirmation by a single-use link, the 30 s resend bound and the rate limits of FrameLimits,
 * sessions (random 32-byte tokens stored as SHA-256, bound to the project and dapp origin that
 * opened them, ending after an idle time and a lifetime; listed to their user with their device, and
 * ended by it one by one or all at once), and the change of email (a code to the current address,
 * then one to the new address, both bound to the session that asked; the session token is replaced
 * and every other session of the user ends).
 */
export class FrameAccounts {
  readonly limits: FrameLimits
  readonly sessionIdleMs: number
  readonly sessionLifetimeMs: number
  private readonly deviceWaiters = new Map<string, Set<() => void>>()
  private readonly now: () => number
  private readonly store: FrameStore

  constructor(private readonly options: AccountsOptions) {
    this.now = options.now ?? Date.now
    this.store = options.store
    this.limits = { ...DEFAULT_FRAME_LIMITS, ...options.limits }
    this.sessionIdleMs = options.sessionIdleMs ?? SESSION_IDLE_MS
    this.sessionLifetimeMs = options.sessionLifetimeMs ?? SESSION_LIFETIME_MS
  }

  // ── users ───────────────────────────────────────────────────────────

  /** The user's Solana key, opened and checked against its address. */
  private openSolanaKey(row: UserRow & { solana_address: string; encrypted_solana_key: string }): SolanaKey {
    const solana = solanaKeyFromText(this.options.key.open(row.encrypted_solana_key, solanaKeyContext(row.id)))
    if (solana.address !== row.solana_address) throw new FrameServiceError(`The Solana key of user ${row.id} does not match its address`)
    return solana
  }

  /** A new Solana key for a row: its address and its sealed seed. */
  private sealNewSolanaKey(id: string): { key: SolanaKey; solana_address: string; encrypted_solana_key: string } {
    const key = newSolanaKey()
    return { key, solana_address: key.address, encrypted_solana_key: this.options.key.seal(solanaSeedText(key), solanaKeyContext(id)) }
  }

  private async toUser(row: UserRow): Promise<FrameUser> {
    const account = privateKeyToAccount(this.options.key.open(row.encrypted_key, row.id) as `0x${string}`)
    if (account.address !== row.address) throw new FrameServiceError(`The key of user ${row.id} does not match its address`)
    let solana: SolanaKey
    if (row.solana_address !== null && row.encrypted_solana_key !== null) solana = this.openSolanaKey({ ...row, solana_address: row.solana_address, encrypted_solana_key: row.encrypted_solana_key })
    else {
      // A user made before Solana keys gets one on first use (once: of two requests at once, one sets it).
      const made = this.sealNewSolanaKey(row.id)
      if (await this.store.setSolanaKey(row.id, made.solana_address, made.encrypted_solana_key)) {
        solana = made.key
        await this.fundSolana(made.solana_address)
      } else {
        const again = await this.store.userById(row.id)
        if (!again?.solana_address || !again.encrypted_solana_key) throw new FrameServiceError(`User ${row.id} has no Solana key`)
        solana = this.openSolanaKey({ ...again, solana_address: again.solana_address, encrypted_solana_key: again.encrypted_solana_key })
      }
    }
    return {
      solana,
      id: row.id,
      email: row.email ?? undefined,
      social:
        row.social_provider && row.social_subject
          ? { provider: row.social_provider as SocialProvider, subject: row.social_subject, userName: row.social_user_name ?? row.social_subject, email: row.social_email ?? undefined }
          : undefined,
      account,
      chainId: row.chain_id,
      preferredAccountType: row.preferred_account_type === 'smartAccount' ? 'smartAccount' : 'eoa',
    }
  }

  private async createUser(fields: { email: string | undefined; social: FrameUser['social'] }): Promise<UserRow> {
    const id = randomUUID()
    const privateKey = generatePrivateKey()
    const { solana_address, encrypted_solana_key } = this.sealNewSolanaKey(id)
    const row: UserRow = {
      solana_address,
      encrypted_solana_key,
      id,
      email: fields.email ?? null,
      social_provider: fields.social?.provider ?? null,
      social_subject: fields.social?.subject ?? null,
      social_user_name: fields.social?.userName ?? null,
      social_email: fields.social?.email ?? null,
      address: privateKeyToAccount(privateKey).address,
      encrypted_key: this.options.key.seal(privateKey, id),
      chain_id: this.options.defaultChainId,
      // SPEC.md §4: a smart account by default on eip155 (the user is shown the EOA where the chain has none).
      preferred_account_type: 'smartAccount',
      created_at: this.now(),
    }
    try {
      await this.store.insertUser(row)
    } catch (err) {
      // Two first logins at once: the other one made the user.
      if (!(err instanceof UniqueViolation)) throw err
      const existing = fields.email ? await this.store.userByEmail(fields.email) : fields.social ? await this.store.userBySocial(fields.social.provider, fields.social.subject) : undefined
      if (!existing) throw err
      return existing
    }
    await this.options.onNewAccount?.(row.address as `0x${string}`)
    await this.fundSolana(solana_address)
    return row
  }

  /** Best effort: a login never fails for the sandbox's funds. */
  private async fundSolana(address: string): Promise<void> {
    await this.options.onNewSolanaAccount?.(address).catch(() => undefined)
  }

  /**
   * SPEC.md §3's embedded-wallet user, as GET_USER answers it: its accounts (the key's EOA, and its
   * smart account where the chain has one), the address of the preferred one (the EOA when the chain
   * has no smart accounts) and whether the smart account is deployed.
   */
  describe(user: FrameUser, smart?: { address: string; deployed: boolean } | undefined): EmbeddedUser {
    const preferred = user.preferredAccountType === 'smartAccount' && smart ? 'smartAccount' : 'eoa'
    return {
      ...(user.email ? { email: user.email } : {}),
      address: preferred === 'smartAccount' && smart ? smart.address : user.account.address,
      chainId: user.chainId,
      accounts: [{ address: user.account.address, type: 'eoa' }, ...(smart ? [{ address: smart.address, type: 'smartAccount' as const }] : [])],
      ...(user.social ? { userName: user.social.userName, socialProvider: user.social.provider } : {}),
      smartAccountDeployed: smart?.deployed ?? false,
      preferredAccountType: preferred,
      solanaAddress: user.solana.address,
    }
  }

  async setChain(user: FrameUser, chainId: number): Promise<void> {
    user.chainId = chainId
    await this.store.updateUser(user.id, { chain_id: chainId })
  }

  async setPreferredAccountType(user: FrameUser, type: 'eoa' | 'smartAccount'): Promise<void> {
    user.preferredAccountType = type
    await this.store.updateUser(user.id, { preferred_account_type: type })
  }

  // ── sessions ────────────────────────────────────────────────────────

  private newSession(userId: string, context: CallContext): { token: string; row: SessionRow } {
    const token = randomBytes(32).toString('base64url')
    const now = this.now()
    return {
      token,
      row: {
        token_hash: sha256Hex(token),
        id: randomUUID(),
        user_id: userId,
        project_id: context.projectId,
        origin: context.origin,
        created_at: now,
        last_used_at: now,
        expires_at: now + this.sessionLifetimeMs,
        device_label: null,
      },
    }
  }

  private async openSession(userId: string, context: CallContext): Promise<string> {
    const { token, row } = this.newSession(userId, context)
    await this.store.insertSession(row)
    return token
  }

  /** The live session of a token for this project and origin (undefined otherwise; an ended one is removed). */
  private async liveSession(token: string | undefined, context: CallContext): Promise<SessionRow | undefined> {
    if (token === undefined || token === '') return undefined
    const hash = sha256Hex(token)
    const session = await this.store.session(hash)
    if (!session) return undefined
    const now = this.now()
    if (session.expires_at <= now || session.last_used_at + this.sessionIdleMs <= now) {
      await this.store.deleteSession(hash)
      return undefined
    }
    // A token is good only where it was made: the same project, embedded by the same origin.
    if (session.project_id !== context.projectId || session.origin !== context.origin) return undefined
    await this.store.touchSession(hash, now)
    return session
  }

  /** The user of a bearer token, or a 401 'Not logged in'. */
  async userOf(token: string | undefined, context: CallContext): Promise<FrameUser> {
    const session = await this.liveSession(token, context)
    const row = session ? await this.store.userById(session.user_id) : undefined
    if (!session || !row) throw new FrameError(FRAME_MESSAGES.notLoggedIn, 401)
    return { ...(await this.toUser(row)), session: { id: session.id, tokenHash: session.token_hash } }
  }

  /** Ends the session on the service: the token answers 401 from then on. */
  async signOut(token: string | undefined): Promise<void> {
    if (token !== undefined && token !== '') await this.store.deleteSession(sha256Hex(token))
  }

  /** The session `userOf` found the user by. */
  private sessionOf(user: FrameUser): { id: string; tokenHash: string } {
    if (!user.session) throw new FrameError(FRAME_MESSAGES.notLoggedIn, 401)
    return user.session
  }

  /** Names the session's device from the browser's User-Agent ('Firefox on Linux'); a User-Agent that names nothing known changes nothing. */
  async setDevice(user: FrameUser, userAgent: string): Promise<void> {
    const label = deviceLabel(userAgent)
    if (label !== undefined) await this.store.setSessionDevice(this.sessionOf(user).tokenHash, label)
  }

  /**
   * The user's live sessions, the most recently used first (at most MAX_LISTED_SESSIONS, the asking
   * one always among them): device, first and last seen, which one asks, and whether it is on this
   * site (the project and dapp origin asking; other sites are not named to this one).
   */
  async listSessions(user: FrameUser, context: CallContext): Promise<SessionInfo[]> {
    const current = this.sessionOf(user)
    const rows = await this.store.userSessions(user.id, this.now(), this.sessionIdleMs, MAX_LISTED_SESSIONS)
    if (!rows.some((r) => r.id === current.id)) {
      const own = await this.store.session(current.tokenHash)
      if (own) rows.splice(Math.max(0, rows.length - 1), 1, own)
    }
    return rows.map((r) => ({
      id: r.id,
      device: r.device_label,
      firstSeen: r.created_at,
      lastSeen: r.last_used_at,
      current: r.id === current.id,
      thisSite: r.project_id === context.projectId && r.origin === context.origin,
    }))
  }

  /** Ends one of the user's sessions (its id from `listSessions`; another user's id ends nothing). True when it ended one. */
  async endSession(user: FrameUser, id: string): Promise<boolean> {
    return (await this.store.deleteUserSession(user.id, id)) !== undefined
  }

  /** Ends every session of the user, everywhere: the asking one too, unless `keepCurrent`. Answers how many ended. */
  async endAllSessions(user: FrameUser, keepCurrent: boolean): Promise<number> {
    return this.store.deleteUserSessions(user.id, keepCurrent ? this.sessionOf(user).tokenHash : undefined)
  }

  // ── limits ──────────────────────────────────────────────────────────

  /** Takes one event from every counter, all or none (one statement each, in one transaction); refused by the first that is full. */
  private async spend(counters: (LimitCounter & { message: (ms: number) => string })[]): Promise<void> {
    const now = this.now()
    const taken = await this.store.takeLimits(counters, now)
    if (!taken.ok) throw new FrameError(counters[taken.refused]!.message(taken.resetAt - now), 429)
  }

  private mailCounters(context: CallContext, cooldownKey: string, email: string | undefined) {
    const { windowMs } = this.limits
    return [
      { key: cooldownKey, limit: 1, windowMs: EMAIL_LOGIN_COOLDOWN_MS, message: emailCooldownMessage },
      ...(email === undefined ? [] : [{ key: `mails:email:${email}`, limit: this.limits.mailsPerEmail, windowMs, message: emailCooldownMessage }]),
      { key: `mails:client:${context.client}`, limit: this.limits.mailsPerClient, windowMs, message: emailCooldownMessage },
    ]
  }

  /**
   * Checks `otp` against the live code of (purpose, subject), the code this device (login) or this
   * session (change of email) was sent, and spends it when right. Each try takes one from the
   * client's budget first (given back when right), then one of the code's MAX_CODE_ATTEMPTS tries:
   * both in one statement each, so parallel tries never judge more. A caller without a live code of
   * its own is refused without touching anyone else's code or budget. Answers the code's data.
   */
  private async checkCode(purpose: 'login' | 'update', subject: string, otp: string, context: CallContext): Promise<Record<string, unknown>> {
    const now = this.now()
    const client = { key: `wrong:client:${context.client}`, limit: this.limits.wrongCodesPerClient, windowMs: this.limits.windowMs }
    const budget = await this.store.takeLimits([client], now)
    if (!budget.ok) throw new FrameError(tooManyTries(budget.resetAt - now), 429)
    const tried = await this.store.tryCode(purpose, subject, this.options.key.codeHmac(`${purpose}\n${subject}`, otp), now, MAX_CODE_ATTEMPTS)
    if (tried?.matched) {
      await this.store.giveBack(client.key, budget.windows[0]!)
      return tried.data
    }
    if (tried) throw new FrameError(tried.attempts >= MAX_CODE_ATTEMPTS ? FRAME_MESSAGES.tooManyAttempts : FRAME_MESSAGES.invalidCode)
    // Nothing was tried; the row is read only to say why.
    const code = await this.store.code(purpose, subject)
    if (!code || code.expires_at < 0) throw new FrameError(FRAME_MESSAGES.noCodeRequested)
    if (code.expires_at < now) throw new FrameError(FRAME_MESSAGES.codeExpired)
    throw new FrameError(FRAME_MESSAGES.tooManyAttempts, 429)
  }

  private async issueCode(purpose: 'login' | 'update', subject: string, data: Record<string, unknown>): Promise<string> {
    const value = newCodeValue()
    await this.store.putCode({ purpose, subject, code_hmac: this.options.key.codeHmac(`${purpose}\n${subject}`, value), data, expires_at: this.now() + CODE_TTL_MS })
    return value
  }

  private async mailCode(to: string, code: string, what: string): Promise<void> {
    await this.options.send({
      to,
      subject: `Your Portico code: ${code}`,
      text: `Your code to ${what} is ${code}.\n\nIt expires in ${CODE_TTL_MS / 60_000} minutes. If you did not ask for it, ignore this email.\n`,
    })
  }

  // ── email login ─────────────────────────────────────────────────────

  /**
   * CONNECT_EMAIL: 'CONNECT' when this device already holds a session for the email; 'VERIFY_DEVICE'
   * when the email has an account and this device never confirmed it (a link is mailed); otherwise
   * 'VERIFY_OTP' (a code is mailed). Refused within 30 s of the previous login mail to this address
   * for this device, and past the address's and the client's mail limits ('Please try again after N seconds').
   */
  async connectEmail(rawEmail: string, deviceId: string, token: string | undefined, context: CallContext): Promise<'CONNECT' | 'VERIFY_DEVICE' | 'VERIFY_OTP'> {
    const email = normalizeEmail(rawEmail)
    const session = await this.liveSession(token, context)
    const existing = await this.store.userByEmail(email)
    const known = existing !== undefined && (await this.store.hasDevice(existing.id, deviceId))
    if (session && existing && session.user_id === existing.id && known) return 'CONNECT'
    const subject = loginSubject(email, deviceId)
    // A device the user confirmed before is not held back by the address's mail limit: others asking
    // mails for the address (each from a device of its own) cannot keep its owner from signing in.
    await this.spend(this.mailCounters(context, `mails:cooldown:login:${subject}`, known ? undefined : email))
    if (existing && !known) {
      // Hex: no run of six digits in the link can pass for a code.
      const link = randomBytes(24).toString('hex')
      const expiresAt = this.now() + CODE_TTL_MS
      await this.store.deleteCode('login', subject)
      await this.store.putPending({ kind: 'device', key_hash: sha256Hex(subject), binding_hash: null, data: { confirmed: false }, expires_at: expiresAt })
      await this.store.putPending({ kind: 'device-link', key_hash: sha256Hex(link), binding_hash: null, data: { email, deviceId }, expires_at: expiresAt })
      await this.options.send({
        to: email,
        subject: 'Confirm your new device',
        text: `Someone is signing in to your Portico wallet from a new device.\n\nIf it is you, open this link to confirm the device:\n${this.options.frameUrl}/device/confirm?token=${link}\n\nThe link expires in ${CODE_TTL_MS / 60_000} minutes. If it is not you, ignore this email.\n`,
      })
      return 'VERIFY_DEVICE'
    }
    await this.store.takePending('device', sha256Hex(subject))
    await this.mailCode(email, await this.issueCode('login', subject, {}), 'sign in')
    return 'VERIFY_OTP'
  }

  /** GET /device/confirm?token=: confirms the device and mails the code. False for an unknown, spent or expired link. */
  async confirmDevice(linkToken: string): Promise<boolean> {
    const link = await this.store.takePending('device-link', sha256Hex(linkToken))
    if (!link || link.expires_at < this.now()) return false
    const email = String(link.data['email'])
    const deviceId = String(link.data['deviceId'])
    const subject = loginSubject(email, deviceId)
    const device = await this.store.pending('device', sha256Hex(subject))
    if (!device || device.expires_at < this.now()) return false
    await this.store.updatePendingData('device', sha256Hex(subject), { confirmed: true })
    await this.mailCode(email, await this.issueCode('login', subject, {}), 'sign in')
    for (const wake of this.deviceWaiters.get(subject) ?? []) wake()
    this.deviceWaiters.delete(subject)
    return true
  }

  /** CONNECT_DEVICE: resolves true once the device link was opened, false after `timeoutMs`. */
  async waitForDevice(rawEmail: string, deviceId: string, timeoutMs: number): Promise<boolean> {
    const subject = loginSubject(normalizeEmail(rawEmail), deviceId)
    const confirmed = async () => {
      const device = await this.store.pending('device', sha256Hex(subject))
      if (!device || device.expires_at < this.now()) throw new FrameError(FRAME_MESSAGES.noCodeRequested)
      return device.data['confirmed'] === true
    }
    if (await confirmed()) return true
    const until = Date.now() + timeoutMs
    // Woken by a confirmation in this process; the database is read again every second (another process may have confirmed).
    while (Date.now() < until) {
      await new Promise<void>((resolve) => {
        const waiters = this.deviceWaiters.get(subject) ?? new Set<() => void>()
        this.deviceWaiters.set(subject, waiters)
        const wake = () => {
          clearTimeout(timer)
          waiters.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, Math.min(1_000, Math.max(0, until - Date.now())))
        waiters.add(wake)
      })
      if (await confirmed()) return true
    }
    return false
  }

  /** CONNECT_OTP: checks the code of this email and device; the answer is a new session token. */
  async verifyLoginCode(rawEmail: string, deviceId: string, otp: string, context: CallContext): Promise<string> {
    const email = normalizeEmail(rawEmail)
    const subject = loginSubject(email, deviceId)
    const device = await this.store.pending('device', sha256Hex(subject))
    if (device && device.expires_at >= this.now() && device.data['confirmed'] !== true) throw new FrameError(FRAME_MESSAGES.deviceNotConfirmed)
    await this.checkCode('login', subject, otp, context)
    await this.store.takePending('device', sha256Hex(subject))
    const user = (await this.store.userByEmail(email)) ?? (await this.createUser({ email, social: undefined }))
    await this.store.addDevice(user.id, deviceId, this.now())
    return this.openSession(user.id, context)
  }

  // ── social login ────────────────────────────────────────────────────

  /**
   * A session for the provider's account (`subject`), creating its user on first sign-in. The provider's
   * verified email (`email`, as of this sign-in) is kept only to write to; Farcaster has none.
   */
  async socialSession(provider: SocialProvider, subject: string, userName: string, context: CallContext, email?: string): Promise<string> {
    const existing = await this.store.userBySocial(provider, subject)
    const user = existing ?? (await this.createUser({ email: undefined, social: { provider, subject, userName, email } }))
    if (existing && (existing.social_user_name !== userName || (existing.social_email ?? undefined) !== email))
      await this.store.updateUser(existing.id, { social_user_name: userName, social_email: email ?? null })
    return this.openSession(user.id, context)
  }

  /** A session for a user who proved a passkey of theirs (passkeys.ts checked the assertion). */
  async passkeySession(userId: string, context: CallContext): Promise<string> {
    if (!(await this.store.userById(userId))) throw new FrameError(FRAME_MESSAGES.passkeyUnknown, 401)
    return this.openSession(userId, context)
  }

  // ── fresh factor and key export ─────────────────────────────────────

  /** Records that the session's user proved a second factor now (a passkey): fresh for FRESH_FACTOR_MS. */
  async recordStepUp(user: FrameUser): Promise<void> {
    const session = this.sessionOf(user)
    await this.store.putPending({ kind: 'step-up', key_hash: session.tokenHash, binding_hash: null, data: { userId: user.id }, expires_at: this.now() + FRESH_FACTOR_MS })
  }

  /** Whether the session's user signed in, or proved a second factor, less than FRESH_FACTOR_MS ago. */
  async hasFreshFactor(user: FrameUser): Promise<boolean> {
    const session = this.sessionOf(user)
    const now = this.now()
    const row = await this.store.session(session.tokenHash)
    if (row && row.created_at + FRESH_FACTOR_MS > now) return true
    const stepUp = await this.store.pending('step-up', session.tokenHash)
    return stepUp !== undefined && stepUp.expires_at > now && stepUp.data['userId'] === user.id
  }

  /**
   * The user's private key as wallets import it (EVM: 0x hex; Solana: base58 of the 64-byte secret
   * key, seed then public key), only with a fresh factor, at most KEY_EXPORTS_PER_HOUR an hour; the
   * user is mailed that it was exported (at the login email, else a social provider's verified one; a
   * Farcaster user has neither).
   */
  async exportKey(user: FrameUser, chain: 'evm' | 'solana', context: CallContext): Promise<string> {
    if (!(await this.hasFreshFactor(user))) throw new FrameError(FRAME_MESSAGES.freshFactorNeeded, 403)
    await this.spend([
      { key: `export:${user.id}`, limit: KEY_EXPORTS_PER_HOUR, windowMs: 3_600_000, message: (ms) => FRAME_MESSAGES.tooManyTriesWait.replace('{seconds}', String(Math.ceil(ms / 1000))) },
    ])
    const row = await this.store.userById(user.id)
    if (!row) throw new FrameError(FRAME_MESSAGES.notLoggedIn, 401)
    const key = chain === 'evm' ? (this.options.key.open(row.encrypted_key, row.id) as string) : getBase58Decoder().decode(new Uint8Array([...user.solana.seed, ...ed25519PublicKey(user.solana.seed)]))
    const to = user.email ?? user.social?.email
    if (to)
      await this.options.send({
        to,
        subject: 'Your Portico wallet key was exported',
        text: `The private key of your ${chain === 'evm' ? 'EVM' : 'Solana'} account was shown in your wallet's secure window, asked from ${context.origin}, at ${new Date(this.now()).toISOString()}.\n\nIf this was not you, move your funds to a new wallet now: whoever has the key controls the account.\n`,
      })
    return key
  }

  // ── change of email ─────────────────────────────────────────────────

  /**
   * UPDATE_EMAIL: a code to the current address (VERIFY_PRIMARY_OTP), or, for a user without an
   * email (social sign-in), straight to the new address (VERIFY_SECONDARY_OTP).
   */
  async startEmailUpdate(user: FrameUser, rawEmail: string, context: CallContext): Promise<'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'> {
    const newEmail = normalizeEmail(rawEmail)
    if (newEmail === user.email) throw new FrameError(FRAME_MESSAGES.sameEmail)
    if (await this.store.userByEmail(newEmail)) throw new FrameError(FRAME_MESSAGES.emailInUse, 409)
    const to = user.email ?? newEmail
    await this.spend(this.mailCounters(context, `mails:cooldown:update:${user.id}\n${to}`, undefined))
    const stage = user.email ? 'primary' : 'secondary'
    const code = await this.issueCode('update', this.updateSubject(user), { newEmail, stage })
    await this.mailCode(to, code, stage === 'primary' ? `change your email to ${newEmail}` : `use ${newEmail} for your wallet`)
    return stage === 'primary' ? 'VERIFY_PRIMARY_OTP' : 'VERIFY_SECONDARY_OTP'
  }

  /** A change of email's codes belong to the session that asked for it: another session of the user (on another device) has none to try. */
  private updateSubject(user: FrameUser): string {
    return `${user.id}\n${this.sessionOf(user).id}`
  }

  private async updateStage(user: FrameUser): Promise<{ newEmail: string; stage: string } | undefined> {
    const code = await this.store.code('update', this.updateSubject(user))
    return code && typeof code.data['newEmail'] === 'string' && typeof code.data['stage'] === 'string' ? { newEmail: code.data['newEmail'], stage: code.data['stage'] } : undefined
  }

  /** UPDATE_EMAIL_PRIMARY_OTP: the current address's code; then a code goes to the new address. */
  async verifyPrimaryCode(user: FrameUser, otp: string, context: CallContext): Promise<void> {
    if ((await this.updateStage(user))?.stage !== 'primary') throw new FrameError(FRAME_MESSAGES.noCodeRequested)
    const data = await this.checkCode('update', this.updateSubject(user), otp, context)
    const newEmail = String(data['newEmail'])
    const code = await this.issueCode('update', this.updateSubject(user), { newEmail, stage: 'secondary' })
    await this.mailCode(newEmail, code, `use ${newEmail} for your wallet`)
  }

  /**
   * UPDATE_EMAIL_SECONDARY_OTP: the new address's code; the account's email is then the new one, the
   * session presented is replaced by a new one (the old token stops working), and every other session
   * of the user ends (one stolen on another device no longer works).
   */
  async verifySecondaryCode(user: FrameUser, otp: string, token: string | undefined, context: CallContext): Promise<{ newEmail: string; token: string }> {
    if ((await this.updateStage(user))?.stage !== 'secondary') throw new FrameError(FRAME_MESSAGES.noCodeRequested)
    const data = await this.checkCode('update', this.updateSubject(user), otp, context)
    const newEmail = String(data['newEmail'])
    try {
      await this.store.setUserEmail(user.id, newEmail)
    } catch (err) {
      if (err instanceof UniqueViolation) throw new FrameError(FRAME_MESSAGES.emailInUse, 409)
      throw err
    }
    user.email = newEmail
    const next = this.newSession(user.id, context)
    if (token === undefined || !(await this.store.rotateSession(sha256Hex(token), next.row, true))) throw new FrameError(FRAME_MESSAGES.notLoggedIn, 401)
    return { newEmail, token: next.token }
  }

  /** Drops expired codes, links, sessions and counters (run now and then). */
  purge(): Promise<void> {
    return this.store.purgeExpired(this.now(), this.sessionIdleMs, Math.max(this.limits.windowMs, EMAIL_LOGIN_COOLDOWN_MS))
  }
}
