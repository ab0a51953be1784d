/**
 * The dapp's sign-in options (SPEC.md §4 SIWX) as its configuration gives them: the verifier options,
 * or a dapp's own SIWX configuration, and what one-click sign-in through WalletConnect needs. Written
 * with zod's mini flavour: the page parses them with the configuration before the visitor acts.
 */
import * as z from './zod-mini.ts'
import { PorticoError } from './errors.ts'
import { caipNetworkIdSchema, type CaipNetworkId } from './caip.ts'

/** A SIWX session: the signed message data, the message, its signature and an optional CACAO. */
export const siwxSessionSchema = z.object({
  data: z.looseObject({
    accountAddress: z.string().check(z.minLength(1)),
    chainId: caipNetworkIdSchema,
    domain: z.optional(z.string()),
    uri: z.optional(z.string()),
    version: z.optional(z.string()),
    nonce: z.optional(z.string()),
    statement: z.optional(z.string()),
    issuedAt: z.optional(z.string()),
    expirationTime: z.optional(z.string()),
    notBefore: z.optional(z.string()),
  }),
  message: z.string(),
  signature: z.string(),
  cacao: z.optional(z.looseObject({})),
})
export type SiwxSession = z.infer<typeof siwxSessionSchema>

/** SIWX sessions last a day unless the dapp says otherwise. */
export const SIWX_DEFAULT_EXPIRES_IN_MS = 24 * 60 * 60 * 1000

export const siwxConfigSchema = z.object({
  /** The visitor must sign in: the sign view cannot be closed, and cancelling disconnects. */
  required: z._default(z.boolean(), false),
  /** The EIP-4361 statement the wallet shows. */
  statement: z.optional(z.string()),
  /** How long a session lasts from signing. */
  expiresInMs: z._default(z.int().check(z.positive()), SIWX_DEFAULT_EXPIRES_IN_MS),
})
export type SiwxConfig = z.output<typeof siwxConfigSchema>
/** `siweConfig`, the older name of the verifier options. */
export const siweConfigSchema = siwxConfigSchema

/** The data of a message to sign (AppKit's `SIWXMessage.Data`): what a session keeps. */
export type SiwxMessageData = SiwxSession['data']
/** What `createMessage` is given: the account and its chain (CAIP-2). */
export type SiwxMessageInput = { accountAddress: string; chainId: CaipNetworkId }
/** A message to sign: its data, and its text from `toString()` (AppKit's `SIWXMessage`). */
export type SiwxMessage = SiwxMessageData & { toString(): string }

const dappFunction = <T>(name: string) => z.custom<T>((value) => typeof value === 'function', `siwx.${name} must be a function`)

/**
 * A dapp's own sign-in (the shape of Reown AppKit's `SIWXConfig`): it makes the message, checks and
 * keeps the sessions itself. Its functions run in the page; the core drives the flow on the one write
 * path and keeps the sessions every tab shares. `verify`, when given, checks a signed session before
 * `addSession` (otherwise `addSession` verifies, and throws to refuse).
 */
export const siwxDappConfigSchema = z.object({
  createMessage: dappFunction<(input: SiwxMessageInput) => Promise<SiwxMessage>>('createMessage'),
  addSession: dappFunction<(session: SiwxSession) => Promise<void>>('addSession'),
  getSessions: dappFunction<(chainId: CaipNetworkId, address: string) => Promise<SiwxSession[]>>('getSessions'),
  revokeSession: dappFunction<(chainId: CaipNetworkId, address: string) => Promise<void>>('revokeSession'),
  setSessions: z.optional(dappFunction<(sessions: SiwxSession[]) => Promise<void>>('setSessions')),
  verify: z.optional(dappFunction<(session: SiwxSession) => Promise<boolean>>('verify')),
  /** Asked whenever it matters; wins over `required`. */
  getRequired: z.optional(dappFunction<() => boolean>('getRequired')),
  required: z.optional(z.boolean()),
  /** Disconnecting revokes the account's sessions (`revokeSession`); default true. */
  signOutOnDisconnect: z._default(z.boolean(), true),
})
export type SiwxDappConfig = z.output<typeof siwxDappConfigSchema>

const DAPP_KEYS = ['createMessage', 'addSession', 'getSessions', 'revokeSession'] as const

type SiwxInput = z.input<typeof siwxConfigSchema> | z.input<typeof siwxDappConfigSchema>

/**
 * `siwx`: the verifier options (the ready default), or a dapp's own SIWX configuration, told apart by
 * its functions; one given in part is refused, naming what is missing.
 */
export const siwxInputSchema = z.pipe(
  z.custom<SiwxInput>(),
  z.transform((value: SiwxInput, payload): SiwxConfig | SiwxDappConfig => {
    const own = typeof value === 'object' && value !== null && DAPP_KEYS.some((key) => key in value)
    const parsed = own ? z.safeParse(siwxDappConfigSchema, value) : z.safeParse(siwxConfigSchema, value)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) payload.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: value })
    return z.NEVER
  }),
)

export type SiwxOptions = SiwxConfig | SiwxDappConfig | null

/**
 * The sign-in options of a parsed configuration: `siwx`, else `siweConfig`, else none. Both at once
 * is rejected (SPEC.md §5).
 */
export function siwxOptions(config: { siwx?: SiwxConfig | SiwxDappConfig | undefined; siweConfig?: SiwxConfig | undefined }): SiwxOptions {
  if (config.siwx && config.siweConfig) throw new PorticoError('Set either siwx or siweConfig, not both', { details: 'SPEC.md §5: setting both siweConfig and siwx is rejected' })
  return config.siwx ?? config.siweConfig ?? null
}

/**
 * One-click sign-in through WalletConnect (SPEC.md §5: only when every chain is eip155): what the
 * core needs to ask the wallet to sign in within the pairing, with the verifier's nonce. The page
 * gives its domain and URI (the worker cannot read them).
 */
export const siwxOneClickSchema = z.object({
  domain: z.string().check(z.minLength(1)),
  uri: z.url(),
  statement: z.optional(z.string()),
  expiresInMs: z.int().check(z.positive()),
})
export type SiwxOneClick = z.infer<typeof siwxOneClickSchema>

/** What the page hands the core for a dapp's `createMessage`: the message's data and its text. */
export const siwxCreatedMessageSchema = z.object({ data: siwxSessionSchema.shape.data, message: z.string().check(z.minLength(1)) })
export type SiwxCreatedMessage = z.infer<typeof siwxCreatedMessageSchema>

/** What a dapp's `getSessions` must answer. */
export const siwxDappSessionsSchema = z.array(siwxSessionSchema)
/** What a dapp's `createMessage` must answer: the message's data and a `toString()` giving its text. */
export const siwxDappMessageSchema = z.extend(siwxSessionSchema.shape.data, {
  toString: z.custom<() => unknown>((value) => typeof value === 'function', 'toString must be a function'),
})
/** What a dapp's `verify` must answer. */
export const siwxDappVerdictSchema = z.boolean()
/** The input of a `createMessage` step, as the core sends it. */
export const siwxMessageInputSchema = z.object({ accountAddress: z.string().check(z.minLength(1)), chainId: z.string().check(z.minLength(1)) })
