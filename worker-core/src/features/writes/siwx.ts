import { getAddress } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import {
  parseCaipAddress,
  parseCaipNetworkId,
  siwxCacaoSchema,
  siwxCreatedMessageSchema,
  siwxSessionResponseSchema,
  type SiwxCacao,
  type SiwxMessageInput,
  type SiwxSession,
} from '@portico/shared-types'
import { createSiwsMessage } from '@portico/shared-types/siws'
import { siwxTimeProblem, type SiwxVerifyRequest } from '@portico/shared-types/siwx'
import type { WriteError, WriteIntent } from '@portico/shared-types/write'
import type { HttpClient } from '../../infra/http.ts'
import type { RpcClient } from '../../infra/rpc.ts'
import { siwxSessionProblem } from '../siwx/siwx.ts'
import { WriteFailure } from './classifyError.ts'
import { getSiwxNonce } from '../siwx/getSiwxNonce.ts'

type SiwxIntent = Extract<WriteIntent, { kind: 'siwx' }>

export type PreparedSignIn = { message: string; data: SiwxSession['data'] }

const detail = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause))

/**
 * The message of a sign-in (CAIP-122): EIP-4361 for an eip155 account, Sign In With Solana for a
 * solana one (its Chain ID the cluster's CAIP-2 reference). The page's domain and URI, the account,
 * its chain, a nonce from the verifier (its CSPRNG, never the page's), issued now and expiring after
 * `expiresInMs`. A verifier that gives no nonce is SIWX_INIT_FAILED (SPEC.md §8 'A problem occurred
 * while trying initialize authentication').
 */
export async function prepareSignIn(api: HttpClient, intent: SiwxIntent, nowMs: number): Promise<PreparedSignIn> {
  const { address, namespace, reference, caipNetworkId } = parseCaipAddress(intent.caipAddress)
  const nonce = await getSiwxNonce(api).catch((cause: unknown) => {
    throw new WriteFailure('SIWX_INIT_FAILED', { details: detail(cause) })
  })
  const issuedAt = new Date(nowMs)
  const expirationTime = new Date(nowMs + intent.expiresInMs)
  const fields = { domain: intent.domain, uri: intent.uri, nonce, version: '1' as const, ...(intent.statement ? { statement: intent.statement } : {}) }
  const message =
    namespace === 'solana'
      ? createSiwsMessage({ ...fields, address, chainId: reference, issuedAt: issuedAt.toISOString(), expirationTime: expirationTime.toISOString() })
      : createSiweMessage({ ...fields, address: getAddress(address), chainId: Number(reference), issuedAt, expirationTime })
  return {
    message,
    data: {
      accountAddress: address,
      chainId: caipNetworkId,
      domain: intent.domain,
      uri: intent.uri,
      version: '1',
      nonce,
      ...(intent.statement ? { statement: intent.statement } : {}),
      issuedAt: issuedAt.toISOString(),
      expirationTime: expirationTime.toISOString(),
    },
  }
}

/** A stand-in signature, to check a message against the session it would make before the wallet signs it. */
const UNSIGNED = '0x00'

/** What a dapp's `createMessage` is given for the intent's account. */
export function messageInput(intent: SiwxIntent): SiwxMessageInput {
  const { address, caipNetworkId } = parseCaipAddress(intent.caipAddress)
  return { accountAddress: address, chainId: caipNetworkId }
}

/**
 * A dapp's `createMessage` answer, as the page handed it: checked to be a message with its data, for
 * this account and chain. Anything else is SIWX_INIT_FAILED ('A problem occurred while trying
 * initialize authentication').
 */
export async function preparedFromDapp(intent: SiwxIntent, answer: unknown, nowMs = Date.now()): Promise<PreparedSignIn> {
  const parsed = siwxCreatedMessageSchema.safeParse(answer)
  if (!parsed.success) throw new WriteFailure('SIWX_INIT_FAILED', { details: `siwx.createMessage answered no message: ${parsed.error.issues[0]?.message ?? 'invalid'}` })
  const { address, caipNetworkId } = parseCaipAddress(intent.caipAddress)
  const { data, message } = parsed.data
  if (data.chainId !== caipNetworkId || data.accountAddress.toLowerCase() !== address.toLowerCase()) {
    throw new WriteFailure('SIWX_INIT_FAILED', { details: `siwx.createMessage answered a message for ${data.chainId}:${data.accountAddress}, not ${intent.caipAddress}` })
  }
  // Its text must say what its data says (account, chain, domain, URI, nonce, times): the session's CACAO is made from the data.
  const mismatch = siwxTimeProblem(data, nowMs) ?? (await siwxSessionProblem(signedSession({ data, message }, UNSIGNED)))
  if (mismatch) throw new WriteFailure('SIWX_INIT_FAILED', { details: `siwx.createMessage answered a message that does not hold: ${mismatch}` })
  return { data, message }
}

/** The chain of a sign-in as the verifier takes it: an eip155 chain id, or a Solana cluster's CAIP-2 reference. */
const verifierChainId = (caipNetworkId: string): number | string => {
  const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
  return namespace === 'eip155' ? Number(reference) : reference
}

/** The session of a signed message, with its CACAO (CAIP-74: an EIP-191 signature, or Solana's ed25519). */
export function signedSession(prepared: PreparedSignIn, signature: string): SiwxSession {
  const { data } = prepared
  return {
    data,
    message: prepared.message,
    signature,
    cacao: {
      h: { t: 'caip122' },
      p: {
        domain: data.domain,
        aud: data.uri,
        iss: `did:pkh:${data.chainId}:${data.accountAddress}`,
        version: data.version ?? '1',
        nonce: data.nonce,
        iat: data.issuedAt,
        ...(data.expirationTime ? { exp: data.expirationTime } : {}),
        ...(data.statement ? { statement: data.statement } : {}),
      },
      s: { t: data.chainId.startsWith('solana:') ? 'solana:ed25519' : 'eip191', s: signature },
    },
  }
}

/**
 * Hands the signed message to the verifier (POST v1/siwx/verify), which checks the signature (smart
 * accounts too) and the nonce once, and keeps the session. Answers the session the core stores, with
 * its CACAO (CAIP-74).
 */
export async function verifySignIn(api: HttpClient, prepared: PreparedSignIn, signature: string, client: RpcClient | null = null): Promise<SiwxSession> {
  const session = signedSession(prepared, signature)
  const body: SiwxVerifyRequest = { message: prepared.message, signature, chainId: verifierChainId(prepared.data.chainId), cacao: session.cacao as SiwxCacao }
  await api.post('v1/siwx/verify', { body, schema: siwxSessionResponseSchema, what: 'SIWX verification' }).catch(async (cause: unknown) => {
    throw await refusal(client, prepared, signature, cause)
  })
  return session
}

/**
 * A verifier's refusal as SIWX_VERIFY_FAILED. From a smart account (EIP-1271 code at its address, or an
 * EIP-6492 signature), it says so (`values.account: 'smartAccount'`: SPEC.md §8 'This application
 * might not support Smart Accounts'), with whether the signature holds on chain by the core's own check.
 */
async function refusal(client: RpcClient | null, prepared: PreparedSignIn, signature: string, cause: unknown): Promise<WriteFailure> {
  const { code, ...rest } = await markSmartAccountRefusal(client, prepared, signature, { code: 'SIWX_VERIFY_FAILED', details: detail(cause) })
  return new WriteFailure(code, rest)
}

/**
 * A refused sign-in's error, marked when the signer is a smart account (`values.account:
 * 'smartAccount'`, with whether its signature holds on chain by the core's own check): the view then
 * says 'This application might not support Smart Accounts' (SPEC.md §8). Others are left as they are.
 */
export async function markSmartAccountRefusal(client: RpcClient | null, prepared: PreparedSignIn, signature: string, error: WriteError): Promise<WriteError> {
  // viem's verifyMessage (EIP-1271, EIP-6492) loads only for a refused sign-in: the core's entry stays without it.
  const checked = client
    ? await (await import('../siwx/smartAccountSignature.ts')).smartAccountSignature(client, { address: prepared.data.accountAddress, message: prepared.message, signature }).catch(() => null)
    : null
  if (!checked?.smartAccount) return error
  const onChain = checked.validOnChain ? 'the signature holds on chain (EIP-1271/EIP-6492)' : 'the signature does not hold on chain either'
  return { ...error, values: { ...error.values, account: 'smartAccount' }, details: `${error.details ?? 'refused'}; a smart account's: ${onChain}` }
}

/**
 * One-click sign-in (WalletConnect `wc_sessionAuthenticate`): of the wallet's CACAOs, the one for the
 * account the session connects, parsed, its message formatted as the wallet signed it and checked by
 * the verifier (the nonce once). Answers the session, stored exactly like one signed after connecting;
 * null when no CACAO is for that account.
 */
export async function sessionFromCacaos(api: HttpClient, auths: readonly unknown[], caipAddress: string, messageOf: (cacao: unknown) => string): Promise<SiwxSession | null> {
  const { address, reference, caipNetworkId } = parseCaipAddress(caipAddress as `eip155:${string}:${string}`)
  const cacaos = auths.map((a) => siwxCacaoSchema.safeParse(a)).flatMap((r) => (r.success ? [r.data] : []))
  const cacao = cacaos.find((c) => c.p.iss.toLowerCase() === `did:pkh:${caipNetworkId}:${address}`.toLowerCase())
  if (!cacao) return null
  const message = messageOf(cacao)
  // The connected chain, and the CACAO itself: the verifier checks the message names that chain and the CACAO says what the message says.
  const body: SiwxVerifyRequest = { message, signature: cacao.s.s, chainId: Number(reference), cacao }
  await api.post('v1/siwx/verify', { body, schema: siwxSessionResponseSchema, what: 'SIWX verification' })
  const { p } = cacao
  return {
    data: {
      accountAddress: address,
      chainId: caipNetworkId,
      domain: p.domain,
      uri: p.aud,
      version: p.version ?? '1',
      nonce: p.nonce,
      ...(p.statement ? { statement: p.statement } : {}),
      issuedAt: p.iat,
      ...(p.exp ? { expirationTime: p.exp } : {}),
      ...(p.nbf ? { notBefore: p.nbf } : {}),
    },
    message,
    signature: cacao.s.s,
    cacao,
  }
}
