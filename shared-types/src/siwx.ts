/**
 * Sign in with the wallet (SPEC.md §4 SIWX): the dapp's options, and the small verifier API the
 * default speaks (the sandbox serves it on the data API): GET v1/siwx/nonce, POST v1/siwx/verify,
 * GET v1/siwx/session, POST v1/siwx/sign-out.
 */
import { z } from './zod.ts'
import { PorticoError } from './errors.ts'

/** SIWX sessions last a day unless the dapp says otherwise. */
export const SIWX_DEFAULT_EXPIRES_IN_MS = 24 * 60 * 60 * 1000

export const siwxConfigSchema = z.object({
  /** The visitor must sign in: the sign view cannot be closed, and cancelling disconnects. */
  required: z.boolean().default(false),
  /** The EIP-4361 statement the wallet shows. */
  statement: z.string().optional(),
  /** How long a session lasts from signing. */
  expiresInMs: z.number().int().positive().default(SIWX_DEFAULT_EXPIRES_IN_MS),
})
export type SiwxConfig = z.output<typeof siwxConfigSchema>
/** `siweConfig`, the older name of the same options. */
export const siweConfigSchema = siwxConfigSchema

export type SiwxOptions = SiwxConfig | null

/**
 * The sign-in options of a parsed configuration: `siwx`, else `siweConfig`, else none. Both at once
 * is rejected (SPEC.md §5).
 */
export function siwxOptions(config: { siwx?: SiwxConfig | undefined; siweConfig?: SiwxConfig | undefined }): SiwxOptions {
  if (config.siwx && config.siweConfig) throw new PorticoError('Set either siwx or siweConfig, not both', { details: 'SPEC.md §5: setting both siweConfig and siwx is rejected' })
  return config.siwx ?? config.siweConfig ?? null
}

/** GET v1/siwx/nonce */
export const siwxNonceResponseSchema = z.object({ nonce: z.string().regex(/^[a-zA-Z0-9]{8,}$/) })
/** POST v1/siwx/verify */
export const siwxVerifyRequestSchema = z.object({ message: z.string().min(1), signature: z.string().regex(/^0x[0-9a-fA-F]+$/) })
/** A session the verifier keeps after checking a signed message. */
export const siwxVerifiedSessionSchema = z.object({
  address: z.string(),
  chainId: z.number().int().positive(),
  domain: z.string(),
  uri: z.string(),
  nonce: z.string(),
  issuedAt: z.string(),
  expirationTime: z.string().nullable(),
})
export type SiwxVerifiedSession = z.infer<typeof siwxVerifiedSessionSchema>
/** POST v1/siwx/verify and GET v1/siwx/session?address=&chainId= */
export const siwxSessionResponseSchema = z.object({ session: siwxVerifiedSessionSchema })
