import { createHmac, pbkdf2Sync } from 'node:crypto'
import { createKeyPairSignerFromPrivateKeyBytes, getBase58Decoder, type Address, type KeyPairSigner } from '@solana/kit'
import { DEV_MNEMONIC } from '../dev-accounts.ts'
import { ed25519PublicKey } from '@portico/frame-service/solana-key.ts'

/**
 * The Solana dev accounts: the EVM dev accounts' mnemonic at Solana's path m/44'/501'/{index}'/0'
 * (SLIP-0010 ed25519, what Phantom and Solflare derive), so a wallet that imports the mnemonic sees
 * the same accounts. Public test keys: never use them for real funds.
 */
export const SOLANA_DEV_ACCOUNT_COUNT = 10
/** Accounts 0..4 hold tokens and the seeded history; 0 is the Sandbox Wallet's. */
export const SOLANA_FUNDED_INDEXES = [0, 1, 2, 3, 4] as const
/** Creates the mints, may mint more, and pays what requestAirdrop hands out. */
export const SOLANA_AUTHORITY_INDEX = 9

export type SolanaDevAccount = {
  index: number
  address: Address
  /** The 32-byte ed25519 seed. */
  privateKey: Uint8Array
  /** base58 of seed and public key (64 bytes): what `solana-keygen` files and Phantom's import take. */
  secretKeyBase58: string
  /** The derivation path. */
  path: string
}

const HARDENED = 0x80000000

/** SLIP-0010 ed25519: the key at `path` (every step hardened) of a BIP-39 seed. */
export function deriveEd25519(seed: Uint8Array, path: readonly number[]): { key: Buffer; chainCode: Buffer } {
  let digest = createHmac('sha512', 'ed25519 seed').update(seed).digest()
  for (const index of path) {
    const data = Buffer.alloc(37)
    digest.copy(data, 1, 0, 32)
    data.writeUInt32BE((index | HARDENED) >>> 0, 33)
    digest = createHmac('sha512', digest.subarray(32)).update(data).digest()
  }
  return { key: digest.subarray(0, 32), chainCode: digest.subarray(32) }
}

/** BIP-39: the 64-byte seed of a mnemonic (no passphrase). */
export function mnemonicSeed(mnemonic: string): Buffer {
  return pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
}

export { ed25519PublicKey }

let cached: SolanaDevAccount[] | undefined

/** The ten Solana dev accounts, derived once. */
export function solanaDevAccounts(): SolanaDevAccount[] {
  if (cached) return cached
  const seed = mnemonicSeed(DEV_MNEMONIC)
  const base58 = getBase58Decoder()
  cached = Array.from({ length: SOLANA_DEV_ACCOUNT_COUNT }, (_, index) => {
    const { key } = deriveEd25519(seed, [44, 501, index, 0])
    const publicKey = ed25519PublicKey(key)
    return {
      index,
      address: base58.decode(publicKey) as Address,
      privateKey: new Uint8Array(key),
      secretKeyBase58: base58.decode(Buffer.concat([key, publicKey])),
      path: `m/44'/501'/${index}'/0'`,
    }
  })
  return cached
}

export function solanaDevAccount(index: number): SolanaDevAccount {
  const account = solanaDevAccounts()[index]
  if (!account) throw new Error(`No Solana dev account ${index}`)
  return account
}

/** A kit signer of `account` (WebCrypto ed25519). */
export function devSigner(account: SolanaDevAccount): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(account.privateKey)
}
