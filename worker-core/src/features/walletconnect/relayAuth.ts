/**
 * The relay's auth token, signed with the browser's own Ed25519 (WebCrypto).
 *
 * Each socket the WalletConnect client opens carries a JWT signed with the client's Ed25519 key, and
 * its client id is that key's `did:key`. The client signs with a JavaScript Ed25519 whose first use
 * builds a table of precomputed points: in a freshly started worker that is the longest single step
 * between the visitor's intent and the pairing URI (about 70–100 ms of the worker's time). Ed25519
 * signatures are deterministic, so the browser's Ed25519 gives the very same token, byte for byte,
 * from the same seed; where the browser has none (or the client's crypto is not shaped as in 2.21),
 * the client keeps its own.
 */

import { getBase58Decoder } from '@solana/kit'
import { PorticoError } from '@portico/shared-types/errors'

/** The part of WalletConnect's core crypto controller (2.21) the relay auth goes through. */
export type RelayAuthCrypto = {
  randomSessionIdentifier: string
  signJWT(aud: string): Promise<string>
  getClientId(): Promise<string>
}

/** The client's relay key seed, 32 bytes, as the controller keeps it (a method the typings call private). */
type WithSeed = RelayAuthCrypto & { getClientSeed(): Promise<Uint8Array> }

/** PKCS #8 wrapping of a raw Ed25519 seed (RFC 8410): the 16 bytes before the 32 of the seed. */
const PKCS8_ED25519 = Uint8Array.of(0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20)
/** The multicodec header of an Ed25519 public key in a `did:key` (base58btc 'K36'). */
const ED25519_MULTICODEC = Uint8Array.of(0xed, 0x01)
/** The client's JWT lifetime (@walletconnect/core's CRYPTO_JWT_TTL: one day, in seconds). */
export const RELAY_JWT_TTL_S = 86_400
function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

const fromBase64url = (text: string): Uint8Array => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
const jsonPart = (value: unknown): string => base64url(new TextEncoder().encode(JSON.stringify(value)))

/** The `did:key` of an Ed25519 public key: the client id and the JWT's issuer. */
export function didKey(publicKey: Uint8Array): string {
  const bytes = new Uint8Array(ED25519_MULTICODEC.length + publicKey.length)
  bytes.set(ED25519_MULTICODEC)
  bytes.set(publicKey, ED25519_MULTICODEC.length)
  return `did:key:z${getBase58Decoder().decode(bytes)}`
}

type NativeKey = { key: CryptoKey; iss: string }

/** The seed as a WebCrypto signing key, with its `did:key`; rejects where the browser has no Ed25519. */
async function importSeed(subtle: SubtleCrypto, seed: Uint8Array): Promise<NativeKey> {
  const pkcs8 = new Uint8Array(PKCS8_ED25519.length + seed.length)
  pkcs8.set(PKCS8_ED25519)
  pkcs8.set(seed, PKCS8_ED25519.length)
  // Extractable only to read the public half (the JWK's `x`); the key never leaves the worker.
  const key = await subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign'])
  const { x } = await subtle.exportKey('jwk', key)
  if (!x) throw new PorticoError('The relay key has no public half', { details: 'WebCrypto exported an Ed25519 key without its x' })
  return { key, iss: didKey(fromBase64url(x)) }
}

/**
 * The relay JWT of @walletconnect/relay-auth's `signJWT`: EdDSA header, then issuer (the client id),
 * subject (the client's session identifier), audience (the relay URL), issued and expiry times in
 * seconds, each part base64url without padding.
 */
export async function signRelayJwt(subtle: SubtleCrypto, { key, iss }: NativeKey, sub: string, aud: string, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000)
  const data = `${jsonPart({ alg: 'EdDSA', typ: 'JWT' })}.${jsonPart({ iss, sub, aud, iat, exp: iat + RELAY_JWT_TTL_S })}`
  const signature = new Uint8Array(await subtle.sign({ name: 'Ed25519' }, key, new TextEncoder().encode(data)))
  return `${data}.${base64url(signature)}`
}

/**
 * Has the client's crypto controller sign its relay JWT and tell its client id with WebCrypto's
 * Ed25519, from the same seed: the same token and id as its own, without its JavaScript Ed25519's
 * first-use cost. Each call falls back to the controller's own when the browser cannot (no Ed25519,
 * a failure), and nothing changes when the controller is not as expected.
 */
export function useNativeRelayAuth(crypto: RelayAuthCrypto, subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle): void {
  const seeded = crypto as Partial<WithSeed>
  if (!subtle || typeof seeded.getClientSeed !== 'function' || typeof crypto.signJWT !== 'function' || typeof crypto.getClientId !== 'function') return
  const ownSignJWT = crypto.signJWT.bind(crypto)
  const ownClientId = crypto.getClientId.bind(crypto)
  const getSeed = seeded.getClientSeed.bind(crypto)
  // One key per seed (the seed is the client's for good; a new one would come with a new client).
  let native: { seed: string; key: Promise<NativeKey> } | null = null
  const keyOf = async (): Promise<NativeKey> => {
    const seed = await getSeed()
    const id = Array.from(seed, (b) => b.toString(16).padStart(2, '0')).join('')
    if (native?.seed !== id) native = { seed: id, key: importSeed(subtle, seed) }
    return native.key
  }
  crypto.signJWT = async (aud) => {
    const key = await keyOf().catch(() => null)
    if (!key) return ownSignJWT(aud)
    return signRelayJwt(subtle, key, crypto.randomSessionIdentifier, aud, Date.now()).catch(() => ownSignJWT(aud))
  }
  crypto.getClientId = async () => {
    const key = await keyOf().catch(() => null)
    return key ? key.iss : ownClientId()
  }
}
