/**
 * EIP-5792 (wallet call API): `wallet_getCapabilities`, `wallet_sendCalls` and `wallet_getCallsStatus`,
 * as a dapp asks them and as a wallet answers them. Wallets are outside code: every answer is parsed
 * here before use, and every request is checked before it reaches a wallet (SPEC.md §5: call targets
 * start with 0x; §8: the capabilities request names an address).
 */
import * as z from './zod-mini.ts'
import { evmAddressSchema } from './caip.ts'

export const EIP5792_METHODS = ['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus'] as const
export type Eip5792Method = (typeof EIP5792_METHODS)[number]
export const isEip5792Method = (method: string): method is Eip5792Method => (EIP5792_METHODS as readonly string[]).includes(method)

const hexSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'Expected hex'))
const hexChainIdSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'Expected a hex chain id'))

/** `wallet_getCapabilities` params: the account (required, SPEC.md §8), then optionally the hex chain ids asked about. */
export const getCapabilitiesParamsSchema = z.tuple([evmAddressSchema, z.optional(z.array(hexChainIdSchema))])

/**
 * EIP-5792 `atomic` capability: `supported` (the wallet runs a batch atomically now), `ready` (it can,
 * after the visitor upgrades the account, e.g. an EIP-7702 delegation it asks for), `unsupported`.
 */
export const atomicStatusSchema = z.enum(['supported', 'ready', 'unsupported'])
export type AtomicStatus = z.infer<typeof atomicStatusSchema>

/** One chain's capabilities: known ones parsed, any other kept as the wallet said it. */
export const chainCapabilitiesSchema = z.catchall(
  z.object({
    atomic: z.optional(z.object({ status: atomicStatusSchema })),
    /** The draft of EIP-5792 before `atomic` (still answered by some wallets). */
    atomicBatch: z.optional(z.object({ supported: z.boolean() })),
    paymasterService: z.optional(z.object({ supported: z.boolean() })),
  }),
  z.unknown(),
)
export type ChainCapabilities = z.infer<typeof chainCapabilitiesSchema>

/** A wallet's answer to `wallet_getCapabilities`: capabilities by hex chain id (`0x0` for every chain). */
export const capabilitiesSchema = z.record(hexChainIdSchema, chainCapabilitiesSchema)
export type Capabilities = z.infer<typeof capabilitiesSchema>

/**
 * How a wallet runs a batch on `chainId`, from its capabilities: the chain's own entry first, then
 * `0x0` (every chain). The older `atomicBatch.supported` reads as `supported`.
 */
export function atomicStatusOf(capabilities: Capabilities, chainId: number): AtomicStatus {
  const chain = capabilities[`0x${chainId.toString(16)}`] ?? capabilities['0x0']
  if (!chain) return 'unsupported'
  if (chain.atomic) return chain.atomic.status
  return chain.atomicBatch?.supported ? 'supported' : 'unsupported'
}

/** One call of a batch. SPEC.md §5: its target starts with 0x. */
export const callSchema = z.object({
  to: z.pipe(z.string().check(z.startsWith('0x', 'wallet_sendCalls targets must start with 0x')), evmAddressSchema),
  data: z.optional(hexSchema),
  value: z.optional(hexSchema),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
})
export type Call = z.infer<typeof callSchema>

/** `wallet_sendCalls`'s one param (EIP-5792 version 2.0.0; `atomicRequired` defaults to false for 1.0 callers). */
export const sendCallsRequestSchema = z.object({
  version: z._default(z.string(), '2.0.0'),
  id: z.optional(z.string().check(z.maxLength(4096))),
  chainId: hexChainIdSchema,
  from: z.optional(evmAddressSchema),
  atomicRequired: z._default(z.boolean(), false),
  calls: z.array(callSchema).check(z.minLength(1, 'wallet_sendCalls needs at least one call'), z.maxLength(100)),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
})
export type SendCallsRequest = z.infer<typeof sendCallsRequestSchema>
export const sendCallsParamsSchema = z.tuple([sendCallsRequestSchema])

/** A wallet's answer to `wallet_sendCalls`: `{ id }` (2.0.0), or the bare id of the 1.0 draft. */
export const sendCallsResultSchema = z.union([
  z.object({ id: z.string().check(z.minLength(1), z.maxLength(4096)), capabilities: z.optional(z.record(z.string(), z.unknown())) }),
  z.pipe(
    z.string().check(z.minLength(1), z.maxLength(4096)),
    z.transform((id: string) => ({ id })),
  ),
])
export type SendCallsResult = { id: string; capabilities?: Record<string, unknown> | undefined }

export const getCallsStatusParamsSchema = z.tuple([z.string().check(z.minLength(1), z.maxLength(4096))])

const receiptSchema = z.object({
  logs: z._default(z.array(z.object({ address: z.string(), data: z.string(), topics: z.array(z.string()) })), []),
  status: hexSchema,
  blockHash: hexSchema,
  blockNumber: hexSchema,
  gasUsed: hexSchema,
  transactionHash: hexSchema,
})
export type CallsReceipt = z.infer<typeof receiptSchema>

/** EIP-5792 status codes: 100 pending, 200 confirmed, 400 failed offchain, 500 reverted, 600 partially reverted. */
export const CALLS_STATUS = { pending: 100, confirmed: 200, offchainFailure: 400, reverted: 500, partiallyReverted: 600 } as const

/** A wallet's answer to `wallet_getCallsStatus`. */
export const callsStatusSchema = z.object({
  version: z._default(z.string(), '2.0.0'),
  id: z.string(),
  chainId: hexChainIdSchema,
  status: z.int(),
  atomic: z.boolean(),
  receipts: z.optional(z.array(receiptSchema)),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
})
export type CallsStatus = z.infer<typeof callsStatusSchema>

/** Whether a status is final (anything but pending), and whether it succeeded. */
export const callsSettled = (status: CallsStatus) => status.status >= CALLS_STATUS.confirmed
export const callsSucceeded = (status: CallsStatus) => status.status >= CALLS_STATUS.confirmed && status.status < 300
