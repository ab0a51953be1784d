import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import type { EmbeddedUser, SocialProvider } from '@portico/shared-types/embedded'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { EMAIL_LOGIN_COOLDOWN_MS } from '@portico/shared-types/constants'
import { emailCooldownMessage } from '@portico/shared-types/errors'
import { FRAME_MESSAGES, FrameError } from './messages.ts'
/** How long a code (and a device link) stays valid. */
export const CODE_TTL_MS = 10 * 60_000
/** Wrong codes allowed for one code; then a new code must be requested. */
export const MAX_CODE_ATTEMPTS = 5

/** A visitor of the embedded wallet: the key lives here, on the frame's side, and never leaves it. */
export type FrameUser = {
  id: string
  email: string | undefined
  social: { provider: SocialProvider; subject: string; userName: string } | undefined
  account: PrivateKeyAccount
  chainId: number
  preferredAccountType: 'eoa' | 'smartAccount'
  /** Device ids (kept in the frame origin's storage) that confirmed this email. */
  devices: Set<string>
}

type Code = { value: string; expiresAt: number; attempts: number }
type PendingLogin = { email: string; deviceId: string; code: Code | undefined; deviceLink: { token: string; expiresAt: number; confirmed: boolean } | undefined }
type PendingUpdate = { newEmail: string; stage: 'primary' | 'secondary'; code: Code }

export type Mailer = (mail: { to: string; subject: string; text: string }) => Promise<void>

export type AccountsOptions = {
  /** Where the device link points: `{frameUrl}/device/confirm?token=…`. */
  frameUrl: string
  send: Mailer
  /** The chain a new user starts on. */
  defaultChainId: number
  /** Called once for each new user's address (the sandbox funds it on its chains). */
  onNewAccount?: (address: `0x${string}`) => Promise<void>
  now?: () => number
}

const normalizeEmail = (email: string) => email.trim().toLowerCase()
const newCode = (now: number): Code => ({ value: String(randomInt(0, 1_000_000)).padStart(6, '0'), expiresAt: now + CODE_TTL_MS, attempts: 0 })

/**
 * Users, sessions and the email steps of SPEC.md §4 "Embedded wallet": codes (6 digits, 10 min,
 * 5 attempts), device confirmation by link, the 30 s resend bound, and the change of email with a
 * code to the current address and then one to the new address.
 */
export class FrameAccounts {
  private readonly users = new Map<string, FrameUser>()
  private readonly byEmail = new Map<string, string>()
  private readonly bySocial = new Map<string, string>()
  private readonly sessions = new Map<string, string>()
  private readonly logins = new Map<string, PendingLogin>()
  private readonly lastMailAt = new Map<string, number>()
  private readonly updates = new Map<string, PendingUpdate>()
  private readonly deviceWaiters = new Map<string, Set<() => void>>()
  private readonly now: () => number

  constructor(private readonly options: AccountsOptions) {
    this.now = options.now ?? Date.now
  }

  // ── sessions ────────────────────────────────────────────────────────────

  /** The user of a bearer token, or a 401 'Not logged in'. */
  userOf(token: string | undefined): FrameUser {
    const user = token === undefined ? undefined : this.users.get(this.sessions.get(token) ?? '')
    if (!user) throw new FrameError(FRAME_MESSAGES.notLoggedIn, 401)
    return user
  }

  signOut(token: string | undefined): void {
    if (token !== undefined) this.sessions.delete(token)
  }

  private openSession(user: FrameUser): string {
    const token = randomBytes(32).toString('base64url')
    this.sessions.set(token, user.id)
    return token
  }

  private async createUser(fields: Pick<FrameUser, 'email' | 'social'>): Promise<FrameUser> {
    const account = privateKeyToAccount(generatePrivateKey())
    const user: FrameUser = { id: randomUUID(), ...fields, account, chainId: this.options.defaultChainId, preferredAccountType: 'eoa', devices: new Set() }
    this.users.set(user.id, user)
    if (user.email) this.byEmail.set(user.email, user.id)
    if (user.social) this.bySocial.set(`${user.social.provider}:${user.social.subject}`, user.id)
    await this.options.onNewAccount?.(account.address)
    return user
  }

  /** SPEC.md §3's embedded-wallet user, as GET_USER answers it. */
  describe(user: FrameUser): EmbeddedUser {
    return {
      ...(user.email ? { email: user.email } : {}),
      address: user.account.address,
      chainId: user.chainId,
      accounts: [{ address: user.account.address, type: 'eoa' }],
      ...(user.social ? { userName: user.social.userName, socialProvider: user.social.provider } : {}),
      smartAccountDeployed: false,
      preferredAccountType: user.preferredAccountType,
    }
  }

  // ── email login ─────────────────────────────────────────────────────────

  /** Refuses a mail within 30 s of the previous one of the same kind (`login` per address and device, `update` per user and address). */
  private checkCooldown(key: string): void {
    const last = this.lastMailAt.get(key)
    if (last === undefined) return
    const left = last + EMAIL_LOGIN_COOLDOWN_MS - this.now()
    if (left > 0) throw new FrameError(emailCooldownMessage(left), 429)
  }

  private async mailCode(to: string, code: Code, what: string): Promise<void> {
    await this.options.send({
      to,
      subject: `Your Portico code: ${code.value}`,
      text: `Your code to ${what} is ${code.value}.\n\nIt expires in ${CODE_TTL_MS / 60_000} minutes. If you did not ask for it, ignore this email.\n`,
    })
  }

  /**
   * CONNECT_EMAIL: 'CONNECT' when this device already holds a session for the email; 'VERIFY_DEVICE'
   * when the email has an account and this device never confirmed it (a link is mailed); otherwise
   * 'VERIFY_OTP' (a code is mailed). Refused within 30 s of the previous login mail to this address
   * for this device ('Please try again after N seconds').
   */
  async connectEmail(rawEmail: string, deviceId: string, token: string | undefined): Promise<'CONNECT' | 'VERIFY_DEVICE' | 'VERIFY_OTP'> {
    const email = normalizeEmail(rawEmail)
    const current = token === undefined ? undefined : this.users.get(this.sessions.get(token) ?? '')
    if (current?.email === email && current.devices.has(deviceId)) return 'CONNECT'
    const key = `${email}\n${deviceId}`
    this.checkCooldown(`login\n${key}`)
    const existing = this.users.get(this.byEmail.get(email) ?? '')
    this.lastMailAt.set(`login\n${key}`, this.now())
    if (existing && !existing.devices.has(deviceId)) {
      // Hex: no run of six digits in the link can pass for a code.
      const link = { token: randomBytes(24).toString('hex'), expiresAt: this.now() + CODE_TTL_MS, confirmed: false }
      this.logins.set(key, { email, deviceId, code: undefined, deviceLink: link })
      await this.options.send({
        to: email,
        subject: 'Confirm your new device',
        text: `Someone is signing in to your Portico wallet from a new device.\n\nIf it is you, open this link to confirm the device:\n${this.options.frameUrl}/device/confirm?token=${link.token}\n\nThe link expires in ${CODE_TTL_MS / 60_000} minutes. If it is not you, ignore this email.\n`,
      })
      return 'VERIFY_DEVICE'
    }
    const code = newCode(this.now())
    this.logins.set(key, { email, deviceId, code, deviceLink: undefined })
    await this.mailCode(email, code, 'sign in')
    return 'VERIFY_OTP'
  }

  /** GET /device/confirm?token=: confirms the device and mails the code. False for an unknown or expired link. */
  async confirmDevice(linkToken: string): Promise<boolean> {
    const login = [...this.logins.values()].find((l) => l.deviceLink?.token === linkToken)
    if (!login?.deviceLink || login.deviceLink.expiresAt < this.now()) return false
    if (login.deviceLink.confirmed) return true
    login.deviceLink.confirmed = true
    login.code = newCode(this.now())
    await this.mailCode(login.email, login.code, 'sign in')
    const key = `${login.email}\n${login.deviceId}`
    for (const wake of this.deviceWaiters.get(key) ?? []) wake()
    this.deviceWaiters.delete(key)
    return true
  }

  /** CONNECT_DEVICE: resolves true once the device link was opened, false after `timeoutMs`. */
  async waitForDevice(rawEmail: string, deviceId: string, timeoutMs: number): Promise<boolean> {
    const key = `${normalizeEmail(rawEmail)}\n${deviceId}`
    const login = this.logins.get(key)
    if (!login?.deviceLink) throw new FrameError(FRAME_MESSAGES.noCodeRequested)
    if (login.deviceLink.confirmed) return true
    return new Promise<boolean>((resolve) => {
      const waiters = this.deviceWaiters.get(key) ?? new Set<() => void>()
      this.deviceWaiters.set(key, waiters)
      const wake = () => {
        clearTimeout(timer)
        resolve(true)
      }
      const timer = setTimeout(() => {
        waiters.delete(wake)
        resolve(false)
      }, timeoutMs)
      waiters.add(wake)
    })
  }

  private checkCode(code: Code | undefined, otp: string): void {
    if (!code) throw new FrameError(FRAME_MESSAGES.noCodeRequested)
    if (code.expiresAt < this.now()) throw new FrameError(FRAME_MESSAGES.codeExpired)
    if (code.attempts >= MAX_CODE_ATTEMPTS) throw new FrameError(FRAME_MESSAGES.tooManyAttempts, 429)
    if (code.value !== otp) {
      code.attempts += 1
      throw new FrameError(code.attempts >= MAX_CODE_ATTEMPTS ? FRAME_MESSAGES.tooManyAttempts : FRAME_MESSAGES.invalidCode)
    }
  }

  /** CONNECT_OTP: checks the code of this email and device; the answer is a new session token. */
  async verifyLoginCode(rawEmail: string, deviceId: string, otp: string): Promise<string> {
    const email = normalizeEmail(rawEmail)
    const key = `${email}\n${deviceId}`
    const login = this.logins.get(key)
    if (login?.deviceLink && !login.deviceLink.confirmed) throw new FrameError(FRAME_MESSAGES.deviceNotConfirmed)
    this.checkCode(login?.code, otp)
    this.logins.delete(key)
    const user = this.users.get(this.byEmail.get(email) ?? '') ?? (await this.createUser({ email, social: undefined }))
    user.devices.add(deviceId)
    return this.openSession(user)
  }

  // ── social login ────────────────────────────────────────────────────────

  /** A session for the provider's account (`subject`), creating its user on first sign-in. */
  async socialSession(provider: SocialProvider, subject: string, userName: string): Promise<string> {
    const existing = this.users.get(this.bySocial.get(`${provider}:${subject}`) ?? '')
    const user = existing ?? (await this.createUser({ email: undefined, social: { provider, subject, userName } }))
    if (user.social) user.social.userName = userName
    return this.openSession(user)
  }

  // ── change of email ─────────────────────────────────────────────────────

  /**
   * UPDATE_EMAIL: a code to the current address (VERIFY_PRIMARY_OTP), or, for a user without an
   * email (social sign-in), straight to the new address (VERIFY_SECONDARY_OTP).
   */
  async startEmailUpdate(user: FrameUser, rawEmail: string): Promise<'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'> {
    const newEmail = normalizeEmail(rawEmail)
    if (newEmail === user.email) throw new FrameError(FRAME_MESSAGES.sameEmail)
    if (this.byEmail.has(newEmail)) throw new FrameError(FRAME_MESSAGES.emailInUse, 409)
    const to = user.email ?? newEmail
    this.checkCooldown(`update\n${user.id}\n${to}`)
    this.lastMailAt.set(`update\n${user.id}\n${to}`, this.now())
    const code = newCode(this.now())
    const stage = user.email ? 'primary' : 'secondary'
    this.updates.set(user.id, { newEmail, stage, code })
    await this.mailCode(to, code, stage === 'primary' ? `change your email to ${newEmail}` : `use ${newEmail} for your wallet`)
    return stage === 'primary' ? 'VERIFY_PRIMARY_OTP' : 'VERIFY_SECONDARY_OTP'
  }

  /** UPDATE_EMAIL_PRIMARY_OTP: the current address's code; then a code goes to the new address. */
  async verifyPrimaryCode(user: FrameUser, otp: string): Promise<void> {
    const update = this.updates.get(user.id)
    if (update?.stage !== 'primary') throw new FrameError(FRAME_MESSAGES.noCodeRequested)
    this.checkCode(update.code, otp)
    update.stage = 'secondary'
    update.code = newCode(this.now())
    await this.mailCode(update.newEmail, update.code, `use ${update.newEmail} for your wallet`)
  }

  /** UPDATE_EMAIL_SECONDARY_OTP: the new address's code; the account's email is then the new one. */
  verifySecondaryCode(user: FrameUser, otp: string): string {
    const update = this.updates.get(user.id)
    if (update?.stage !== 'secondary') throw new FrameError(FRAME_MESSAGES.noCodeRequested)
    this.checkCode(update.code, otp)
    if (this.byEmail.has(update.newEmail)) throw new FrameError(FRAME_MESSAGES.emailInUse, 409)
    this.updates.delete(user.id)
    if (user.email) this.byEmail.delete(user.email)
    user.email = update.newEmail
    this.byEmail.set(update.newEmail, user.id)
    return update.newEmail
  }
}
