/**
 * The one write path (send, swap, buy, sign-in, names): the core prepares and validates a request,
 * the page's connector signs it, the core follows the result. Everything here crosses the port
 * between a tab and the core, so each shape has its schema.
 */
import * as z from './zod-mini.ts'
import { caipAddressSchema, caipNetworkIdSchema, chainNamespaceSchema } from './caip.ts'

/** Why a write stopped. The page shows the message of its code from its catalogue (`writeError_<CODE>`), translated. */
export const WRITE_ERROR_CODES = [
  // Input, stopped before the wallet (SPEC.md §5).
  'RECEIVER_REQUIRED',
  'RECEIVER_INVALID',
  'RECEIVER_NOT_FOUND',
  'AMOUNT_REQUIRED',
  'AMOUNT_INVALID',
  'AMOUNT_NOT_POSITIVE',
  'AMOUNT_TOO_MANY_DECIMALS',
  'AMOUNT_EXCEEDS_BALANCE',
  'TOKEN_REQUIRED',
  'GAS_PRICE_REQUIRED',
  'INSUFFICIENT_GAS',
  // A Solana send (SPEC.md §5, §8): without an amount or a receiver; refused or failed on its way to the network.
  'SOLANA_SEND_INCOMPLETE',
  'SOLANA_SEND_FAILED',
  // Swaps (SPEC.md §8 'Network not supported for Swaps').
  'SAME_TOKEN',
  'NO_ROUTE',
  'QUOTE_MOVED',
  'SWAP_UNSUPPORTED_NETWORK',
  'NAME_REQUIRED',
  'NAME_INVALID',
  'NAME_TAKEN',
  // The names API refused or could not store a registration: 'Error registering name {name}' (SPEC.md §8).
  'NAME_REGISTER_FAILED',
  // Sign-in (SIWX): the verifier could not start (no nonce), or refused the signed message.
  'SIWX_INIT_FAILED',
  'SIWX_VERIFY_FAILED',
  // State.
  'NOT_CONNECTED',
  'OFFLINE',
  'UNSUPPORTED_NAMESPACE',
  'PENDING_LIMIT',
  'WRITE_NOT_FOUND',
  // The core restarted while the wallet had the request: whether it was sent is not known (never sent again).
  'WRITE_OUTCOME_UNKNOWN',
  // The wallet.
  'USER_REJECTED',
  // The node (SPEC.md §8), as viem classifies them.
  'EXECUTION_REVERTED',
  'FEE_CAP_TOO_HIGH',
  'FEE_CAP_TOO_LOW',
  'NONCE_TOO_HIGH',
  'NONCE_TOO_LOW',
  'NONCE_MAX_VALUE',
  'INSUFFICIENT_FUNDS',
  'INTRINSIC_GAS_TOO_HIGH',
  'INTRINSIC_GAS_TOO_LOW',
  'TRANSACTION_TYPE_NOT_SUPPORTED',
  'TIP_ABOVE_FEE_CAP',
  'UNKNOWN_NODE_ERROR',
  // Anything else: 'Something went wrong' (SPEC.md §8).
  'SOMETHING_WENT_WRONG',
] as const
export const writeErrorCodeSchema = z.enum(WRITE_ERROR_CODES)
export type WriteErrorCode = z.infer<typeof writeErrorCodeSchema>

/** The field a validation error belongs to, so the page shows it next to that field. */
export const writeFieldSchema = z.enum(['token', 'amount', 'receiver', 'name'])
export type WriteField = z.infer<typeof writeFieldSchema>

export const writeErrorSchema = z.object({
  code: writeErrorCodeSchema,
  field: z.optional(writeFieldSchema),
  /** Placeholders of the message, e.g. `{ decimals: '6' }`. */
  values: z.optional(z.record(z.string(), z.string())),
  /** What the node or wallet said, for developers (never shown as the message). */
  details: z.optional(z.string()),
})
export type WriteError = z.infer<typeof writeErrorSchema>

/** The token of a send: native (no address) or an ERC-20 contract. */
export const sendTokenSchema = z.object({
  /** Absent for the native token. */
  address: z.optional(z.string()),
  symbol: z.string(),
  decimals: z.int().check(z.nonnegative()),
})
export type SendToken = z.infer<typeof sendTokenSchema>

/** A token of a swap: its CAIP-10 address in the convert API's terms (the native coin has a fixed address). */
export const swapTokenRefSchema = z.object({ address: caipAddressSchema, symbol: z.string(), decimals: z.int().check(z.nonnegative()) })
export type SwapTokenRef = z.infer<typeof swapTokenRefSchema>

/** What the visitor asks for. New flows (swap, buy, sign-in, names) add a kind here and a handler in the core. */
export const writeIntentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('send'),
    caipAddress: caipAddressSchema,
    token: z.nullable(sendTokenSchema),
    /** Decimal text as typed, e.g. '0.5'. */
    amount: z.string(),
    /** An address, or an account name resolved by the core. */
    receiver: z.string(),
  }),
  z.object({
    kind: z.literal('swap'),
    caipAddress: caipAddressSchema,
    from: swapTokenRefSchema,
    to: swapTokenRefSchema,
    /** Decimal text of `from`, as typed. */
    amount: z.string(),
    /**
     * What the visitor saw they would receive (smallest units of `to`). A fresh quote below this less
     * the slippage tolerance stops the swap with QUOTE_MOVED, so the visitor is asked again.
     */
    expectedToAmount: z.optional(z.string().check(z.regex(/^\d+$/))),
    /**
     * The wallet runs atomic batches for the account on this chain (EIP-5792 capability, checked by the
     * page): an approval the swap needs goes with it in one batch, one approval instead of two steps.
     */
    atomic: z.optional(z.boolean()),
  }),
  z.object({
    kind: z.literal('signMessage'),
    caipAddress: caipAddressSchema,
    message: z.string(),
  }),
  z.object({
    kind: z.literal('siwx'),
    caipAddress: caipAddressSchema,
    /** The page's host and address (EIP-4361 domain and URI): the worker cannot read the page. */
    domain: z.string().check(z.minLength(1)),
    uri: z.url(),
    statement: z.optional(z.string()),
    /** How long the session lasts from signing. */
    expiresInMs: z.int().check(z.positive()),
    /**
     * Who makes the message and checks the signature: the verifier API (the default), or the dapp's
     * own SIWX configuration in the page (`createMessage`, then `addSession`, as dapp steps).
     */
    via: z.optional(z.enum(['verifier', 'dapp'])),
  }),
  z.object({
    kind: z.literal('registerName'),
    caipAddress: caipAddressSchema,
    /** As typed: a label ('alice') or a full name under an accepted suffix ('alice.reown.id'). */
    name: z.string(),
  }),
])
export type WriteIntent = z.infer<typeof writeIntentSchema>
export type WriteKind = WriteIntent['kind']

/** A request for the connected wallet, as its provider takes it. */
export const walletRequestSchema = z.object({ method: z.string(), params: z.array(z.unknown()) })
export type WalletRequest = z.infer<typeof walletRequestSchema>

export const writeStepSchema = z.object({
  status: z.literal('step'),
  writeId: z.string(),
  kind: z.enum(['send', 'swap', 'signMessage', 'registerName', 'siwx']),
  /** 1-based, of `total`: progress for flows of several transactions (approve, then swap). */
  index: z.int().check(z.positive()),
  total: z.int().check(z.positive()),
  /** `receipt`: a smart account's user operation followed through the wallet (the bundler call failed). */
  label: z.enum(['send', 'approve', 'swap', 'sign', 'createMessage', 'addSession', 'receipt']),
  namespace: chainNamespaceSchema,
  caipNetworkId: caipNetworkIdSchema,
  /**
   * Who answers the request: the connected wallet (through its connector), or the dapp's own code in
   * the page (a SIWX configuration's `createMessage` and `addSession`, which cannot cross into the worker).
   */
  target: z.enum(['wallet', 'dapp']),
  request: walletRequestSchema,
})
export type WriteStep = z.infer<typeof writeStepSchema>

export const writeResultSchema = z.discriminatedUnion('status', [
  writeStepSchema,
  z.object({
    status: z.literal('done'),
    writeId: z.string(),
    /** The transaction the wallet sent (the last one of a flow), when the write sent one. */
    hash: z.optional(z.string()),
    /** What the wallet answered, for signatures. */
    result: z.optional(z.unknown()),
  }),
  z.object({ status: z.literal('error'), writeId: z.nullable(z.string()), error: writeErrorSchema }),
])
export type WriteResult = z.infer<typeof writeResultSchema>

/** What the wallet answered a step: its result, or its EIP-1193 error as it threw it. */
export const walletAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.optional(z.number()), message: z.string(), data: z.optional(z.unknown()) }) }),
])
export type WalletAnswer = z.infer<typeof walletAnswerSchema>

/** A transaction sent through the write path, shown at once and followed until mined (SPEC.md §9: 99 kept). */
export const pendingTransactionSchema = z.object({
  hash: z.string(),
  caipNetworkId: caipNetworkIdSchema,
  from: z.string(),
  to: z.string(),
  kind: z.enum(['send', 'approve', 'swap']),
  /** 'Sent 0.5 ETH' in parts, so the page formats it. */
  amount: z.optional(z.string()),
  symbol: z.optional(z.string()),
  status: z.enum(['pending', 'confirmed', 'failed']),
  submittedAt: z.number(),
  /**
   * The write it came from, while its hash is not known yet: a write whose wallet request was sent
   * before the core restarted, looked for on chain (`hash` is then the write's id until it is found).
   */
  writeId: z.optional(z.string()),
})
export type PendingTransaction = z.infer<typeof pendingTransactionSchema>

export { WRITE_OUTCOME_UNKNOWN_CODE } from './constants.ts'

/** Wallet methods that send something: never asked twice for one write (a restart reconciles by hash instead). */
export const SENDING_METHODS: readonly string[] = ['eth_sendTransaction', 'eth_sendRawTransaction', 'wallet_sendCalls', 'solana_signAndSendTransaction']

/**
 * A write the core has handed a wallet request for and not yet seen answered, kept in IndexedDB so
 * a restarted core (a reload, a new worker, another leading tab) knows it: the step asked, what the
 * Activity row shows once it is sent, and the outcome once answered (a repeated answer gets it again).
 */
export const inFlightWriteSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  kind: z.enum(['send', 'swap', 'signMessage', 'registerName', 'siwx']),
  caipAddress: caipAddressSchema,
  /** When the wallet was asked (ms since epoch). */
  askedAt: z.number(),
  step: z.object({
    index: z.int().check(z.positive()),
    total: z.int().check(z.positive()),
    method: z.string().check(z.maxLength(100)),
    /** What the step sends, to find it on chain when its answer was lost: eth_sendTransaction's first parameter. */
    transaction: z.optional(z.object({ from: z.string(), to: z.optional(z.string()), value: z.optional(z.string()), data: z.optional(z.string()) })),
    /** The pending Activity row its hash becomes. */
    tracks: z.optional(z.omit(pendingTransactionSchema, { hash: true, status: true, submittedAt: true, writeId: true })),
  }),
  /** The outcome answered for the step, so the same answer submitted again (a re-sent call) gets it again. */
  outcome: z.optional(writeResultSchema),
})
export type InFlightWrite = z.infer<typeof inFlightWriteSchema>

/** Fee and balances the Send view shows, read by the core (`getSendEstimate`). */
export const sendEstimateSchema = z.object({
  caipNetworkId: caipNetworkIdSchema,
  /** Wei per gas, decimal string. */
  gasPrice: z.string(),
  /** Gas the transfer needs (estimated when receiver and amount are known, else a typical figure). */
  gas: z.string(),
  /** gas × gasPrice in the native token, formatted ('0.000042'). */
  fee: z.string(),
  feeUsd: z.nullable(z.number()),
  nativeSymbol: z.string(),
  /** The native balance, formatted, and its value in USD. */
  nativeBalance: z.string(),
  networkBalanceUsd: z.nullable(z.number()),
  /** The most of the token that can be sent: the balance, less the fee for the native token. */
  max: z.string(),
  /** A smart account whose gas the project's paymaster pays (the fee is then 0: "Gas sponsored"). */
  sponsored: z.optional(z.boolean()),
  /**
   * Solana, an SPL token to a receiver without a token account for it: the rent of the account the
   * send creates (paid by the sender in the native token, formatted), and its value in USD.
   */
  rent: z.optional(z.string()),
  rentUsd: z.optional(z.nullable(z.number())),
})
export type SendEstimate = z.infer<typeof sendEstimateSchema>

export const getSendEstimateParametersSchema = z.object({
  caipAddress: caipAddressSchema,
  token: z.nullable(sendTokenSchema),
  /** The receiver typed, where the estimate depends on it (an SPL token's receiver may need a token account: its rent). */
  receiver: z.optional(z.string()),
  /** Past the core's 10 s cache. */
  force: z.optional(z.boolean()),
})
export type GetSendEstimateParameters = z.infer<typeof getSendEstimateParametersSchema>

export type ResolveReceiverParameters = { caipAddress: z.infer<typeof caipAddressSchema>; name: string; force?: boolean | undefined }

/** An account name resolved for the Send view's receiver. */
export const resolvedReceiverSchema = z.object({ name: z.string(), address: z.string(), avatar: z.nullable(z.string()) })
export type ResolvedReceiver = z.infer<typeof resolvedReceiverSchema>

/** A swap quote as the Swap view shows it (`getSwapQuote`), from the convert API, the gas price and the prices. */
export const swapQuoteSchema = z.object({
  from: caipAddressSchema,
  to: caipAddressSchema,
  /** Smallest units. */
  fromAmount: z.string(),
  toAmount: z.string(),
  /** `toAmount` less the slippage tolerance (SPEC.md §9: 1 %), smallest units. */
  minimumToAmount: z.string(),
  /** How many `to` one `from` buys. */
  rate: z.number(),
  /** Percent lost to the pool against the market prices; null without prices. */
  priceImpact: z.nullable(z.number()),
  /** The network fee of the swap, in USD (gas price from the convert API); null without a native price. */
  feeUsd: z.nullable(z.number()),
  slippage: z.number(),
})
export type SwapQuote = z.infer<typeof swapQuoteSchema>

export type GetSwapQuoteParameters = { caipAddress: z.infer<typeof caipAddressSchema>; from: SwapTokenRef; to: SwapTokenRef; amount: string; force?: boolean | undefined }
export type GetSwapTokensParameters = { caipNetworkId: z.infer<typeof caipNetworkIdSchema>; force?: boolean | undefined }

export { WRITE_ERROR_TEXTS, WriteFailure, writeErrorText } from './write-errors.ts'

/*
 * A write's simulated preview. Plain types, no schemas: they cross from the core to the page (both
 * Portico's own code, one origin) and never come from outside; what the frame service answers over
 * HTTP has its own schema there. Schemas here would be built by every page and worker that loads this
 * module, for nothing.
 */

/** One call a write (or a frame approval) would make, as the simulation runs it from the visitor's account. */
export type SimulatedCall = { to?: `0x${string}` | undefined; value?: bigint | undefined; data?: `0x${string}` | undefined }

/** One asset the account sends or receives, simulated: `diff` is negative when it leaves the account. */
export type AssetChange = {
  /** 'native': the network's own coin (ETH, SOL); 'spl': a Solana token. */
  kind: 'native' | 'erc20' | 'erc721' | 'erc1155' | 'spl'
  /** The token's contract (an EVM address, a Solana mint); absent for the network's native coin. */
  token?: string | undefined
  symbol?: string | undefined
  decimals?: number | undefined
  /** ERC-721 and ERC-1155: the token ids that move. */
  tokenIds?: string[] | undefined
  diff: bigint
  /** What it is worth in USD, signed like `diff`, where the price feed knows the asset. */
  usd?: number | undefined
}

/** One allowance the calls grant from the account: `kind` 'all' is setApprovalForAll; `unlimited` is an amount of 2^256 − 1. */
export type ApprovalGrant = {
  kind: 'erc20' | 'nft' | 'all'
  token: `0x${string}`
  symbol?: string | undefined
  decimals?: number | undefined
  spender: `0x${string}`
  amount?: bigint | undefined
  tokenId?: string | undefined
  unlimited: boolean
  revoked: boolean
}

/**
 * What calls would do to the visitor's account, before anything is signed: simulated on the chain's
 * own node (`eth_simulateV1`); or the call that would revert and why; or why it could not be told.
 */
export type Simulation = { status: 'simulated'; changes: AssetChange[]; approvals: ApprovalGrant[] } | { status: 'reverts'; call: number; reason: string } | { status: 'unavailable'; reason: string }

/**
 * A write checked before its review (SPEC.md §5 rules, balances, gas): valid with the calls it would
 * make (none for a signature or a Solana transaction), or the error the form shows. Nothing is asked
 * of the wallet and nothing is recorded.
 */
export type WriteCheck =
  | {
      status: 'valid'
      calls: SimulatedCall[]
      /** A Solana write's transaction (unsigned, base64), simulated instead of calls. */
      transaction?: string | undefined
    }
  | { status: 'error'; error: WriteError }

/** What the Review step asks the core to simulate: calls from the connected account on its EVM network, or a Solana transaction. */
export type SimulateCallsParameters = { caipAddress: z.infer<typeof caipAddressSchema>; calls: readonly SimulatedCall[]; transaction?: string | undefined }
