// The message schema lives with the other data API schemas; the package root does not re-export it
// yet (shared-types/src/index.ts is outside this change), hence the path.
import { registerNameMessageSchema, type RegisterNameMessage } from '@portico/shared-types'
import { getAddress, isAddress, type Address, type Hex, type PublicClient } from 'viem'
import { NAME_PROBLEM_MESSAGES, acceptedSuffixes, normalizeName } from './name-rules.ts'

/** How far the signed timestamp may be from the API's clock. */
export const MESSAGE_MAX_AGE_SECONDS = 10 * 60

/** The request body, already parsed by registerNameRequestSchema (so `signature` is hex). */
export type RegistrationRequest = { coin_type: number; address: string; message: string; signature: string }
export type VerifiedRegistration = { name: string; owner: Address; coinType: number }
export type RegistrationRejection = { status: 400 | 401; error: string }

export type VerifyOptions = {
  /** Coin types of the chains names may point at (SPEC.md §5 coinTypeForChainId). */
  coinTypes: ReadonlySet<number>
  nameSuffix: string
  client: PublicClient
  nowSeconds?: number
}

function parseMessage(text: string): RegisterNameMessage | undefined {
  try {
    const parsed = registerNameMessageSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/**
 * Checks a POST /v1/profile/account body: the address, the coin type, the signed JSON message
 * (name under an accepted suffix, recent timestamp, same address if it names one), and the
 * EIP-191 signature of exactly that message by the address (ERC-1271 accounts too).
 */
export async function verifyRegistration(body: RegistrationRequest, options: VerifyOptions): Promise<VerifiedRegistration | RegistrationRejection> {
  if (!isAddress(body.address, { strict: false })) return { status: 400, error: 'Invalid address' }
  const owner = getAddress(body.address)
  if (!options.coinTypes.has(body.coin_type)) return { status: 400, error: `Unsupported coin_type ${body.coin_type}` }
  const message = parseMessage(body.message)
  if (!message) return { status: 400, error: 'Invalid message: expected JSON with name and timestamp' }
  const name = normalizeName(message.name, options.nameSuffix)
  if (typeof name === 'string') return { status: 400, error: NAME_PROBLEM_MESSAGES[name](acceptedSuffixes(options.nameSuffix)) }
  if (message.address !== undefined && message.address.toLowerCase() !== owner.toLowerCase()) {
    return { status: 400, error: 'The message names another address' }
  }
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000)
  const signedAt = message.timestamp > 1e12 ? Math.floor(message.timestamp / 1000) : message.timestamp
  if (Math.abs(now - signedAt) > MESSAGE_MAX_AGE_SECONDS) return { status: 400, error: 'Message expired: sign a new one' }
  const valid = await options.client.verifyMessage({ address: owner, message: body.message, signature: body.signature as Hex }).catch(() => false)
  if (!valid) return { status: 401, error: 'Invalid signature' }
  return { name: name.name, owner, coinType: body.coin_type }
}
