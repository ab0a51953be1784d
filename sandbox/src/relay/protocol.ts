import { RELAY_JSONRPC, type RelayJsonRpc } from '@walletconnect/relay-api'
import { z } from 'zod'

/** The relay methods of the `irn` protocol, by their names in `@walletconnect/relay-api`. */
export const IRN: RelayJsonRpc.Methods = RELAY_JSONRPC.irn as RelayJsonRpc.Methods

/**
 * The two custom methods sign-client 2.x publishes with (`publishCustom`): the dapp's proposal, and
 * the wallet's answer with the session's first message. The relay subscribes the caller to the topic
 * it will listen on, then publishes what they carry.
 */
export const WC_PROPOSE_SESSION = 'wc_proposeSession'
export const WC_APPROVE_SESSION = 'wc_approveSession'

/** Tags sign-client gives these messages when it publishes them itself (engine.ts ENGINE_RPC_OPTS). */
export const TAG_SESSION_PROPOSE = 1100
export const TAG_SESSION_PROPOSE_RESPONSE = 1101
export const TAG_SESSION_SETTLE = 1102

/** A message lives at most 30 days; a TTL is whole seconds. */
export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60
/** Most messages one irn_batchFetchMessages answer carries; `hasMore` says when more wait. */
export const FETCH_BATCH_LIMIT = 500
/** Largest `message` accepted (base64 of an encrypted envelope); the socket's frame limit is above it. */
export const MAX_MESSAGE_CHARS = 512 * 1024

/** JSON-RPC 2.0 error codes the relay answers with. */
export const RPC_ERRORS = {
  parse: { code: -32700, message: 'Parse error' },
  invalidRequest: { code: -32600, message: 'Invalid Request' },
  methodNotFound: { code: -32601, message: 'Method not found' },
  invalidParams: { code: -32602, message: 'Invalid params' },
  internal: { code: -32603, message: 'Internal error' },
} as const

/** A topic is 32 bytes in hex (a pairing topic is random, a session topic the hash of a shared key). */
export const topicSchema = z.string().regex(/^[0-9a-fA-F]{64}$/, 'Expected a topic: 64 hex characters')
const messageSchema = z.string().min(1, 'Expected a non-empty message').max(MAX_MESSAGE_CHARS, `Message longer than ${MAX_MESSAGE_CHARS} characters`)
const ttlSchema = z.number().int('Expected whole seconds').min(1).max(MAX_TTL_SECONDS)
const tagSchema = z.number().int().nonnegative()

export const subscribeParamsSchema = z.looseObject({ topic: topicSchema }) satisfies z.ZodType<RelayJsonRpc.SubscribeParams>
export const batchSubscribeParamsSchema = z.looseObject({ topics: z.array(topicSchema).min(1).max(1000) }) satisfies z.ZodType<RelayJsonRpc.BatchSubscribeParams>
export const unsubscribeParamsSchema = z.looseObject({ topic: topicSchema, id: z.string() }) satisfies z.ZodType<RelayJsonRpc.UnsubscribeParams>
export const batchUnsubscribeParamsSchema = z.looseObject({
  subscriptions: z.array(unsubscribeParamsSchema).min(1).max(1000),
}) satisfies z.ZodType<RelayJsonRpc.BatchUnsubscribeParams>
export const batchFetchParamsSchema = z.looseObject({ topics: z.array(topicSchema).min(1).max(1000) }) satisfies z.ZodType<RelayJsonRpc.BatchFetchMessagesParams>

export const publishParamsSchema = z.looseObject({
  topic: topicSchema,
  message: messageSchema,
  ttl: ttlSchema,
  tag: tagSchema.optional(),
  prompt: z.boolean().optional(),
  attestation: z.string().optional(),
}) satisfies z.ZodType<RelayJsonRpc.PublishParams>
export const batchPublishParamsSchema = z.looseObject({ messages: z.array(publishParamsSchema).min(1).max(100) }) satisfies z.ZodType<RelayJsonRpc.BatchPublishParams>

/** `wc_proposeSession`: `{ pairingTopic, sessionProposal, ttl, correlationId, attestation? }`. */
export const proposeSessionParamsSchema = z.looseObject({
  pairingTopic: topicSchema,
  sessionProposal: messageSchema,
  ttl: ttlSchema,
  attestation: z.string().optional(),
  correlationId: z.union([z.number(), z.string()]).optional(),
})
export type ProposeSessionParams = z.infer<typeof proposeSessionParamsSchema>

/** `wc_approveSession`: `{ sessionTopic, pairingTopic, sessionProposalResponse, sessionSettlementRequest, ttl, … }`. */
export const approveSessionParamsSchema = z.looseObject({
  sessionTopic: topicSchema,
  pairingTopic: topicSchema,
  sessionProposalResponse: messageSchema,
  sessionSettlementRequest: messageSchema,
  ttl: ttlSchema,
  correlationId: z.union([z.number(), z.string()]).optional(),
})
export type ApproveSessionParams = z.infer<typeof approveSessionParamsSchema>

/** A JSON-RPC id as clients send it: sign-client sends big ids as strings, others as numbers. */
const rpcIdSchema = z.union([z.number(), z.string()])

export const rpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0').optional(),
  id: rpcIdSchema,
  method: z.string().min(1),
  params: z.unknown().optional(),
})
export type RpcRequest = z.infer<typeof rpcRequestSchema>

/** A client's answer to a push (`irn_subscription`): `true` acknowledges it. */
export const rpcResponseSchema = z.union([z.object({ id: rpcIdSchema, result: z.unknown() }), z.object({ id: rpcIdSchema, error: z.unknown() })])

export type RpcId = z.infer<typeof rpcIdSchema>
export type RpcErrorBody = { code: number; message: string; data?: unknown }

/** A frame the relay sends. */
export type OutgoingFrame =
  | { id: RpcId | null; jsonrpc: '2.0'; result: unknown }
  | { id: RpcId | null; jsonrpc: '2.0'; error: RpcErrorBody }
  | { id: number; jsonrpc: '2.0'; method: string; params: RelayJsonRpc.SubscriptionParams }

/** `irn_subscription` data: what a subscriber receives (`tag` beyond relay-api's type, as the hosted relay sends it). */
export type SubscriptionData = RelayJsonRpc.SubscriptionData & { tag: number }

/** The first issue of a zod error as one line: 'topic: Expected a topic: 64 hex characters'. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid'
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message
}

const BIG_ID_MARK = '\u0000bigid:'

/**
 * JSON.parse that keeps integer ids beyond 2^53 exact: a bare `"id": 1700000000000123456` would
 * lose its last digits, and the answer would not match the request. They become strings, and the
 * answer carries the same digits (`serializeFrame` writes them back as a number).
 */
export function parseFrame(text: string): unknown {
  // The mark is written escaped (a raw NUL is not allowed inside a JSON string).
  const guarded = text.replace(/("id"\s*:\s*)(-?\d{16,})(?=\s*[,}])/g, (_, prefix: string, digits: string) => `${prefix}"\\u0000bigid:${digits}"`)
  return JSON.parse(guarded)
}

/** Serialises a frame; an id that `parseFrame` guarded goes out as the number it was. */
export function serializeFrame(frame: OutgoingFrame): string {
  const id = frame.id
  if (typeof id === 'string' && id.startsWith(BIG_ID_MARK)) {
    return JSON.stringify(frame).replace(JSON.stringify(id), id.slice(BIG_ID_MARK.length))
  }
  return JSON.stringify(frame)
}
