import { randomUUID } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server'
import * as z from 'zod'
import type { CallContext, FrameAccounts, FrameUser } from './accounts.ts'
import { FRAME_MESSAGES, FrameError } from './messages.ts'
import { sha256Hex } from './store/keys.ts'
import type { FrameStore, PasskeyRow } from './store/store.ts'
import { type authenticationResponseSchema, base64url, MAX_PASSKEYS, passkeyTransportSchema, type registrationResponseSchema, type PasskeyInfo } from './passkey-schemas.ts'

export { MAX_PASSKEYS }

/** How long a passkey ceremony's challenge may be answered (single use, bound to the browser session that asked). */
export const PASSKEY_CHALLENGE_TTL_MS = 2 * 60_000
/** What the browser is given to wait for the visitor at the authenticator. */
const CEREMONY_TIMEOUT_MS = 60_000
/** How many sign-in ceremonies one client address may start in a minute. */
const LOGIN_STARTS_PER_MINUTE = 30

type CeremonyKind = 'passkey-register' | 'passkey-login' | 'passkey-step-up'
const pendingDataSchema = z.object({ projectId: z.string(), origin: z.string(), frameOrigin: z.string(), userId: z.string().optional(), sessionId: z.string().optional() })

const bytes = (text: string) => new TextEncoder().encode(text)
const toBase64url = (data: Uint8Array) => Buffer.from(data).toString('base64url')
const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'))

/** The top-level origin a cross-origin ceremony's client data names (undefined in a top-level window). */
function clientTopOrigin(clientDataJSON: string): string | undefined {
  try {
    const parsed = z.object({ crossOrigin: z.boolean().optional(), topOrigin: z.string().optional() }).safeParse(JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')))
    if (!parsed.success) return 'unreadable'
    return parsed.data.crossOrigin ? (parsed.data.topOrigin ?? 'unnamed') : undefined
  } catch {
    return 'unreadable'
  }
}

/** The relying party of a call: the frame's own origin it came from, and that origin's host. */
function relyingParty(context: CallContext): { origin: string; rpID: string } {
  if (!context.frameOrigin) throw new FrameError(FRAME_MESSAGES.invalidAppConfiguration, 403)
  return { origin: context.frameOrigin, rpID: new URL(context.frameOrigin).hostname }
}

/**
 * Passkeys (WebAuthn) of the embedded wallet: discoverable credentials whose relying party is the
 * frame's origin, so one passkey serves every dapp that embeds this frame service. Every ceremony's
 * challenge is random, kept (by its hash) with the browser session that asked and, for a new
 * passkey, the signed-in session; it is taken once and lives PASSKEY_CHALLENGE_TTL_MS. User
 * verification is required and the signature counter must move forward (atomically).
 */
export function createPasskeys(deps: { store: FrameStore; accounts: FrameAccounts; rpName: string; now: () => number }) {
  const { store, accounts, now } = deps

  /** Keeps a challenge for the browser session that asked (`binding`), single use. */
  async function keep(kind: CeremonyKind, challenge: string, binding: string | undefined, data: z.input<typeof pendingDataSchema>) {
    if (binding === undefined) throw new FrameError(FRAME_MESSAGES.sessionBindingMissing)
    await store.putPending({ kind, key_hash: sha256Hex(challenge), binding_hash: sha256Hex(binding), data, expires_at: now() + PASSKEY_CHALLENGE_TTL_MS })
  }

  /** Takes the challenge the response answers: only once, unexpired, from the same browser session, project, dapp and frame origin. */
  async function take(kind: CeremonyKind, clientDataJSON: string, binding: string | undefined, context: CallContext) {
    let challenge: string
    try {
      const parsed = z.object({ challenge: base64url(512) }).safeParse(JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')))
      if (!parsed.success) throw new FrameError(FRAME_MESSAGES.passkeyFailed)
      challenge = parsed.data.challenge
    } catch {
      throw new FrameError(FRAME_MESSAGES.passkeyFailed)
    }
    const row = await store.takePending(kind, sha256Hex(challenge))
    const data = pendingDataSchema.safeParse(row?.data)
    const ok =
      row !== undefined &&
      data.success &&
      row.expires_at >= now() &&
      binding !== undefined &&
      row.binding_hash === sha256Hex(binding) &&
      data.data.projectId === context.projectId &&
      data.data.origin === context.origin &&
      data.data.frameOrigin === context.frameOrigin
    if (!ok || !data.success) throw new FrameError(FRAME_MESSAGES.socialStateUnknown)
    return { challenge, data: data.data }
  }

  /** Checks an assertion against its taken challenge: the frame origin, its host, the dapp as top origin, user verification, the counter (moved atomically). Answers the passkey. */
  async function verifyAssertion(response: z.output<typeof authenticationResponseSchema>, challenge: string, context: CallContext): Promise<PasskeyRow> {
    const { origin, rpID } = relyingParty(context)
    const passkey = await store.passkeyByCredential(response.id)
    if (!passkey || passkey.rp_id !== rpID) throw new FrameError(FRAME_MESSAGES.passkeyUnknown, 401)
    // A discoverable credential names its user: it must be the passkey's.
    if (response.response.userHandle !== undefined && Buffer.from(response.response.userHandle, 'base64url').toString('utf8') !== passkey.user_id)
      throw new FrameError(FRAME_MESSAGES.passkeyUnknown, 401)
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        // In the iframe, the top-level page is the dapp the frame was embedded by (allow-listed), nothing else.
        expectedTopOrigin: context.origin,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: fromBase64url(passkey.public_key),
          counter: passkey.counter,
          transports: passkey.transports.split(',').filter(Boolean) as z.infer<typeof passkeyTransportSchema>[],
        },
      })
    } catch {
      throw new FrameError(FRAME_MESSAGES.passkeyFailed, 401)
    }
    if (!verification.verified || !verification.authenticationInfo.userVerified) throw new FrameError(FRAME_MESSAGES.passkeyFailed, 401)
    // The counter moves once per assertion: of two requests with one assertion, one wins.
    if (!(await store.usePasskey(passkey.credential_id, passkey.counter, verification.authenticationInfo.newCounter, now()))) throw new FrameError(FRAME_MESSAGES.passkeyFailed, 401)
    return passkey
  }

  return {
    /** Options for a new passkey of the signed-in user (its challenge bound to this session). */
    async registrationOptions(user: FrameUser, context: CallContext, binding: string | undefined): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const { rpID } = relyingParty(context)
      const existing = await store.userPasskeys(user.id)
      if (existing.length >= MAX_PASSKEYS) throw new FrameError(FRAME_MESSAGES.passkeyLimit, 409)
      const label = user.email ?? user.social?.userName ?? user.account.address
      const options = await generateRegistrationOptions({
        rpName: deps.rpName,
        rpID,
        userID: bytes(user.id),
        userName: label,
        userDisplayName: label,
        attestationType: 'none',
        timeout: CEREMONY_TIMEOUT_MS,
        excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports.split(',').filter(Boolean) as z.infer<typeof passkeyTransportSchema>[] })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: [-7, -257],
      })
      await keep('passkey-register', options.challenge, binding, {
        projectId: context.projectId,
        origin: context.origin,
        frameOrigin: relyingParty(context).origin,
        userId: user.id,
        sessionId: user.session?.id,
      })
      return options
    },

    /** Checks the new credential against its challenge and keeps it for the user. */
    async register(user: FrameUser, response: z.output<typeof registrationResponseSchema>, name: string, context: CallContext, binding: string | undefined): Promise<PasskeyInfo> {
      const { origin, rpID } = relyingParty(context)
      const { challenge, data } = await take('passkey-register', response.response.clientDataJSON, binding, context)
      // Only the session that asked finishes it.
      if (data.userId !== user.id || data.sessionId !== user.session?.id) throw new FrameError(FRAME_MESSAGES.socialStateUnknown)
      // Made in the iframe: the top-level page must be the dapp that embeds the frame (the server's registration check has no such option).
      const top = clientTopOrigin(response.response.clientDataJSON)
      if (top !== undefined && top !== context.origin) throw new FrameError(FRAME_MESSAGES.passkeyFailed)
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
      try {
        verification = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true })
      } catch {
        throw new FrameError(FRAME_MESSAGES.passkeyFailed)
      }
      if (!verification.verified || !verification.registrationInfo || !verification.registrationInfo.userVerified) throw new FrameError(FRAME_MESSAGES.passkeyFailed)
      const { credential } = verification.registrationInfo
      if (await store.passkeyByCredential(credential.id)) throw new FrameError(FRAME_MESSAGES.passkeyFailed, 409)
      const row: PasskeyRow = {
        credential_id: credential.id,
        id: randomUUID(),
        user_id: user.id,
        public_key: toBase64url(credential.publicKey),
        rp_id: rpID,
        counter: credential.counter,
        transports: (response.response.transports ?? []).filter((t) => passkeyTransportSchema.safeParse(t).success).join(','),
        name,
        created_at: now(),
        last_used_at: null,
      }
      if (!(await store.insertPasskey(row, MAX_PASSKEYS))) throw new FrameError(FRAME_MESSAGES.passkeyLimit, 409)
      return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: null }
    },

    /** Options for signing in with a discoverable passkey: no user named, the challenge bound to this browser session. */
    async loginOptions(context: CallContext, binding: string | undefined): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { rpID, origin } = relyingParty(context)
      const taken = await store.takeLimits([{ key: `passkey-login:${context.client}`, limit: LOGIN_STARTS_PER_MINUTE, windowMs: 60_000 }], now())
      if (!taken.ok) throw new FrameError(FRAME_MESSAGES.tooManyTriesWait.replace('{seconds}', String(Math.max(1, Math.ceil((taken.resetAt - now()) / 1000)))), 429)
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: CEREMONY_TIMEOUT_MS, allowCredentials: [] })
      await keep('passkey-login', options.challenge, binding, { projectId: context.projectId, origin: context.origin, frameOrigin: origin })
      return options
    },

    /** Checks an assertion (its challenge, origin, relying party, user verification and counter): the session token of its user. */
    async login(response: z.output<typeof authenticationResponseSchema>, context: CallContext, binding: string | undefined): Promise<string> {
      const { challenge } = await take('passkey-login', response.response.clientDataJSON, binding, context)
      const passkey = await verifyAssertion(response, challenge, context)
      return accounts.passkeySession(passkey.user_id, context)
    },

    /** Options for proving one of the signed-in user's own passkeys again (a fresh factor), bound to this session. */
    async stepUpOptions(user: FrameUser, context: CallContext, binding: string | undefined): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { rpID, origin } = relyingParty(context)
      const own = (await store.userPasskeys(user.id)).filter((p) => p.rp_id === rpID)
      if (own.length === 0) throw new FrameError(FRAME_MESSAGES.freshFactorNeeded, 403)
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: CEREMONY_TIMEOUT_MS,
        allowCredentials: own.map((p) => ({ id: p.credential_id, transports: p.transports.split(',').filter(Boolean) as z.infer<typeof passkeyTransportSchema>[] })),
      })
      await keep('passkey-step-up', options.challenge, binding, { projectId: context.projectId, origin: context.origin, frameOrigin: origin, userId: user.id, sessionId: user.session?.id })
      return options
    },

    /** One of the user's own passkeys proved again in this session: a fresh factor for a few minutes. */
    async stepUp(user: FrameUser, response: z.output<typeof authenticationResponseSchema>, context: CallContext, binding: string | undefined): Promise<void> {
      const { challenge, data } = await take('passkey-step-up', response.response.clientDataJSON, binding, context)
      if (data.userId !== user.id || data.sessionId !== user.session?.id) throw new FrameError(FRAME_MESSAGES.socialStateUnknown)
      const passkey = await verifyAssertion(response, challenge, context)
      if (passkey.user_id !== user.id) throw new FrameError(FRAME_MESSAGES.passkeyUnknown, 401)
      await accounts.recordStepUp(user)
    },

    async list(user: FrameUser): Promise<PasskeyInfo[]> {
      return (await store.userPasskeys(user.id)).map((p) => ({ id: p.id, name: p.name, createdAt: p.created_at, lastUsedAt: p.last_used_at }))
    },

    /** Removes one of the user's passkeys; never the last way in. */
    async remove(user: FrameUser, id: string): Promise<boolean> {
      const result = await store.deletePasskey(user.id, id)
      if (result === 'last') throw new FrameError(FRAME_MESSAGES.passkeyLastWayIn, 409)
      return result === 'removed'
    },
  }
}
