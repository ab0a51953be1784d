import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { parseSiwsMessage, type SiwsFields } from '@portico/shared-types/siws'
import { parseSiwxTime } from '@portico/shared-types/siwx'
import { solanaSignInAnswerSchema, type SolanaSignInInputFields } from '@portico/shared-types/solana'
import { WriteFailure } from './classifyError.ts'
import type { FlowStep } from './writes.ts'
import type { PreparedSignIn } from './siwx.ts'

/** What a signed sign-in hands the verifier: the message as signed (the session keeps it) and its base58 signature. */
export type SignedSignIn = { prepared: PreparedSignIn; signature: string }

const refused = (details: string) => new WriteFailure('SIWX_VERIFY_FAILED', { details })

/**
 * The wallet request of a Sign In With Solana: `solana_signIn` with the fields a wallet's
 * `solana:signIn` takes and the text they make (the page asks `solana:signMessage` of that text when
 * the wallet has no `solana:signIn`); a dapp's own message (`exact`) is signed as it is, through
 * `solana_signMessage` (its bytes as base58).
 */
export function solanaSignInStep(address: string, prepared: PreparedSignIn, exact: boolean): FlowStep {
  if (exact) {
    const message = getBase58Decoder().decode(new TextEncoder().encode(prepared.message))
    return { label: 'sign', total: 1, expects: 'signature', request: { method: 'solana_signMessage', params: [{ message, pubkey: address }] } }
  }
  const fields = parseSiwsMessage(prepared.message)
  if (!fields?.uri || !fields.version || !fields.chainId || !fields.nonce || !fields.issuedAt) {
    throw new WriteFailure('SIWX_INIT_FAILED', { details: 'The sign-in message is not a complete Sign In With Solana message' })
  }
  const input: SolanaSignInInputFields = {
    domain: fields.domain,
    address,
    ...(fields.statement ? { statement: fields.statement } : {}),
    uri: fields.uri,
    version: fields.version,
    chainId: fields.chainId,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
  }
  return { label: 'sign', total: 1, expects: 'signature', request: { method: 'solana_signIn', params: [{ input, message: prepared.message }] } }
}

const bytesOf = (value: string | Uint8Array) => (typeof value === 'string' ? new Uint8Array(getBase58Encoder().encode(value)) : value)
const base58Of = (value: string | Uint8Array) => (typeof value === 'string' ? value : getBase58Decoder().decode(value))

/** Which field of the message asked for the signed one does not say the same (times compared as instants), or null. */
function fieldMismatch(asked: SiwsFields, signed: SiwsFields): string | null {
  const times = new Set<keyof SiwsFields>(['issuedAt', 'expirationTime', 'notBefore'])
  const keys: (keyof SiwsFields)[] = ['domain', 'address', 'statement', 'uri', 'version', 'chainId', 'nonce', 'issuedAt', 'expirationTime', 'notBefore', 'requestId']
  for (const key of keys) {
    const a = asked[key] as string | undefined
    const b = signed[key] as string | undefined
    const same = times.has(key) && a !== undefined && b !== undefined ? parseSiwxTime(a) !== null && parseSiwxTime(a) === parseSiwxTime(b) : a === b
    if (!same) return key
  }
  if ((asked.resources ?? []).join('\n') !== (signed.resources ?? []).join('\n') || !asked.resources !== !signed.resources) return 'resources'
  return null
}

/**
 * The wallet's answer to a Solana sign-in step, checked before anything is verified: the signature
 * (base58 or its 64 bytes, through the schema), the account it signed in with (a `solana:signIn` may
 * answer another: refused), and the message it signed: the one asked for, or (a wallet that writes
 * the text itself) a Sign In With Solana message whose every field says what was asked. A dapp's own
 * message (`exact`) must be signed byte for byte. Anything else is SIWX_VERIFY_FAILED.
 */
export function solanaSignedSignIn(address: string, prepared: PreparedSignIn, answer: unknown, exact: boolean): SignedSignIn {
  const parsed = solanaSignInAnswerSchema.safeParse(answer)
  if (!parsed.success) throw new WriteFailure('SOMETHING_WENT_WRONG', { details: `The wallet answered no Solana signature: ${parsed.error.issues[0]?.message ?? 'invalid'}` })
  const { signature, signedMessage, account } = parsed.data
  if (account && account.address !== address) throw refused(`The wallet signed in ${account.address}, not ${address}`)
  let message = prepared.message
  if (signedMessage !== undefined) {
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytesOf(signedMessage))
    } catch {
      throw refused('The wallet signed a message that is not text')
    }
    if (text !== prepared.message) {
      if (exact) throw refused('The wallet signed another message than the one asked for')
      const asked = parseSiwsMessage(prepared.message)
      const signed = parseSiwsMessage(text)
      if (!asked || !signed) throw refused('The wallet signed a message that is not a Sign In With Solana message')
      const field = fieldMismatch(asked, signed)
      if (field) throw refused(`The message the wallet signed does not say the ${field} asked for`)
      message = text
    }
  }
  const bytes = bytesOf(signature)
  if (bytes.length !== 64) throw new WriteFailure('SOMETHING_WENT_WRONG', { details: 'The wallet answered no 64-byte signature' })
  return { prepared: { data: prepared.data, message }, signature: base58Of(signature) }
}
