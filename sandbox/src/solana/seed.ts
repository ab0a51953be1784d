import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  getBase58Decoder,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { parseUnits } from 'viem'
import { DEV_MNEMONIC } from '../dev-accounts.ts'
import { deriveEd25519, devSigner, ed25519PublicKey, mnemonicSeed, SOLANA_AUTHORITY_INDEX, solanaDevAccount, solanaDevAccounts } from './dev-keys.ts'
import type { SolanaLedger, StoredTransaction } from './ledger.ts'
import { LAMPORTS_PER_SOL, SYSTEM_PROGRAM } from './localnet.ts'

/** The sandbox's SPL tokens. Their mints' keys sit at m/44'/501'/{mintIndex}'/0' of the dev mnemonic. */
export const SOLANA_TOKEN_DEFINITIONS = [
  { key: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6, mintIndex: 100, holdings: { 0: '10000.25', 1: '2500.5', 2: '1000', 3: '500', 4: '250' } },
  { key: 'PTK', name: 'Portico Token', symbol: 'PTK', decimals: 9, mintIndex: 101, holdings: { 0: '500', 1: '42.125', 2: '100' } },
] as const
export type SolanaTokenKey = (typeof SOLANA_TOKEN_DEFINITIONS)[number]['key']
export type SolanaToken = { key: SolanaTokenKey; name: string; symbol: string; decimals: number; mint: Address }

/** What each dev account holds at genesis, in SOL (the authority holds the faucet's reserve). */
export const SOLANA_DEV_BALANCE_SOL = 1_000n
export const SOLANA_FAUCET_BALANCE_SOL = 1_000_000n
/** The seeded history spans this many days before start-up. */
export const SOLANA_HISTORY_DAYS = 30

const DAY_MS = 86_400_000

/** The seeded transfers, oldest first: [days ago, from, to, amount, SOL or a token]. */
const TRANSFERS: ReadonlyArray<readonly [number, number, number, string, 'SOL' | SolanaTokenKey]> = [
  [25, 1, 0, '2', 'SOL'],
  [22, 0, 2, '25', 'USDC'],
  [19, 3, 0, '12.5', 'USDC'],
  [16, 0, 4, '0.5', 'SOL'],
  [13, 2, 0, '10', 'PTK'],
  [10, 0, 1, '100', 'USDC'],
  [7, 4, 0, '1.25', 'SOL'],
  [4, 0, 3, '5', 'PTK'],
  [2, 1, 0, '50', 'USDC'],
  [1, 0, 2, '0.1', 'SOL'],
]

export type SolanaSeed = { tokens: SolanaToken[]; transactions: number; faucet: KeyPairSigner }

function mintKey(mintIndex: number): Uint8Array {
  return new Uint8Array(deriveEd25519(mnemonicSeed(DEV_MNEMONIC), [44, 501, mintIndex, 0]).key)
}

let tokens: SolanaToken[] | undefined

/** The sandbox's SPL tokens with their mint addresses (fixed: derived from the dev mnemonic). */
export function solanaTokens(): SolanaToken[] {
  tokens ??= SOLANA_TOKEN_DEFINITIONS.map((def) => ({
    key: def.key,
    name: def.name,
    symbol: def.symbol,
    decimals: def.decimals,
    mint: getBase58Decoder().decode(ed25519PublicKey(mintKey(def.mintIndex))) as Address,
  }))
  return tokens
}

/** Sends `instructions` paid and signed by `payer` (and the instructions' own signers). */
export function sendInstructions(ledger: SolanaLedger, payer: KeyPairSigner, instructions: readonly Instruction[]): Promise<StoredTransaction> {
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(ledger.lifetime(), m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return ledger.sendMessage(message)
}

/** The associated token account of `owner` for `mint`. */
export async function associatedTokenAddress(owner: Address, mint: Address): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return ata
}

/**
 * Funds the dev accounts at genesis, then, dated over the last 30 days: the two mints created,
 * tokens minted to accounts 0..4, and (with `history`) transfers between them (SOL, USDC, PTK), so
 * account 0 has a history. `anchorMs` is start-up; the ledger's clock is moved forward as the history is written.
 */
export async function seedLedger(ledger: SolanaLedger, anchorMs: number, options: { history: boolean } = { history: true }): Promise<SolanaSeed> {
  const at = (daysAgo: number, step = 0) => ledger.advanceTo(anchorMs - daysAgo * DAY_MS + step * 1_000)
  for (const account of solanaDevAccounts()) {
    const sol = account.index === SOLANA_AUTHORITY_INDEX ? SOLANA_FAUCET_BALANCE_SOL : SOLANA_DEV_BALANCE_SOL
    ledger.setAccount(account.address, { lamports: sol * LAMPORTS_PER_SOL, data: new Uint8Array(), owner: SYSTEM_PROGRAM as Address, executable: false })
  }
  const authority = await devSigner(solanaDevAccount(SOLANA_AUTHORITY_INDEX))
  const signers = await Promise.all(solanaDevAccounts().map((a) => devSigner(a)))
  const before = ledger.transactionCount

  const tokens = solanaTokens()
  const space = getMintSize()
  for (const [i, def] of SOLANA_TOKEN_DEFINITIONS.entries()) {
    at(SOLANA_HISTORY_DAYS - 1, i)
    const mint = await createKeyPairSignerFromPrivateKeyBytes(mintKey(def.mintIndex))
    await sendInstructions(ledger, authority, [
      getCreateAccountInstruction({ payer: authority, newAccount: mint, lamports: ledger.minimumBalanceForRentExemption(space), space, programAddress: TOKEN_PROGRAM_ADDRESS }),
      getInitializeMint2Instruction({ mint: mint.address, decimals: def.decimals, mintAuthority: authority.address, freezeAuthority: authority.address }),
    ])
  }

  let step = 0
  for (const [i, def] of SOLANA_TOKEN_DEFINITIONS.entries()) {
    const mint = tokens[i]!.mint
    for (const [index, amount] of Object.entries(def.holdings)) {
      at(SOLANA_HISTORY_DAYS - 2, step++)
      const owner = solanaDevAccount(Number(index)).address
      const ata = await associatedTokenAddress(owner, mint)
      await sendInstructions(ledger, authority, [
        getCreateAssociatedTokenIdempotentInstruction({ payer: authority, ata, owner, mint }),
        getMintToCheckedInstruction({ mint, token: ata, mintAuthority: authority, amount: parseUnits(amount, def.decimals), decimals: def.decimals }),
      ])
    }
  }

  for (const [daysAgo, from, to, amount, asset] of options.history ? TRANSFERS : []) {
    at(daysAgo)
    const sender = signers[from]!
    const receiver = solanaDevAccount(to).address
    if (asset === 'SOL') {
      await sendInstructions(ledger, sender, [getTransferSolInstruction({ source: sender, destination: receiver, amount: parseUnits(amount, 9) })])
      continue
    }
    const token = tokens.find((t) => t.key === asset)!
    const source = await associatedTokenAddress(sender.address, token.mint)
    const destination = await associatedTokenAddress(receiver, token.mint)
    await sendInstructions(ledger, sender, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: sender, ata: destination, owner: receiver, mint: token.mint }),
      getTransferCheckedInstruction({ source, mint: token.mint, destination, authority: sender, amount: parseUnits(amount, token.decimals), decimals: token.decimals }),
    ])
  }
  return { tokens, transactions: ledger.transactionCount - before, faucet: authority }
}
