import { createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/** The ed25519 public key of a 32-byte seed. */
export function ed25519PublicKey(privateKey: Uint8Array): Uint8Array {
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, privateKey]), format: 'der', type: 'pkcs8' })
  const spki = createPublicKey(key).export({ format: 'der', type: 'spki' })
  return new Uint8Array(spki.subarray(spki.length - 32))
}

/** A user's Solana key in the frame service: the 32-byte ed25519 seed and its address (base58 of the public key). */
export type SolanaKey = { readonly address: string; readonly seed: Uint8Array }

/** The key of a 32-byte seed, its address derived from it. */
export function solanaKeyOf(seed: Uint8Array): SolanaKey {
  if (seed.length !== 32) throw new RangeError('An ed25519 seed has 32 bytes')
  return { address: getBase58Decoder().decode(ed25519PublicKey(seed)), seed: new Uint8Array(seed) }
}

/** A new random key (node:crypto's CSPRNG): what each user gets next to its EVM key. */
export function newSolanaKey(): SolanaKey {
  return solanaKeyOf(randomBytes(32))
}

/** The seed as it is sealed (hex), and back. */
export const solanaSeedText = (key: SolanaKey): string => Buffer.from(key.seed).toString('hex')
export const solanaKeyFromText = (text: string): SolanaKey => {
  if (!/^[0-9a-f]{64}$/.test(text)) throw new RangeError('Unreadable Solana key')
  return solanaKeyOf(Buffer.from(text, 'hex'))
}

/** The ed25519 signature (64 bytes) of `bytes` with the key. */
export function signWithSolanaKey(key: SolanaKey, bytes: Uint8Array): Uint8Array {
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, key.seed]), format: 'der', type: 'pkcs8' })
  return new Uint8Array(sign(null, bytes, privateKey))
}
