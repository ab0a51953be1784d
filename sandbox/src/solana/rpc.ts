import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder, type Address, type KeyPairSigner } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { z } from 'zod'
import { describeTransactionError, invalidParam, invalidParams, RPC_CODES, SolanaRpcError } from './errors.ts'
import type { LedgerAccount, SolanaLedger, StoredTransaction, TokenAccount, TokenBalanceEntry } from './ledger.ts'
import { MAX_AIRDROP_LAMPORTS, SOLANA_CORE_VERSION, SOLANA_GENESIS_HASH, TOKEN_PROGRAM } from './localnet.ts'
import { sendInstructions } from './seed.ts'

const base64 = { encode: (bytes: Uint8Array) => getBase64Decoder().decode(bytes), decode: (text: string) => getBase64Encoder().encode(text) as Uint8Array }
const base58Bytes = (text: string) => getBase58Encoder().encode(text) as Uint8Array
const toBase58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

// Request envelopes

const idSchema = z.union([z.string(), z.number(), z.null()])
/** One JSON-RPC 2.0 call. */
export const rpcCallSchema = z.object({ jsonrpc: z.literal('2.0'), id: idSchema.optional(), method: z.string().min(1).max(100), params: z.unknown().optional() })
export type RpcCall = z.infer<typeof rpcCallSchema>
export type RpcId = z.infer<typeof idSchema>
/** A request body: one call or a batch (web3.js batches some reads). */
export const rpcBodySchema = z.union([rpcCallSchema, z.array(z.unknown()).max(100)])

export type RpcAnswer = { jsonrpc: '2.0'; id: RpcId; result: unknown } | { jsonrpc: '2.0'; id: RpcId; error: { code: number; message: string; data?: unknown } }

export function rpcError(id: RpcId, err: SolanaRpcError): RpcAnswer {
  return { jsonrpc: '2.0', id, error: { code: err.code, message: err.message, ...(err.data === undefined ? {} : { data: err.data }) } }
}

// Parameters

const address = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid')
  .refine((s) => {
    try {
      return base58Bytes(s).length === 32
    } catch {
      return false
    }
  }, 'Invalid')
const signature = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'Invalid')
const commitment = z.enum(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])
const context = { commitment: commitment.optional(), minContextSlot: z.number().int().nonnegative().optional() }
const contextConfig = z.object(context).partial()
const dataSlice = z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
const accountEncoding = z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed'])
const accountConfig = z.object({ ...context, encoding: accountEncoding.optional(), dataSlice: dataSlice.optional() })
const u64 = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)
/** A params array: required values first, then the optional ones (declared `.optional()`), which may be left out. */
const params = <T extends [z.ZodType, ...z.ZodType[]]>(...items: T) => z.tuple(items)

const PARAMS = {
  getBalance: params(address, contextConfig.optional()),
  getAccountInfo: params(address, accountConfig.optional()),
  getMultipleAccounts: params(z.array(address).max(100), accountConfig.optional()),
  getLatestBlockhash: z.tuple([contextConfig.optional()]),
  isBlockhashValid: params(z.string().min(32).max(44), contextConfig.optional()),
  getFeeForMessage: params(z.string().min(1).max(2_000), contextConfig.optional()),
  getMinimumBalanceForRentExemption: params(
    z
      .number()
      .int()
      .nonnegative()
      .max(10 * 1024 * 1024),
    z.object({ commitment: commitment.optional() }).optional(),
  ),
  simulateTransaction: params(
    z.string().min(1).max(2_000),
    z
      .object({
        ...context,
        sigVerify: z.boolean().optional(),
        replaceRecentBlockhash: z.boolean().optional(),
        encoding: z.enum(['base58', 'base64']).optional(),
        accounts: z.object({ addresses: z.array(address).max(100), encoding: accountEncoding.optional() }).optional(),
        innerInstructions: z.boolean().optional(),
      })
      .optional(),
  ),
  sendTransaction: params(
    z.string().min(1).max(2_000),
    z
      .object({
        ...context,
        skipPreflight: z.boolean().optional(),
        preflightCommitment: commitment.optional(),
        encoding: z.enum(['base58', 'base64']).optional(),
        maxRetries: z.number().int().nonnegative().optional(),
      })
      .optional(),
  ),
  getSignatureStatuses: params(z.array(signature).max(256), z.object({ searchTransactionHistory: z.boolean().optional() }).optional()),
  getSignaturesForAddress: params(address, z.object({ ...context, limit: z.number().int().min(1).max(1000).optional(), before: signature.optional(), until: signature.optional() }).optional()),
  getTransaction: params(
    signature,
    z
      .union([
        z.enum(['json', 'jsonParsed', 'base58', 'base64']),
        z.object({
          commitment: commitment.optional(),
          encoding: z.enum(['json', 'jsonParsed', 'base58', 'base64']).optional(),
          maxSupportedTransactionVersion: z.number().int().nonnegative().optional(),
        }),
      ])
      .optional(),
  ),
  getTokenAccountsByOwner: params(address, z.union([z.object({ mint: address }).strict(), z.object({ programId: address }).strict()]), accountConfig.optional()),
  getParsedTokenAccountsByOwner: params(address, z.union([z.object({ mint: address }).strict(), z.object({ programId: address }).strict()]), accountConfig.optional()),
  getTokenAccountBalance: params(address, contextConfig.optional()),
  getSlot: z.tuple([contextConfig.optional()]),
  getBlockHeight: z.tuple([contextConfig.optional()]),
  getVersion: z.tuple([]),
  getGenesisHash: z.tuple([]),
  getHealth: z.tuple([]),
  requestAirdrop: params(address, u64.min(1), contextConfig.optional()),
} as const
export type HttpMethod = keyof typeof PARAMS

/** Parses a call's params with its method's schema; a mismatch is the RPC's invalid-params error. */
function parseParams<M extends HttpMethod>(method: M, raw: unknown): z.output<(typeof PARAMS)[M]> {
  const parsed = PARAMS[method].safeParse(raw ?? [])
  if (parsed.success) return parsed.data as z.output<(typeof PARAMS)[M]>
  const issue = parsed.error.issues[0]
  if (issue?.message === 'Invalid') throw invalidParam('Invalid')
  throw invalidParams(`${issue?.path.length ? `at ${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid value'}.`)
}

// Answers

export type RpcContext = { ledger: SolanaLedger; faucet: KeyPairSigner }

function withContext(ledger: SolanaLedger, value: unknown): { context: { slot: number; apiVersion: string }; value: unknown } {
  return { context: { slot: ledger.slot, apiVersion: SOLANA_CORE_VERSION }, value }
}

function checkMinContextSlot(ledger: SolanaLedger, config: { minContextSlot?: number | undefined } | undefined): void {
  if (config?.minContextSlot !== undefined && config.minContextSlot > ledger.slot) {
    throw new SolanaRpcError(RPC_CODES.minContextSlotNotReached, 'Minimum context slot has not been reached', { contextSlot: ledger.slot })
  }
}

/** `{ amount, decimals, uiAmount, uiAmountString }` of a raw token amount. */
export function uiTokenAmount(amount: bigint, decimals: number): { amount: string; decimals: number; uiAmount: number; uiAmountString: string } {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}

const TOKEN_STATES = ['uninitialized', 'initialized', 'frozen'] as const

function parsedTokenAccount(token: TokenAccount) {
  return {
    program: 'spl-token',
    parsed: {
      info: {
        isNative: false,
        mint: token.mint,
        owner: token.owner,
        state: TOKEN_STATES[token.state] ?? 'initialized',
        tokenAmount: uiTokenAmount(token.amount, token.decimals),
        ...(token.delegate ? { delegate: token.delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, token.decimals) } : {}),
      },
      type: 'account',
    },
    space: 165,
  }
}

/** An account as the RPC writes it in `encoding` (jsonParsed for token accounts; base64 otherwise). */
function accountJson(ledger: SolanaLedger, address: string, account: LedgerAccount | null, encoding: z.infer<typeof accountEncoding> = 'base58', slice?: z.infer<typeof dataSlice>) {
  if (!account) return null
  const common = { executable: account.executable, lamports: Number(account.lamports), owner: account.owner, rentEpoch: Number(account.rentEpoch), space: account.data.length }
  if (encoding === 'jsonParsed') {
    const token = ledger.tokenAccount(address, account)
    if (token) return { ...common, data: parsedTokenAccount(token) }
    encoding = 'base64'
  }
  const data = slice ? account.data.subarray(slice.offset, slice.offset + slice.length) : account.data
  if (encoding === 'base64+zstd') throw invalidParams('the base64+zstd encoding is not supported by this node.')
  if (encoding === 'base58') {
    if (data.length > 128) throw invalidParams('Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.')
    return { ...common, data: [toBase58(data), 'base58'] }
  }
  return { ...common, data: [base64.encode(data), 'base64'] }
}

function transactionBytes(text: string, encoding: 'base58' | 'base64' = 'base58'): Uint8Array {
  try {
    const bytes = encoding === 'base64' ? base64.decode(text) : base58Bytes(text)
    if (bytes.length === 0) throw new Error('empty')
    return bytes
  } catch {
    throw invalidParams(`invalid ${encoding} encoding: the transaction could not be decoded.`)
  }
}

function tokenBalanceJson(entry: TokenBalanceEntry) {
  return { accountIndex: entry.accountIndex, mint: entry.mint, owner: entry.owner, programId: entry.programId, uiTokenAmount: uiTokenAmount(entry.amount, entry.decimals) }
}

/** A transaction as getTransaction answers it: the message as JSON, or the wire bytes in base58 or base64. */
function transactionJson(tx: StoredTransaction, encoding: 'json' | 'jsonParsed' | 'base58' | 'base64') {
  const meta = {
    err: tx.err,
    status: tx.err === null ? { Ok: null } : { Err: tx.err },
    fee: tx.fee,
    preBalances: tx.preBalances,
    postBalances: tx.postBalances,
    innerInstructions: tx.innerInstructions,
    logMessages: tx.logMessages,
    preTokenBalances: tx.preTokenBalances.map(tokenBalanceJson),
    postTokenBalances: tx.postTokenBalances.map(tokenBalanceJson),
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    computeUnitsConsumed: tx.computeUnitsConsumed,
  }
  const { addressTableLookups, ...message } = tx.message
  const transaction =
    encoding === 'base64'
      ? [base64.encode(tx.wire), 'base64']
      : encoding === 'base58'
        ? [toBase58(tx.wire), 'base58']
        : { signatures: tx.signatures, message: { ...message, ...(tx.version === 'legacy' ? {} : { addressTableLookups }) } }
  return { slot: tx.slot, blockTime: tx.blockTime, version: tx.version, meta, transaction }
}

function statusJson(tx: StoredTransaction) {
  // One node, no forks: a transaction is final once it has run.
  return { slot: tx.slot, confirmations: null, err: tx.err, status: tx.err === null ? { Ok: null } : { Err: tx.err }, confirmationStatus: 'finalized' as const }
}

function tokenAccountsOf(ledger: SolanaLedger, owner: string, filter: { mint: string } | { programId: string }): TokenAccount[] {
  if ('programId' in filter) {
    if (filter.programId !== TOKEN_PROGRAM) throw invalidParam('unrecognized Token program id')
    return ledger.tokenAccountsByOwner(owner)
  }
  if (ledger.mintDecimals(filter.mint) === undefined) throw invalidParam('could not find mint')
  return ledger.tokenAccountsByOwner(owner, filter.mint)
}

/** Answers one HTTP method's call (its params unparsed). Throws SolanaRpcError for the RPC's errors. */
export async function answerHttpMethod(ctx: RpcContext, method: string, raw: unknown): Promise<unknown> {
  const { ledger } = ctx
  switch (method) {
    case 'getBalance': {
      const [who, config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      return withContext(ledger, Number(ledger.balance(who)))
    }
    case 'getAccountInfo': {
      const [who, config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      return withContext(ledger, accountJson(ledger, who, ledger.getAccount(who), config?.encoding, config?.dataSlice))
    }
    case 'getMultipleAccounts': {
      const [list, config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      return withContext(
        ledger,
        list.map((who) => accountJson(ledger, who, ledger.getAccount(who), config?.encoding, config?.dataSlice)),
      )
    }
    case 'getLatestBlockhash': {
      const [config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      return withContext(ledger, ledger.latestBlockhash())
    }
    case 'isBlockhashValid': {
      const [hash, config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      return withContext(ledger, ledger.isBlockhashValid(hash))
    }
    case 'getFeeForMessage': {
      const [message, config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      return withContext(ledger, ledger.feeForMessage(transactionBytes(message, 'base64')))
    }
    case 'getMinimumBalanceForRentExemption': {
      const [length] = parseParams(method, raw)
      return Number(ledger.minimumBalanceForRentExemption(length))
    }
    case 'simulateTransaction': {
      const [text, config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      if (config?.sigVerify && config.replaceRecentBlockhash) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash.')
      const tx = ledger.decode(transactionBytes(text, config?.encoding))
      const result = ledger.simulate(tx, {
        sigVerify: config?.sigVerify ?? false,
        replaceRecentBlockhash: config?.replaceRecentBlockhash ?? false,
        ...(config?.accounts ? { accounts: config.accounts.addresses } : {}),
      })
      if (config?.sigVerify && result.err === 'SignatureFailure') throw new SolanaRpcError(RPC_CODES.transactionSignatureVerificationFailure, 'Transaction signature verification failure')
      const accountsEncoding = config?.accounts?.encoding ?? 'base64'
      return withContext(ledger, {
        err: result.err,
        logs: result.logs,
        accounts: result.accounts ? result.accounts.map((account, i) => accountJson(ledger, config?.accounts?.addresses[i] ?? '', account, accountsEncoding)) : null,
        unitsConsumed: result.unitsConsumed,
        returnData: result.returnData ? { programId: result.returnData.programId, data: [base64.encode(result.returnData.data), 'base64'] } : null,
        innerInstructions: null,
        ...(result.replacementBlockhash ? { replacementBlockhash: result.replacementBlockhash } : {}),
      })
    }
    case 'sendTransaction': {
      const [text, config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      const tx = ledger.decode(transactionBytes(text, config?.encoding))
      const signature = tx.signatures[0] as string
      if (!config?.skipPreflight) {
        const preflight = ledger.simulate(tx, { sigVerify: true, replaceRecentBlockhash: false })
        if (preflight.err === 'SignatureFailure') throw new SolanaRpcError(RPC_CODES.transactionSignatureVerificationFailure, 'Transaction signature verification failure')
        if (preflight.err !== null) {
          throw new SolanaRpcError(RPC_CODES.sendTransactionPreflightFailure, `Transaction simulation failed: ${describeTransactionError(preflight.err)}`, {
            accounts: null,
            err: preflight.err,
            innerInstructions: null,
            logs: preflight.logs,
            replacementBlockhash: null,
            returnData: null,
            unitsConsumed: preflight.unitsConsumed,
          })
        }
      }
      try {
        ledger.execute(tx)
      } catch (err) {
        // Without preflight a validator takes the transaction and drops it: the sender learns it by its status.
        if (config?.skipPreflight && err instanceof SolanaRpcError && err.code === RPC_CODES.sendTransactionPreflightFailure) return signature
        throw err
      }
      return signature
    }
    case 'getSignatureStatuses': {
      const [list] = parseParams(method, raw)
      return withContext(
        ledger,
        list.map((s) => {
          const tx = ledger.transaction(s)
          return tx ? statusJson(tx) : null
        }),
      )
    }
    case 'getSignaturesForAddress': {
      const [who, config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      return ledger
        .signaturesFor(who, { limit: config?.limit ?? 1000, ...(config?.before ? { before: config.before } : {}), ...(config?.until ? { until: config.until } : {}) })
        .map((tx) => ({ signature: tx.signature, slot: tx.slot, err: tx.err, memo: null, blockTime: tx.blockTime, confirmationStatus: 'finalized' }))
    }
    case 'getTransaction': {
      const [sig, config] = parseParams(method, raw)
      const options = typeof config === 'string' ? { encoding: config } : (config ?? {})
      const tx = ledger.transaction(sig)
      if (!tx) return null
      if (tx.version !== 'legacy' && options.maxSupportedTransactionVersion === undefined) {
        throw new SolanaRpcError(
          -32015,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        )
      }
      return transactionJson(tx, options.encoding ?? 'json')
    }
    case 'getTokenAccountsByOwner':
    case 'getParsedTokenAccountsByOwner': {
      const [owner, filter, config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      const encoding = method === 'getParsedTokenAccountsByOwner' ? 'jsonParsed' : (config?.encoding ?? 'base64')
      return withContext(
        ledger,
        tokenAccountsOf(ledger, owner, filter).map((token) => ({ pubkey: token.address, account: accountJson(ledger, token.address, ledger.getAccount(token.address), encoding, config?.dataSlice) })),
      )
    }
    case 'getTokenAccountBalance': {
      const [who, config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      const token = ledger.tokenAccount(who)
      if (!token) throw invalidParam('not a Token account')
      return withContext(ledger, uiTokenAmount(token.amount, token.decimals))
    }
    case 'getSlot':
    case 'getBlockHeight': {
      const [config] = parseParams(method, raw)
      checkMinContextSlot(ledger, config)
      return method === 'getSlot' ? ledger.slot : ledger.blockHeight
    }
    case 'getVersion':
      parseParams(method, raw)
      return { 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 }
    case 'getGenesisHash':
      parseParams(method, raw)
      return SOLANA_GENESIS_HASH
    case 'getHealth':
      parseParams(method, raw)
      return 'ok'
    case 'requestAirdrop': {
      const [who, lamports] = parseParams(method, raw)
      if (BigInt(lamports) > MAX_AIRDROP_LAMPORTS)
        throw new SolanaRpcError(RPC_CODES.internalError, `Internal error: airdrop request of ${lamports} lamports is over the faucet's limit of ${MAX_AIRDROP_LAMPORTS} lamports`)
      const tx = await sendInstructions(ledger, ctx.faucet, [getTransferSolInstruction({ source: ctx.faucet, destination: who as Address, amount: BigInt(lamports) })])
      return tx.signature
    }
    default:
      throw new SolanaRpcError(RPC_CODES.methodNotFound, 'Method not found')
  }
}
