import { embeddedUserSchema, socialProviderSchema } from '@portico/shared-types/embedded'
import * as z from 'zod'
import { DEVICE_LABEL_MAX } from './device-label.ts'
import { MAX_PASSKEYS, authenticationResponseSchema, passkeyInfoSchema, registrationResponseSchema } from './passkey-schemas.ts'

/**
 * The JSON API between the frame page and its own service (same origin): every request body and
 * answer, parsed on both sides. Every call is a POST carrying `Origin` (the service's own),
 * `x-portico-project: <projectId>` and `x-portico-embedder: <the dapp's origin>` (on the project's
 * allow-list), else 403 `{ error: 'Invalid App Configuration' }`; the social and Farcaster steps
 * also carry `x-portico-binding` (the browser session's secret). Calls after login carry
 * `Authorization: Bearer <token>`; errors are `{ error }` with a 4xx status.
 */

const chainId = z.union([z.number().int().positive(), z.string().min(1)])
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/)
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/)

/** An ERC-4337 v0.8 user operation as JSON-RPC carries it, unsigned: what the frame shows and the service then signs. */
export const unsignedUserOperationSchema = z
  .object({
    sender: address,
    nonce: quantity,
    factory: address.optional(),
    factoryData: hex.optional(),
    callData: hex,
    callGasLimit: quantity,
    verificationGasLimit: quantity,
    preVerificationGas: quantity,
    maxFeePerGas: quantity,
    maxPriorityFeePerGas: quantity,
    paymaster: address.optional(),
    paymasterVerificationGasLimit: quantity.optional(),
    paymasterPostOpGasLimit: quantity.optional(),
    paymasterData: hex.optional(),
  })
  .strict()
export type UnsignedUserOperation = z.infer<typeof unsignedUserOperationSchema>
/** The most sessions a user's list shows (the most recently used; the asking one always among them). */
export const MAX_LISTED_SESSIONS = 50
const deviceId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/)
/** A browser's User-Agent as the page reads it (`navigator.userAgent`); only its short name is kept. */
const userAgent = z.string().max(1024)
const sessionId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
/** One of the user's sessions (accounts.ts SessionInfo). */
export const sessionInfoSchema = z.object({
  id: sessionId,
  device: z.string().max(DEVICE_LABEL_MAX).nullable(),
  firstSeen: z.number().nonnegative(),
  lastSeen: z.number().nonnegative(),
  current: z.boolean(),
  thisSite: z.boolean(),
})
const otp = z.string().regex(/^\d{6}$/)
const solanaAddress = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
const solanaNetwork = z.string().regex(/^solana:[-_a-zA-Z0-9]{1,32}$/)
/** A wire transaction as base64 (at most 1,232 bytes on Solana's network). */
const solanaWireTransaction = z
  .string()
  .min(1)
  .max(2_000)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/)

export const FRAME_API = {
  emailConnect: {
    path: '/api/email/connect',
    request: z.object({ email: z.string().email(), deviceId }),
    response: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  },
  /** Long poll: answers once the device link was opened, or `{ confirmed: false }` after a while. */
  emailDevice: { path: '/api/email/device', request: z.object({ email: z.string().email(), deviceId }), response: z.object({ confirmed: z.boolean() }) },
  emailOtp: { path: '/api/email/otp', request: z.object({ email: z.string().email(), deviceId, otp }), response: z.object({ token: z.string().min(1) }) },
  user: { path: '/api/user', request: z.object({ chainId: chainId.optional() }), response: embeddedUserSchema },
  switchChain: { path: '/api/chain', request: z.object({ chainId }), response: z.object({ chainId: z.number().int().positive() }) },
  signOut: { path: '/api/sign-out', request: z.object({}), response: z.object({}) },
  /** Names this session's device from the browser's User-Agent (kept only as 'Firefox on Linux'); the page calls it after each sign-in. */
  sessionDevice: { path: '/api/sessions/device', request: z.object({ userAgent }), response: z.object({}) },
  /**
   * The user's live sessions, the most recently used first: device, first and last seen, the one
   * asking (`current`), and whether each is on this project and dapp origin (other sites are not named).
   * With `userAgent`, this session's device is named first.
   */
  sessions: {
    path: '/api/sessions',
    request: z.object({ userAgent: userAgent.optional() }),
    response: z.object({ sessions: z.array(sessionInfoSchema).max(MAX_LISTED_SESSIONS) }),
  },
  /** Ends one session of the user (its id from `sessions`); `ended: false` when it had ended already (or is not the user's). */
  endSession: { path: '/api/sessions/end', request: z.object({ id: sessionId }), response: z.object({ ended: z.boolean() }) },
  /** Signs the user out everywhere: every session ends, this one too unless `keepCurrent`. */
  endAllSessions: { path: '/api/sessions/end-all', request: z.object({ keepCurrent: z.boolean() }), response: z.object({ ended: z.number().int().nonnegative() }) },
  /** The names of addresses an approval shows (the blockchain-data API's identity), for a signed-in user. */
  names: {
    path: '/api/names',
    request: z.object({
      addresses: z
        .array(z.string().regex(/^0x[0-9a-fA-F]{40}$/))
        .min(1)
        .max(8),
    }),
    response: z.object({ names: z.record(z.string(), z.string()) }),
  },
  /**
   * A Solana request signed with the user's ed25519 key (`solana_signMessage`, `solana_signTransaction`,
   * `solana_signAndSendTransaction`) on one of the service's Solana networks (its CAIP-2 id): the frame
   * page calls it only after the visitor approved exactly these params.
   */
  solana: {
    path: '/api/solana',
    request: z.object({ method: z.string().min(1), params: z.unknown().optional(), network: z.string().regex(/^solana:[-_a-zA-Z0-9]{1,32}$/) }),
    response: z.object({ result: z.unknown() }),
  },
  /**
   * The address lookup tables a v0 transaction reads, as the network holds them: each readable
   * table's addresses (those a transaction may load now, in order). A table that cannot be read is
   * left out, and the approval says it cannot show those accounts.
   */
  solanaLookupTables: {
    path: '/api/solana/lookup-tables',
    request: z.object({ network: solanaNetwork, addresses: z.array(solanaAddress).min(1).max(64) }),
    response: z.object({ tables: z.record(solanaAddress, z.array(solanaAddress).max(256)) }),
  },
  /**
   * What a Solana transaction would change for the user's own Solana account, simulated on the
   * network's RPC (solana-simulate.ts): SOL (the network fee left out) and each token the account's
   * token accounts hold, as decimal strings of the smallest unit, negative when they leave the account.
   */
  solanaSimulate: {
    path: '/api/solana/simulate',
    request: z.object({ network: solanaNetwork, from: solanaAddress, transaction: solanaWireTransaction }),
    response: z.discriminatedUnion('status', [
      z.object({
        status: z.literal('simulated'),
        changes: z
          .array(
            z.object({
              kind: z.enum(['sol', 'spl']),
              mint: solanaAddress.optional(),
              symbol: z.string().max(32).optional(),
              decimals: z.number().int().min(0).max(255).optional(),
              diff: z.string().regex(/^-?\d{1,40}$/),
            }),
          )
          .max(128),
      }),
      z.object({ status: z.literal('reverts'), reason: z.string().max(1_000) }),
      z.object({ status: z.literal('unavailable'), reason: z.string().max(1_000) }),
    ]),
  },
  rpc: { path: '/api/rpc', request: z.object({ method: z.string().min(1), params: z.unknown().optional(), chainId: chainId.optional() }), response: z.object({ result: z.unknown() }) },
  /**
   * A smart account's calls as one user operation, built (gas, nonce, the project's paymaster) but
   * not signed: the page shows it, and on the visitor's approval sends it back to userOperationSend.
   */
  userOperationPrepare: {
    path: '/api/user-operation/prepare',
    request: z.object({
      chainId: chainId.optional(),
      calls: z
        .array(z.object({ to: address, value: quantity, data: hex }))
        .min(1)
        .max(16),
    }),
    response: z.object({ userOperation: unsignedUserOperationSchema, hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/), entryPoint: address, sponsored: z.boolean() }),
  },
  /**
   * What calls would do to one of the user's accounts (its EOA or its smart account), simulated on
   * the chain's node (simulate.ts): amounts as decimal strings, negative when they leave the account.
   */
  simulate: {
    path: '/api/simulate',
    request: z.object({
      chainId: chainId.optional(),
      from: address,
      calls: z
        .array(z.object({ to: address.optional(), value: quantity.optional(), data: hex.optional() }))
        .min(1)
        .max(16),
    }),
    response: z.discriminatedUnion('status', [
      z.object({
        status: z.literal('simulated'),
        changes: z.array(
          z.object({
            kind: z.enum(['native', 'erc20', 'erc721', 'erc1155', 'spl']),
            token: address.optional(),
            symbol: z.string().max(32).optional(),
            decimals: z.number().int().min(0).max(36).optional(),
            tokenIds: z
              .array(z.string().regex(/^\d{1,78}$/))
              .max(64)
              .optional(),
            diff: z.string().regex(/^-?\d{1,80}$/),
          }),
        ),
        approvals: z.array(
          z.object({
            kind: z.enum(['erc20', 'nft', 'all']),
            token: address,
            symbol: z.string().max(32).optional(),
            decimals: z.number().int().min(0).max(36).optional(),
            spender: address,
            amount: z
              .string()
              .regex(/^\d{1,80}$/)
              .optional(),
            tokenId: z
              .string()
              .regex(/^\d{1,78}$/)
              .optional(),
            unlimited: z.boolean(),
            revoked: z.boolean(),
          }),
        ),
      }),
      z.object({ status: z.literal('reverts'), call: z.number().int().min(0), reason: z.string().max(1_000) }),
      z.object({ status: z.literal('unavailable'), reason: z.string().max(1_000) }),
    ]),
  },
  /** Signs exactly this operation with the user's key (the smart account's owner) and hands it to the bundler: the operation's hash. */
  userOperationSend: {
    path: '/api/user-operation/send',
    request: z.object({ chainId: chainId.optional(), userOperation: unsignedUserOperationSchema }),
    response: z.object({ hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/) }),
  },
  /** The chains whose users can have a smart account (the EntryPoint v0.8 and a bundler): SPEC.md §7 "smart account networks". */
  smartAccountNetworks: { path: '/api/smart-account-networks', request: z.object({}), response: z.object({ chainIds: z.array(z.number().int().positive()) }) },
  preferredAccount: {
    path: '/api/preferred-account',
    request: z.object({ type: z.enum(['eoa', 'smartAccount']) }),
    response: z.object({ type: z.enum(['eoa', 'smartAccount']), address: z.string() }),
  },
  updateEmail: { path: '/api/email/update', request: z.object({ email: z.string().email() }), response: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }) },
  updateEmailPrimary: { path: '/api/email/update/primary', request: z.object({ otp }), response: z.object({}) },
  /** The answer carries the session's new token: the one presented stops working (a rotation). */
  updateEmailSecondary: { path: '/api/email/update/secondary', request: z.object({ otp }), response: z.object({ newEmail: z.string().email(), token: z.string().min(1) }) },
  socialStart: {
    path: '/api/social/start',
    request: z.object({ provider: socialProviderSchema, projectId: z.string().min(1), dappOrigin: z.string().url() }),
    response: z.object({ uri: z.string().url() }),
  },
  socialFinish: { path: '/api/social/finish', request: z.object({ uri: z.string().url() }), response: z.object({ token: z.string().min(1) }) },
  farcasterStart: { path: '/api/farcaster/start', request: z.object({}), response: z.object({ url: z.string().min(1), channelToken: z.string().min(1) }) },
  /** Long poll: answers the session once the Farcaster wallet approved, or `{ pending: true }` after a while. */
  farcasterFinish: {
    path: '/api/farcaster/finish',
    request: z.object({ channelToken: z.string().min(1) }),
    response: z.union([z.object({ token: z.string().min(1) }), z.object({ pending: z.literal(true) })]),
  },
  /** A new passkey's creation options for the signed-in user (its challenge bound to this session and browser session). */
  passkeyRegisterOptions: { path: '/api/passkeys/register/options', request: z.object({}), response: z.object({ options: z.object({ challenge: z.string() }).passthrough() }) },
  /** The new credential the frame's ceremony made, checked against its challenge and kept (named after the browser and system of `userAgent`: 'Chrome on Linux'). */
  passkeyRegister: {
    path: '/api/passkeys/register',
    request: z.object({ response: registrationResponseSchema, userAgent: z.string().max(1024) }),
    response: z.object({ passkey: passkeyInfoSchema }),
  },
  /** Options for signing in with a discoverable passkey (no user named). */
  passkeyLoginOptions: { path: '/api/passkeys/login/options', request: z.object({}), response: z.object({ options: z.object({ challenge: z.string() }).passthrough() }) },
  /** An assertion of a passkey: the session token of its user. */
  passkeyLogin: { path: '/api/passkeys/login', request: z.object({ response: authenticationResponseSchema }), response: z.object({ token: z.string().min(1) }) },
  /** The signed-in user's passkeys: name, created, last used (never a key or credential id). */
  passkeys: { path: '/api/passkeys', request: z.object({}), response: z.object({ passkeys: z.array(passkeyInfoSchema).max(MAX_PASSKEYS) }) },
  /** Removes one of the user's passkeys; refused (409) when it is the last way in. */
  passkeyRemove: { path: '/api/passkeys/remove', request: z.object({ id: z.uuid() }), response: z.object({ removed: z.boolean() }) },
  /** Options for proving one of the signed-in user's passkeys again (a fresh factor for key export). */
  stepUpOptions: { path: '/api/step-up/options', request: z.object({}), response: z.object({ options: z.object({ challenge: z.string() }).passthrough() }) },
  /** The assertion of one of the user's own passkeys: this session has a fresh factor for 5 minutes. */
  stepUp: { path: '/api/step-up', request: z.object({ response: authenticationResponseSchema }), response: z.object({}) },
  /**
   * The user's private key (EVM: 0x hex; Solana: base58 of the 64-byte secret key), for the frame page
   * to show on its own origin: only with a login or second factor of the last 5 minutes (else 403), and
   * the user is mailed that it was exported.
   */
  exportKey: { path: '/api/export-key', request: z.object({ chain: z.enum(['evm', 'solana']) }), response: z.object({ key: z.string().min(1).max(200) }) },
  /** Whether the signed-in user's authenticator app (TOTP) is on. */
  totpStatus: { path: '/api/totp', request: z.object({}), response: z.object({ enabled: z.boolean() }) },
  /** A new authenticator-app secret (not on yet), for the frame to show as a QR code and text: never to the page. */
  totpSetup: { path: '/api/totp/setup', request: z.object({}), response: z.object({ uri: z.string().startsWith('otpauth://totp/'), secret: z.string().regex(/^[A-Z2-7]+$/) }) },
  /** Turns the app on with its first code; answers the recovery codes, shown once. */
  totpEnable: { path: '/api/totp/enable', request: z.object({ code: z.string().regex(/^\d{6}$/) }), response: z.object({ recoveryCodes: z.array(z.string()).length(10) }) },
  /** A code of the app, or a recovery code: a fresh factor for this session for 5 minutes. */
  totpStepUp: { path: '/api/totp/step-up', request: z.object({ code: z.string().regex(/^(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})$/) }), response: z.object({}) },
} as const satisfies Record<string, { path: string; request: z.core.$ZodType; response: z.core.$ZodType }>

export type FrameApi = typeof FRAME_API
export type FrameApiName = keyof FrameApi
export const frameApiErrorSchema = z.object({ error: z.string().min(1) })

/** What the frame page finds in its own HTML (`<script type="application/json" id="portico-frame-config">`). */
export const framePageConfigSchema = z.object({
  projectId: z.string(),
  /** The project's allowed origins; null for an unknown project id or a malformed frame URL. */
  allowedOrigins: z.array(z.string()).nullable(),
  /** The chain the frame was loaded with, when the sandbox serves it. */
  chainId: z.number().int().positive().nullable(),
  chains: z.array(z.object({ id: z.number().int().positive(), name: z.string() })),
  /** The Solana networks the service signs for (CAIP-2 id and name). */
  solanaNetworks: z.array(z.object({ caipNetworkId: z.string(), name: z.string() })).default([]),
  logger: z.boolean(),
})
export type FramePageConfig = z.infer<typeof framePageConfigSchema>
export const FRAME_CONFIG_ELEMENT_ID = 'portico-frame-config'
