import { Keypair } from '@solana/web3.js'
import { getBase58Encoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { deriveEd25519, solanaDevAccounts } from './dev-keys.ts'
import { solanaTokens } from './seed.ts'

describe('Solana dev keypairs', () => {
  it('derive SLIP-0010 ed25519 keys (the standard test vector 1)', () => {
    const seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex')
    const master = deriveEd25519(seed, [])
    expect(master.key.toString('hex')).toBe('2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7')
    expect(master.chainCode.toString('hex')).toBe('90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb')
    const child = deriveEd25519(seed, [0])
    expect(child.key.toString('hex')).toBe('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3')
    expect(child.chainCode.toString('hex')).toBe('8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69')
  })

  it("are the dev mnemonic's accounts at m/44'/501'/i'/0', the same as web3.js makes of their keys", () => {
    const accounts = solanaDevAccounts()
    expect(accounts).toHaveLength(10)
    expect(accounts.slice(0, 3).map((a) => a.address)).toEqual([
      'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
      'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
      'CqMbRgMuEhQi9BUS8xP44Wk5nENm48FqJnfjEi4eNb1k',
    ])
    for (const account of accounts) {
      const fromSeed = Keypair.fromSeed(account.privateKey)
      expect(fromSeed.publicKey.toBase58()).toBe(account.address)
      // The printed secret key is what wallets import: seed and public key, 64 bytes.
      expect(Keypair.fromSecretKey(getBase58Encoder().encode(account.secretKeyBase58) as Uint8Array).publicKey.toBase58()).toBe(account.address)
      expect(account.path).toBe(`m/44'/501'/${account.index}'/0'`)
    }
    expect(new Set(accounts.map((a) => a.address)).size).toBe(10)
  })

  it('give the two mints fixed addresses', () => {
    expect(solanaTokens().map((t) => [t.symbol, t.decimals, t.mint])).toEqual([
      ['USDC', 6, 'GYUbjc8XZSbz8K21zBasax5SFH2bsy1Z1eBJeSE8Zhce'],
      ['PTK', 9, 'DScE3rohdUBZ1BJ7y66V67wHb9rJJ9SLEiDmFETaFTXd'],
    ])
  })
})
