/**
 * The embedded wallet's frame protocol (SPEC.md §7 "Embedded-wallet iframe"): the messages the modal
 * (the app) and the secure frame post to each other, with their zod schemas. Both sides parse every
 * message they receive with these schemas, after checking its origin and source.
 *
 * A request is `{ type: 'APP_<EVENT>', id, payload }`, with `id` from `crypto.randomUUID()`; the frame
 * answers `{ type: 'FRAME_<EVENT>_SUCCESS', id, payload }` or `{ type: 'FRAME_<EVENT>_ERROR', id,
 * payload: { message, code? } }`. Unasked, the frame posts `FRAME_READY` once it can take requests,
 * `FRAME_INIT_ERROR` when it refuses the page (origin not allow-listed, unknown project id), and
 * `FRAME_APPROVAL_SHOW` / `FRAME_APPROVAL_HIDE` while an unsafe request waits for the visitor in the
 * frame's own approval, or in the approval window the frame opens (`where`); the page lays the frame
 * over its modal, it never approves: no message does.
 */
import * as z from './zod-mini.ts'
import { SOCIAL_PROVIDERS } from './config-defaults.ts'
import { MESSAGES } from './errors.ts'
import { safeWebUrlSchema } from './safeUrlSchema.ts'
import { EMBEDDED_SDK_VERSION_DEFAULT, FRAME_APPROVAL_MAX_HEIGHT } from './embedded-rpc.ts'

export {
  EMBEDDED_SDK_VERSION_DEFAULT,
  EMBEDDED_LOG_LEVEL_DEFAULT,
  EMBEDDED_REQUEST_TIMEOUT_MS,
  EMBEDDED_READY_WAIT_MS,
  EMBEDDED_NOT_ALLOWED_MESSAGE_DELAY_MS,
  USER_REJECTED_CODE,
  FRAME_APPROVAL_MAX_HEIGHT,
  SAFE_RPC_METHODS,
  UNSAFE_RPC_METHODS,
  classifyRpcMethod,
  type RpcMethodClass,
} from './embedded-rpc.ts'
/** Id of the embedded wallet's connector (type AUTH), the id its connections are kept with (zod-free in `connectors.ts`). */
export { AUTH_CONNECTOR_ID } from './connectors.ts'

/** Social providers the frame logs in with through OpenID Connect (Farcaster has its own flow). */
export const OIDC_SOCIAL_PROVIDERS = SOCIAL_PROVIDERS.filter((p): p is Exclude<(typeof SOCIAL_PROVIDERS)[number], 'farcaster'> => p !== 'farcaster')
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS)
export type SocialProvider = z.infer<typeof socialProviderSchema>

/** The frame page's query: `${frameUrl}/frame?projectId=…&chainId=…&version=4&enableLogger=false` (SPEC.md §7). */
export const frameQuerySchema = z.object({
  projectId: z.string().check(z.minLength(1)),
  chainId: z.string().check(z.minLength(1)),
  version: z._default(z.coerce.number().check(z.int(), z.positive()), EMBEDDED_SDK_VERSION_DEFAULT),
  enableLogger: z._default(z.enum(['true', 'false']), 'false'),
})
export type FrameQuery = z.infer<typeof frameQuerySchema>

/** SPEC.md §3 "Embedded-wallet user". */
export const embeddedAccountSchema = z.object({
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  type: z.enum(['eoa', 'smartAccount']),
})
export const embeddedUserSchema = z.object({
  email: z.optional(z.email()),
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  chainId: z.union([z.int().check(z.positive()), z.string().check(z.minLength(1))]),
  accounts: z.optional(z.array(embeddedAccountSchema)),
  userName: z.optional(z.string()),
  /** The social provider the visitor logged in with, absent for email. */
  socialProvider: z.optional(socialProviderSchema),
  smartAccountDeployed: z.optional(z.boolean()),
  preferredAccountType: z.optional(z.enum(['eoa', 'smartAccount'])),
  /** The user's Solana account (SPEC.md §4: eoa on solana): base58 of its ed25519 key, kept in the frame like the EVM key. */
  solanaAddress: z.optional(z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))),
})
export type EmbeddedUser = z.infer<typeof embeddedUserSchema>

/** One of the visitor's sessions of the embedded wallet, as the frame service lists them (GET_SESSIONS). */
export const embeddedSessionSchema = z.object({
  /** What names the session to END_SESSION (not its token: it opens nothing). */
  id: z.uuid(),
  /** The browser and system it was made on ('Firefox on Linux'); null when that device never said. */
  device: z.nullable(z.string().check(z.maxLength(40))),
  /** When it began and when it was last used (ms since the epoch). */
  firstSeen: z.number().check(z.nonnegative()),
  lastSeen: z.number().check(z.nonnegative()),
  /** This device's session (the one asking). */
  current: z.boolean(),
  /** Opened on this dapp (its project and origin); other sites are not named. */
  thisSite: z.boolean(),
})
export type EmbeddedSession = z.infer<typeof embeddedSessionSchema>
/** One of the visitor's passkeys, as the frame service lists them (GET_PASSKEYS). */
export const embeddedPasskeySchema = z.object({
  id: z.uuid(),
  name: z.string().check(z.maxLength(64)),
  createdAt: z.number().check(z.nonnegative()),
  lastUsedAt: z.nullable(z.number().check(z.nonnegative())),
})
export type EmbeddedPasskey = z.infer<typeof embeddedPasskeySchema>
/** The most passkeys one visitor may have (and GET_PASSKEYS answers). */
export const EMBEDDED_PASSKEYS_MAX = 10
/** The most sessions GET_SESSIONS answers (the most recently used, this device's always among them). */
export const EMBEDDED_SESSIONS_MAX = 50

const empty = z.strictObject({})
const otp = z.object({ otp: z.string().check(z.regex(/^\d{6}$/)) })
const email = z.object({ email: z.email() })
const chainIdPayload = z.object({ chainId: z.union([z.int().check(z.positive()), z.string().check(z.minLength(1))]) })
const themePayload = z.object({
  themeMode: z.optional(z.enum(['light', 'dark'])),
  themeVariables: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  w3mThemeVariables: z.optional(z.record(z.string(), z.string())),
})
const dappDataPayload = z.object({
  metadata: z.optional(z.object({ name: z.string(), description: z.string(), url: z.string(), icons: z.array(z.string()) })),
  sdkVersion: z.string(),
  sdkType: z.string(),
  projectId: z.string().check(z.minLength(1)),
})

/**
 * Every event of SPEC.md §7: its request payload and its success payload. The message types are
 * `APP_${event}` and `FRAME_${event}_SUCCESS` / `FRAME_${event}_ERROR`.
 */
export const EMBEDDED_EVENTS = {
  SWITCH_NETWORK: { request: chainIdPayload, response: chainIdPayload },
  /** Answers what comes next: confirm the device by email first, enter the code, or connected. */
  CONNECT_EMAIL: { request: email, response: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }) },
  /** Resolves once the visitor opened the device-confirmation link of the email. */
  CONNECT_DEVICE: { request: empty, response: empty },
  CONNECT_OTP: { request: otp, response: empty },
  /** `uri`: the social provider's redirect back (authorization code and state), as the popup ended on it. */
  CONNECT_SOCIAL: { request: z.object({ uri: z.url() }), response: embeddedUserSchema },
  GET_SOCIAL_REDIRECT_URI: { request: z.object({ provider: socialProviderSchema }), response: z.object({ uri: safeWebUrlSchema() }) },
  GET_USER: {
    request: z.object({ chainId: z.optional(z.union([z.int().check(z.positive()), z.string().check(z.minLength(1))])), preferredAccountType: z.optional(z.enum(['eoa', 'smartAccount'])) }),
    response: embeddedUserSchema,
  },
  SIGN_OUT: { request: empty, response: empty },
  IS_CONNECTED: { request: empty, response: z.object({ isConnected: z.boolean() }) },
  GET_CHAIN_ID: { request: empty, response: chainIdPayload },
  RPC_REQUEST: {
    request: z.object({ method: z.string().check(z.minLength(1)), params: z.optional(z.unknown()), chainId: z.optional(z.union([z.int().check(z.positive()), z.string().check(z.minLength(1))])) }),
    response: z.object({ result: z.unknown() }),
  },
  UPDATE_EMAIL: { request: email, response: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }) },
  UPDATE_EMAIL_PRIMARY_OTP: { request: otp, response: empty },
  UPDATE_EMAIL_SECONDARY_OTP: { request: otp, response: z.object({ newEmail: z.email() }) },
  SYNC_THEME: { request: themePayload, response: empty },
  SYNC_DAPP_DATA: { request: dappDataPayload, response: empty },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { request: empty, response: z.object({ smartAccountEnabledNetworks: z.array(z.int().check(z.positive())) }) },
  SET_PREFERRED_ACCOUNT: {
    request: z.object({ type: z.enum(['eoa', 'smartAccount']) }),
    response: z.object({ type: z.enum(['eoa', 'smartAccount']), address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)) }),
  },
  /** Resolves once the Farcaster wallet approved the sign-in of the channel GET_FARCASTER_URI opened. */
  CONNECT_FARCASTER: { request: empty, response: embeddedUserSchema },
  GET_FARCASTER_URI: { request: empty, response: z.object({ url: safeWebUrlSchema() }) },
  RELOAD: { request: empty, response: empty },
  /** The visitor's live sessions of the embedded wallet, on every device and dapp, the most recently used first. */
  GET_SESSIONS: { request: empty, response: z.object({ sessions: z.array(embeddedSessionSchema).check(z.maxLength(EMBEDDED_SESSIONS_MAX)) }) },
  /** Ends one session (signs that device out); `ended: false` when it had ended already. */
  END_SESSION: { request: z.object({ id: z.uuid() }), response: z.object({ ended: z.boolean() }) },
  /** Signs the visitor out everywhere: every session ends, this device's too unless `keepCurrent`. */
  END_ALL_SESSIONS: { request: z.object({ keepCurrent: z.boolean() }), response: z.object({ ended: z.int().check(z.nonnegative()) }) },
  /** The visitor's passkeys of the embedded wallet: name, created, last used (never a key). */
  GET_PASSKEYS: { request: empty, response: z.object({ passkeys: z.array(embeddedPasskeySchema).check(z.maxLength(EMBEDDED_PASSKEYS_MAX)) }) },
  /**
   * Shows the frame's own "Add a passkey" panel (laid over the modal like an approval); the passkey is
   * made only after the visitor's own click there and the authenticator's check. Answers the new
   * passkey, or 4001 when the visitor cancels.
   */
  ADD_PASSKEY: { request: empty, response: z.object({ passkey: embeddedPasskeySchema }) },
  /** Shows the frame's own "Remove this passkey?" panel; removed only after the visitor's click there (never the last way in). */
  REMOVE_PASSKEY: { request: z.object({ id: z.uuid() }), response: z.object({ removed: z.boolean() }) },
  /** Shows the frame's own "Sign in with a passkey" panel: signed in with a discoverable passkey of the frame's origin, no email. */
  CONNECT_PASSKEY: { request: empty, response: embeddedUserSchema },
  /** Whether the visitor's authenticator app (a second factor, TOTP) is on. */
  GET_TOTP: { request: empty, response: z.object({ enabled: z.boolean() }) },
  /**
   * Shows the frame's own "Set up an authenticator app" panel: its QR code and key, and the first code
   * the visitor types from the app turns it on; then the recovery codes, shown once, in the frame only.
   * The page learns only that it is on, or 4001 when the visitor cancels.
   */
  SETUP_TOTP: { request: empty, response: z.object({ enabled: z.boolean() }) },
  /**
   * Shows the frame's own "Export your private key" panel: a warning to be ticked as read, then, after
   * the visitor's own click there and a fresh factor (a login, passkey or authenticator-app code of the
   * last 5 minutes, asked for in the frame), the key shown in the frame only. The page learns only that it was shown.
   */
  EXPORT_KEY: { request: z.object({ chain: z.enum(['evm', 'solana']) }), response: z.object({ exported: z.boolean() }) },
  /**
   * The page gives up on every unsafe request waiting in the frame's approval (the modal closed, a
   * disallowed call): each is answered with FRAME_RPC_REQUEST_ERROR, code 4001. There is no message
   * that approves: only a trusted gesture inside the frame does.
   */
  ABORT_APPROVALS: { request: empty, response: z.object({ aborted: z.int().check(z.nonnegative()) }) },
} as const satisfies Record<string, { request: z.ZodMiniType; response: z.ZodMiniType }>

export type EmbeddedEvent = keyof typeof EMBEDDED_EVENTS
export const EMBEDDED_EVENT_NAMES = Object.keys(EMBEDDED_EVENTS) as EmbeddedEvent[]
export type EmbeddedRequest<E extends EmbeddedEvent> = z.input<(typeof EMBEDDED_EVENTS)[E]['request']>
export type EmbeddedResponse<E extends EmbeddedEvent> = z.output<(typeof EMBEDDED_EVENTS)[E]['response']>

/** Requests that time out at EMBEDDED_REQUEST_TIMEOUT_MS with 'Something went wrong' (SPEC.md §9). */
export const EMBEDDED_TIMED_EVENTS: readonly EmbeddedEvent[] = ['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP', 'CONNECT_SOCIAL', 'GET_SOCIAL_REDIRECT_URI']

const requestId = z.uuid()
/** `code`: an EIP-1193 provider error code when there is one (4001: the visitor rejected, or the page aborted). */
const errorPayload = z.object({ message: z.string().check(z.minLength(1)), code: z.optional(z.int()) })
/** A message the app posts to the frame. */
export const appMessageSchema = z.discriminatedUnion(
  'type',
  EMBEDDED_EVENT_NAMES.map((event) => z.object({ type: z.literal(`APP_${event}`), id: requestId, payload: EMBEDDED_EVENTS[event].request })) as unknown as [
    z.ZodMiniObject<{ type: z.ZodMiniLiteral<string>; id: typeof requestId; payload: z.ZodMiniType }>,
  ],
)
export type AppMessage = { [E in EmbeddedEvent]: { type: `APP_${E}`; id: string; payload: EmbeddedRequest<E> } }[EmbeddedEvent]

/** Where the visitor approves an unsafe request: in the frame, or in a window of the frame's origin. */
export const frameApprovalWhereSchema = z.enum(['frame', 'window'])
export type FrameApprovalWhere = z.output<typeof frameApprovalWhereSchema>

/**
 * A message the frame posts to the app: an answer (payload checked against the event's own schema
 * with `parseFrameAnswer`), FRAME_READY, or FRAME_INIT_ERROR.
 */
export const frameMessageSchema = z.union([
  z.object({ type: z.literal('FRAME_READY') }),
  z.object({ type: z.literal('FRAME_INIT_ERROR'), payload: errorPayload }),
  /**
   * An unsafe request waits in the frame's approval: the page shows the frame over its modal, `height`
   * CSS pixels tall. `where` says where the visitor approves it: 'frame', in the frame itself; 'window',
   * in a window of the frame's own origin that the frame opens on the visitor's click (an engine that
   * cannot show the frame is fully visible). Absent (a frame service of before): 'frame'. `panel`: what
   * shows is one of the frame's own settings panels (a passkey, the key's export), not a request.
   */
  z.object({
    type: z.literal('FRAME_APPROVAL_SHOW'),
    payload: z.object({ height: z.int().check(z.gte(1), z.lte(FRAME_APPROVAL_MAX_HEIGHT)), where: z.optional(frameApprovalWhereSchema), panel: z.optional(z.boolean()) }),
  }),
  /** Nothing waits in the frame's approval any more: the page hides the frame. */
  z.object({ type: z.literal('FRAME_APPROVAL_HIDE') }),
  z.object({ type: z.string().check(z.regex(/^FRAME_[A-Z_]+_SUCCESS$/)), id: requestId, payload: z.unknown() }),
  z.object({ type: z.string().check(z.regex(/^FRAME_[A-Z_]+_ERROR$/)), id: requestId, payload: errorPayload }),
])
export type FrameMessage = z.output<typeof frameMessageSchema>

/**
 * Parses one answer of the frame to a request of `event`: the success payload through the event's
 * schema, or the error's message. `undefined` for a message that answers another event.
 */
export function parseFrameAnswer<E extends EmbeddedEvent>(
  event: E,
  message: FrameMessage,
): { ok: true; payload: EmbeddedResponse<E> } | { ok: false; message: string; code?: number | undefined } | undefined {
  if (!('id' in message)) return undefined
  if (message.type === `FRAME_${event}_SUCCESS`) {
    const parsed = EMBEDDED_EVENTS[event].response.safeParse(message.payload)
    return parsed.success ? { ok: true, payload: parsed.data as EmbeddedResponse<E> } : { ok: false, message: MESSAGES.embeddedDefaultError }
  }
  if (message.type === `FRAME_${event}_ERROR`) {
    const { message: text, code } = message.payload as { message: string; code?: number }
    return code === undefined ? { ok: false, message: text } : { ok: false, message: text, code }
  }
  return undefined
}

/** The message a social login's callback page posts to the window that opened the popup. */
export const socialCallbackMessageSchema = z.object({ type: z.literal('PORTICO_SOCIAL_CALLBACK'), uri: z.url() })
