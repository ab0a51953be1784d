import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder, getTransactionDecoder, getTransactionEncoder, type Address, type SignatureBytes } from '@solana/kit'
import { solanaSignatureSchema, solanaSignMessageParamsSchema, solanaTransactionParamsSchema } from '@portico/shared-types/solana'
import * as z from 'zod'
import type { FrameUser } from './accounts.ts'
import { FRAME_MESSAGES, FrameError } from './messages.ts'
import { signWithSolanaKey } from './solana-key.ts'

/** A Solana network the frame signs for: its CAIP-2 id, its name, the RPC its sends go to, and the symbols of tokens it knows (mint -> symbol). */
export type FrameSolanaNetwork = { caipNetworkId: string; name: string; rpcUrl: string; tokens?: Readonly<Record<string, string>> | undefined }

/** The Solana methods the frame's key answers (SPEC.md §6: each unsafe, approved in the frame first). */
export const FRAME_SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const
export type FrameSolanaMethod = (typeof FRAME_SOLANA_METHODS)[number]

const sendAnswerSchema = z.union([z.object({ result: solanaSignatureSchema }), z.object({ error: z.object({ code: z.number(), message: z.string() }) })])
const sendOptionsSchema = z.looseObject({ options: z.looseObject({ skipPreflight: z.boolean().optional() }).optional() })

function parseParams<S extends z.core.$ZodType>(schema: S, params: unknown, method: string): z.output<S> {
  const parsed = z.safeParse(schema, params)
  if (!parsed.success) throw new FrameError(`Invalid params for ${method}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
  return parsed.data
}

/**
 * The user's signature on a wire transaction (base64): refused unless the transaction asks for the
 * user's key among its signers. Answers the signed transaction's bytes and the user's signature.
 */
export function signSolanaTransaction(user: FrameUser, base64: string, method: string): { wire: Uint8Array; signature: Uint8Array } {
  let decoded: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>
  try {
    decoded = getTransactionDecoder().decode(getBase64Encoder().encode(base64))
  } catch {
    throw new FrameError(`Invalid params for ${method}: not a Solana transaction`)
  }
  const address = user.solana.address as Address
  if (!(address in decoded.signatures)) throw new FrameError(`Invalid params for ${method}: the transaction does not ask for the signature of ${address}`)
  const signature = signWithSolanaKey(user.solana, new Uint8Array(decoded.messageBytes))
  const signed = { ...decoded, signatures: { ...decoded.signatures, [address]: signature as SignatureBytes } }
  return { wire: new Uint8Array(getTransactionEncoder().encode(signed)), signature }
}

/** Sends a signed wire transaction to the network's RPC: the transaction's signature (base58), or Solana's error. */
async function send(network: FrameSolanaNetwork, wire: Uint8Array, skipPreflight: boolean): Promise<string> {
  let res: Response
  try {
    res = await fetch(network.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [getBase64Decoder().decode(wire), { encoding: 'base64', skipPreflight, preflightCommitment: 'confirmed' }] }),
      signal: AbortSignal.timeout(15_000),
    })
  } catch {
    throw new FrameError(`${network.name} does not answer`, 502)
  }
  const answer = sendAnswerSchema.safeParse(await res.json().catch(() => undefined))
  if (!answer.success) throw new FrameError(`${network.name} gave an unreadable answer`, 502)
  if ('error' in answer.data) throw new FrameError(answer.data.error.message)
  return answer.data.result
}

/**
 * Answers one Solana request for `user` on `network` with the user's ed25519 key, kept in the
 * service: `solana_signMessage` (`[{ message: base58, pubkey? }]` -> `{ signature }`),
 * `solana_signTransaction` (`[{ transaction: base64 }]` -> `{ signature, transaction }`, signed) and
 * `solana_signAndSendTransaction` (the same, sent to the network's RPC -> `{ signature }`). The frame
 * page asks only after the visitor approved exactly these params in its own approval.
 */
export async function answerSolana(user: FrameUser, network: FrameSolanaNetwork, method: string, params: unknown): Promise<unknown> {
  const base58 = getBase58Decoder()
  switch (method) {
    case 'solana_signMessage': {
      const [{ message, pubkey }] = parseParams(solanaSignMessageParamsSchema, params, method)
      if (pubkey !== undefined && pubkey !== user.solana.address) throw new FrameError(FRAME_MESSAGES.unknownAccount.replace('{address}', pubkey))
      let bytes: Uint8Array
      try {
        bytes = new Uint8Array(getBase58Encoder().encode(message))
      } catch {
        throw new FrameError(`Invalid params for ${method}: the message is not base58`)
      }
      return { signature: base58.decode(signWithSolanaKey(user.solana, bytes)) }
    }
    case 'solana_signTransaction': {
      const [{ transaction }] = parseParams(solanaTransactionParamsSchema, params, method)
      const { wire, signature } = signSolanaTransaction(user, transaction, method)
      return { signature: base58.decode(signature), transaction: getBase64Decoder().decode(wire) }
    }
    case 'solana_signAndSendTransaction': {
      const [input] = parseParams(solanaTransactionParamsSchema, params, method)
      const { wire } = signSolanaTransaction(user, input.transaction, method)
      const skipPreflight = sendOptionsSchema.safeParse(input).data?.options?.skipPreflight ?? false
      return { signature: await send(network, wire, skipPreflight) }
    }
    default:
      throw new FrameError(FRAME_MESSAGES.unsupportedMethod.replace('{method}', method))
  }
}
