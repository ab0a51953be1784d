import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit'

/**
 * The sandbox's Solana dev keys in the browser (the same as sandbox/src/solana/dev-keys.ts derives
 * with node:crypto): the dev mnemonic's BIP-39 seed, then SLIP-0010 ed25519 at m/44'/501'/{index}'/0',
 * with WebCrypto. Public test keys: never use them for real funds.
 */
const HARDENED = 0x80000000
const bytes = (text: string) => new TextEncoder().encode(text)

async function hmacSha512(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-512' }, false, ['sign'])
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, data as BufferSource))
}

/** BIP-39: the 64-byte seed of a mnemonic (no passphrase). */
async function mnemonicSeed(mnemonic: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', bytes(mnemonic.normalize('NFKD')), 'PBKDF2', false, ['deriveBits'])
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt: bytes('mnemonic'), iterations: 2048 }, key, 512))
}

/** The 32-byte ed25519 seed of account `index` (SLIP-0010, every step hardened). */
export async function solanaDevPrivateKey(mnemonic: string, index: number): Promise<Uint8Array> {
  let digest = await hmacSha512(bytes('ed25519 seed'), await mnemonicSeed(mnemonic))
  for (const step of [44, 501, index, 0]) {
    const data = new Uint8Array(37)
    data.set(digest.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, (step | HARDENED) >>> 0)
    digest = await hmacSha512(digest.subarray(32), data)
  }
  return digest.slice(0, 32)
}

/** A kit signer of Solana dev account `index` (0: the Sandbox Wallet's, funded with SOL, USDC and PTK). */
export async function solanaDevSigner(mnemonic: string, index: number): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(await solanaDevPrivateKey(mnemonic, index))
}
