import { bytesToHex, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** The well-known test mnemonic every local EVM node funds. Public: never use it for real funds. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
/** Accounts anvil derives and funds (m/44'/60'/0'/0/{index}). */
export const DEV_ACCOUNT_COUNT = 10
/** Native balance of each dev account, in whole units (anvil's --balance). */
export const DEV_ACCOUNT_BALANCE = 10_000
/** Accounts 0..4 receive token balances and the seeded history; 0 is the Sandbox Wallet's. */
export const FUNDED_ACCOUNT_INDEXES = [0, 1, 2, 3, 4] as const
/** Pays out what the onramp checkout credits (native coin and tokens). */
export const TREASURY_INDEX = 7
/** The data API's own key: submits name registrations to the registry. */
export const REGISTRAR_INDEX = 8
/** Deploys the contracts, owns the tokens (may `mint`) and the AMM's liquidity. */
export const DEPLOYER_INDEX = 9

export type DevAccount = { index: number; address: Address; privateKey: Hex }

let cached: DevAccount[] | undefined

/** The dev accounts of DEV_MNEMONIC, derived once. */
export function devAccounts(): DevAccount[] {
  cached ??= Array.from({ length: DEV_ACCOUNT_COUNT }, (_, index) => {
    const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index })
    const key = account.getHdKey().privateKey
    if (!key) throw new Error(`No private key derived for dev account ${index}`)
    return { index, address: account.address, privateKey: bytesToHex(key) }
  })
  return cached
}

export function devAccount(index: number): DevAccount {
  const account = devAccounts()[index]
  if (!account) throw new Error(`No dev account ${index}`)
  return account
}
