import { z } from 'zod'
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit'
import { walletConnectSolanaParamsSchemas, type WalletConnectSolanaMethod } from '@portico/shared-types/solana'
import { describeRequest, type RequestDescription } from '../../wallet/describe.ts'
import { internalError, invalidParams, unauthorized, unsupportedMethod, userRejected } from '../../wallet/errors.ts'
import { summariseTransaction } from '../../wallet/solana.ts'
import type { PhoneWalletSolanaChain } from './config.ts'

export type { PhoneWalletSolanaChain } from './config.ts'

/** WalletConnect's Solana methods, as the phone wallet grants them in a session's solana namespace. */
export const PHONE_WALLET_SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
] as const satisfies readonly WalletConnectSolanaMethod[]

/** The RPC's answer to sendTransaction: the signature, or Solana's error. */
const sendAnswerSchema = z.union([
  z.object({ result: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) }),
  z.object({ error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }) }),
])

export type SolanaRequestContext = {
  /** The key of the wallet's active account (its Solana side). */
  signer: KeyPairSigner
  chain: PhoneWalletSolanaChain
  /** The dapp's origin, as the prompt names it. */
  origin: string
  /** Shows the prompt; resolves with the person's answer. */
  ask(description: RequestDescription): Promise<boolean>
  fetch: typeof fetch
}

const base58 = { encode: getBase58Encoder(), decode: getBase58Decoder() }
const base64 = { encode: getBase64Encoder(), decode: getBase64Decoder() }

function paramsOf<M extends WalletConnectSolanaMethod>(method: M, params: unknown): z.output<(typeof walletConnectSolanaParamsSchemas)[M]> {
  const parsed = walletConnectSolanaParamsSchemas[method].safeParse(params)
  if (!parsed.success) throw invalidParams(`${method}: ${parsed.error.issues[0]?.message ?? 'unexpected params'}`)
  return parsed.data as z.output<(typeof walletConnectSolanaParamsSchemas)[M]>
}

function decodeTransaction(wire: string): { bytes: Uint8Array; transaction: Transaction } {
  try {
    const bytes = new Uint8Array(base64.encode.encode(wire))
    return { bytes, transaction: getTransactionDecoder().decode(bytes) }
  } catch {
    throw invalidParams('not a Solana transaction')
  }
}

/** What the person is shown of a transaction (its SOL transfers and instruction count). */
function summaryOf(ctx: SolanaRequestContext, kind: 'solana_signTransaction' | 'solana_signAndSendTransaction', bytes: Uint8Array) {
  try {
    return { kind, origin: ctx.origin, address: ctx.signer.address, network: ctx.chain.name, ...summariseTransaction(bytes) }
  } catch {
    throw invalidParams('not a Solana transaction')
  }
}

/** Signs with the active account's key; a transaction that does not ask for this key is refused. */
async function sign(ctx: SolanaRequestContext, transaction: Transaction): Promise<Transaction> {
  if (!(ctx.signer.address in transaction.signatures)) throw unauthorized()
  return partiallySignTransaction([ctx.signer.keyPair], transaction)
}

const signatureOf = (ctx: SolanaRequestContext, signed: Transaction): string => {
  const signature = signed.signatures[ctx.signer.address]
  if (!signature) throw internalError('The transaction was not signed')
  return base58.decode.decode(signature)
}

const wireOf = (signed: Transaction): string => base64.decode.decode(getTransactionEncoder().encode(signed))

async function approveOrThrow(ctx: SolanaRequestContext, description: RequestDescription) {
  if (!(await ctx.ask(description))) throw userRejected()
}

/** Sends a signed transaction to the chain's RPC; the node's error (a failed simulation) is the dapp's answer. */
async function send(ctx: SolanaRequestContext, wire: string, options: { skipPreflight?: boolean | undefined; preflightCommitment?: string | undefined } = {}): Promise<string> {
  const response = await ctx.fetch(ctx.chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [wire, { encoding: 'base64', skipPreflight: options.skipPreflight ?? false, ...(options.preflightCommitment ? { preflightCommitment: options.preflightCommitment } : {}) }],
    }),
  })
  const answer = sendAnswerSchema.safeParse(await response.json().catch(() => null))
  if (!answer.success) throw internalError('The Solana RPC answered something else than a signature')
  if ('error' in answer.data) throw internalError(answer.data.error.message, answer.data.error)
  return answer.data.result
}

/**
 * Answers one of WalletConnect's Solana methods (its Solana RPC reference) for the phone wallet:
 * params checked by shared-types' schemas, the person asked in the wallet's prompt, signed with the
 * active account's ed25519 key (@solana/kit), sent to the chain's RPC for `solana_signAndSendTransaction`.
 * Answers `{ signature }` (base58), `{ signature, transaction }` or `{ transactions }` (base64).
 */
export async function handleSolanaRequest(ctx: SolanaRequestContext, method: string, params: unknown): Promise<unknown> {
  switch (method) {
    case 'solana_signMessage': {
      const { message, pubkey } = paramsOf(method, params)
      if (pubkey !== ctx.signer.address) throw unauthorized()
      const bytes = new Uint8Array(base58.encode.encode(message))
      await approveOrThrow(ctx, describeRequest({ kind: 'solana_signMessage', origin: ctx.origin, address: ctx.signer.address, message: new TextDecoder().decode(bytes) }))
      return { signature: base58.decode.decode(await signBytes(ctx.signer.keyPair.privateKey, bytes)) }
    }
    case 'solana_signTransaction': {
      const { bytes, transaction } = decodeTransaction(paramsOf(method, params).transaction)
      await approveOrThrow(ctx, describeRequest(summaryOf(ctx, method, bytes)))
      const signed = await sign(ctx, transaction)
      return { signature: signatureOf(ctx, signed), transaction: wireOf(signed) }
    }
    case 'solana_signAndSendTransaction': {
      const { transaction: wire, sendOptions } = paramsOf(method, params)
      const { bytes, transaction } = decodeTransaction(wire)
      await approveOrThrow(ctx, describeRequest(summaryOf(ctx, method, bytes)))
      const signed = await sign(ctx, transaction)
      return { signature: await send(ctx, wireOf(signed), sendOptions ?? {}) }
    }
    case 'solana_signAllTransactions': {
      const decoded = paramsOf(method, params).transactions.map(decodeTransaction)
      const summaries = decoded.map(({ bytes }) => summaryOf(ctx, 'solana_signTransaction', bytes))
      const described = describeRequest({ ...summaries[0]!, transfers: summaries.flatMap((s) => s.transfers), instructions: summaries.reduce((n, s) => n + s.instructions, 0) })
      const n = decoded.length
      await approveOrThrow(ctx, { ...described, title: `Sign ${n} Solana transaction${n === 1 ? '' : 's'} for ${ctx.origin}?` })
      const signed = []
      for (const { transaction } of decoded) signed.push(wireOf(await sign(ctx, transaction)))
      return { transactions: signed }
    }
    default:
      throw unsupportedMethod(method)
  }
}
