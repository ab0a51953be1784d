/**
 * Sign in with the wallet (SPEC.md §4 SIWX): the dapp's options, and the small verifier API the
 * default speaks (the sandbox serves it on the data API): GET v1/siwx/nonce, POST v1/siwx/verify,
 * GET v1/siwx/session, POST v1/siwx/sign-out.
 */
import * as z from './zod-mini.ts'

export {
  SIWX_DEFAULT_EXPIRES_IN_MS,
  siweConfigSchema,
  siwxConfigSchema,
  siwxDappConfigSchema,
  siwxInputSchema,
  siwxOneClickSchema,
  siwxOptions,
  siwxSessionSchema,
  siwxCreatedMessageSchema,
  siwxDappSessionsSchema,
  siwxDappMessageSchema,
  siwxDappVerdictSchema,
  siwxMessageInputSchema,
  type SiwxConfig,
  type SiwxCreatedMessage,
  type SiwxSession,
  type SiwxDappConfig,
  type SiwxMessage,
  type SiwxMessageData,
  type SiwxMessageInput,
  type SiwxOneClick,
  type SiwxOptions,
} from './siwx-config.ts'

/** A sign-in's signature: hex (eip155: EIP-191, EIP-1271, EIP-6492) or base58 of 64 bytes (solana: ed25519). */
const SIWX_SIGNATURE = /^(0x[0-9a-fA-F]+|[1-9A-HJ-NP-Za-km-z]{64,88})$/
/** The chain of a sign-in as its message names it: an eip155 chain id, or a Solana cluster's CAIP-2 reference (genesis hash prefix). */
const siwxChainIdSchema = z.union([z.int().check(z.positive()), z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{1,32}$/, 'Expected a Solana CAIP-2 reference'))])

/**
 * A signed CACAO (CAIP-74) as a wallet answers WalletConnect's one-click sign-in
 * (`wc_sessionAuthenticate`): the EIP-4361 fields and the signature.
 */
export const siwxCacaoSchema = z.looseObject({
  h: z.looseObject({ t: z.string() }),
  p: z.looseObject({
    domain: z.string().check(z.minLength(1)),
    aud: z.string().check(z.minLength(1)),
    nonce: z.string().check(z.minLength(1)),
    iss: z.string().check(z.regex(/^did:pkh:[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, 'Expected iss did:pkh:{chain}:{address}')),
    version: z.optional(z.string()),
    iat: z.string().check(z.minLength(1)),
    exp: z.optional(z.string()),
    nbf: z.optional(z.string()),
    statement: z.optional(z.string()),
    requestId: z.optional(z.string()),
    resources: z.optional(z.array(z.string())),
  }),
  s: z.looseObject({ t: z.string(), s: z.string().check(z.maxLength(32_768), z.regex(SIWX_SIGNATURE, 'Expected a hex (eip155) or base58 (solana) signature')) }),
})
export type SiwxCacao = z.infer<typeof siwxCacaoSchema>

/** GET v1/siwx/nonce */
export const siwxNonceResponseSchema = z.object({ nonce: z.string().check(z.regex(/^[a-zA-Z0-9]{8,}$/)) })
/**
 * POST v1/siwx/verify: the signed message (EIP-4361, or Sign In With Solana), its signature (hex, or
 * base58 for Solana), the chain the account is connected on (the message must name it) and, when the session carries one, its CACAO (it must say what the message says).
 * The verifier binds the message to the caller's `Origin` and the `projectId` of the query.
 */
export const siwxVerifyRequestSchema = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(16_384)),
  signature: z.string().check(z.maxLength(32_768), z.regex(SIWX_SIGNATURE, 'Expected a hex (eip155) or base58 (solana) signature')),
  /** eip155: the chain id; solana: the cluster's CAIP-2 reference. */
  chainId: siwxChainIdSchema,
  cacao: z.optional(siwxCacaoSchema),
})
export type SiwxVerifyRequest = z.infer<typeof siwxVerifyRequestSchema>
/** A session the verifier keeps after checking a signed message. */
export const siwxVerifiedSessionSchema = z.object({
  address: z.string(),
  chainId: siwxChainIdSchema,
  domain: z.string(),
  uri: z.string(),
  nonce: z.string(),
  issuedAt: z.string(),
  expirationTime: z.nullable(z.string()),
})
export type SiwxVerifiedSession = z.infer<typeof siwxVerifiedSessionSchema>
/** POST v1/siwx/verify and GET v1/siwx/session?address=&chainId= */
export const siwxSessionResponseSchema = z.object({ session: siwxVerifiedSessionSchema })

/** An EIP-4361 date-time (RFC 3339, as the grammar asks): anything else is no time at all. */
const SIWX_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/**
 * A SIWX time (issued-at, expiration, not-before) in ms since the epoch; null when it is not an RFC 3339
 * date-time. An unparseable expiry is no reason to trust a session forever: callers reject it.
 */
export function parseSiwxTime(text: string): number | null {
  if (!SIWX_TIME.test(text)) return null
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? null : ms
}

/**
 * Why a session's times make it unusable at `now`, or null when it holds: an unparseable issued-at,
 * expiry or not-before, an expiry passed, a not-before still ahead.
 */
export function siwxTimeProblem(times: { issuedAt?: string | undefined; expirationTime?: string | null | undefined; notBefore?: string | null | undefined }, now: number): string | null {
  for (const [name, text] of [
    ['Issued At', times.issuedAt],
    ['Expiration Time', times.expirationTime],
    ['Not Before', times.notBefore],
  ] as const) {
    if (text != null && parseSiwxTime(text) === null) return `${name} is not an RFC 3339 date-time`
  }
  if (times.expirationTime != null && parseSiwxTime(times.expirationTime)! <= now) return 'Expired'
  if (times.notBefore != null && parseSiwxTime(times.notBefore)! > now) return 'Not yet valid'
  return null
}

/** The fields of a parsed EIP-4361 message (viem's `parseSiweMessage` answers this shape). */
export type SiweFields = {
  address?: string | undefined
  /** eip155: the chain id; solana: the cluster's CAIP-2 reference. */
  chainId?: number | string | undefined
  domain?: string | undefined
  uri?: string | undefined
  version?: string | undefined
  nonce?: string | undefined
  statement?: string | undefined
  issuedAt?: Date | undefined
  expirationTime?: Date | undefined
  notBefore?: Date | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

/** The signature types a CACAO may name (CAIP-74), per namespace: EIP-4361 messages, and Sign In With Solana's ed25519. */
const CACAO_SIGNATURE_TYPES = { eip155: new Set(['eip191', 'eip1271', 'eip6492']), solana: new Set(['solana:ed25519', 'ed25519']) }
/** The namespaces a sign-in message can be for. */
export type SiwxNamespace = keyof typeof CACAO_SIGNATURE_TYPES

const sameTime = (text: string | undefined, date: Date | undefined) => {
  if (text === undefined || date === undefined) return text === undefined && date === undefined
  const ms = parseSiwxTime(text)
  return ms !== null && ms === date.getTime()
}

/**
 * Why a CACAO (CAIP-74) does not describe the message (EIP-4361, or Sign In With Solana for
 * `namespace` solana) and signature it travels with, or null when it does: the issuer's chain and
 * address, domain, audience (the URI), nonce, version, times, statement, request id, resources, and
 * the signature itself (hex compared without case; base58 exactly). WalletConnect appends its ReCap
 * sentence to the statement when the resources carry one, so then the message's statement need only
 * begin with the CACAO's.
 */
export function siwxCacaoMismatch(cacao: SiwxCacao, message: SiweFields, signature: string, namespace: SiwxNamespace = 'eip155'): string | null {
  const { p, s } = cacao
  const same = namespace === 'eip155' ? (a: string, b: string) => a.toLowerCase() === b.toLowerCase() : (a: string, b: string) => a === b
  if (cacao.h.t !== 'caip122' && cacao.h.t !== 'eip4361') return `the CACAO's header type ${cacao.h.t} is not caip122`
  const types = CACAO_SIGNATURE_TYPES[namespace]
  if (!types.has(s.t)) return `the CACAO's signature type ${s.t} is not ${[...types].join(', ')}`
  if (!same(s.s, signature)) return "the CACAO's signature is not the session's signature"
  const iss = `did:pkh:${namespace}:${message.chainId}:${message.address ?? ''}`
  if (!same(p.iss, iss)) return `the CACAO's issuer ${p.iss} is not the message's account and chain`
  if (p.domain !== message.domain) return "the CACAO's domain is not the message's domain"
  if (p.aud !== message.uri) return "the CACAO's aud is not the message's URI"
  if (p.nonce !== message.nonce) return "the CACAO's nonce is not the message's nonce"
  if ((p.version ?? '1') !== (message.version ?? '1')) return "the CACAO's version is not the message's version"
  if (!sameTime(p.iat, message.issuedAt)) return "the CACAO's iat is not the message's Issued At"
  if (!sameTime(p.exp, message.expirationTime)) return "the CACAO's exp is not the message's Expiration Time"
  if (!sameTime(p.nbf, message.notBefore)) return "the CACAO's nbf is not the message's Not Before"
  if ((p.requestId ?? undefined) !== (message.requestId || undefined)) return "the CACAO's requestId is not the message's Request ID"
  const resources = p.resources ?? []
  const theirs = message.resources ?? []
  if (resources.length !== theirs.length || resources.some((r, i) => r !== theirs[i])) return "the CACAO's resources are not the message's Resources"
  const recap = resources.some((r) => r.startsWith('urn:recap:'))
  const statement = p.statement || undefined
  const said = message.statement || undefined
  const statementHolds = recap ? statement === undefined || (said ?? '').startsWith(statement) : statement === said
  if (!statementHolds) return "the CACAO's statement is not the message's statement"
  return null
}
