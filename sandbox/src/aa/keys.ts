import { bytesToHex, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEV_MNEMONIC } from '../dev-accounts.ts'

/**
 * The ERC-4337 keys of the sandbox, from the dev mnemonic beyond the ten funded accounts (so no dev
 * account's nonce or balance moves): the bundler's executor (sends the bundles) and utility wallet
 * (deploys its simulation contracts), the installer (deploys the EntryPoint, the factory and the
 * paymaster, funds the paymaster's deposit) and the sponsor key that signs the paymaster's approvals.
 */
export const AA_KEY_INDEXES = { bundlerExecutor: 30, bundlerUtility: 31, sponsorSigner: 32, installer: 33 } as const
export type AaKeyRole = keyof typeof AA_KEY_INDEXES

export type AaKey = { index: number; address: Address; privateKey: Hex }

const cache = new Map<AaKeyRole, AaKey>()

export function aaKey(role: AaKeyRole): AaKey {
  let key = cache.get(role)
  if (!key) {
    const index = AA_KEY_INDEXES[role]
    const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index })
    const privateKey = account.getHdKey().privateKey
    if (!privateKey) throw new Error(`No private key derived for index ${index}`)
    key = { index, address: account.address, privateKey: bytesToHex(privateKey) }
    cache.set(role, key)
  }
  return key
}
