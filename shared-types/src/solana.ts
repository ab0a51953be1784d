import { z } from './zod.ts'
import type { Network } from './network.ts'

/**
 * Solana's clusters as CAIP-2 ids (CAIP-30: `solana:` and the first 32 characters of the genesis
 * hash), and the answers of the Solana JSON-RPC methods the core reads, checked before use.
 */
export const SOLANA_CAIP_IDS = {
  mainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VL2Mcfq',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSVVhXd',
} as const

/** SOL: 9 decimals (lamports). */
export const SOL_CURRENCY = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

const cluster = (key: keyof typeof SOLANA_CAIP_IDS, name: string, rpc: string, explorer: string, testnet: boolean): Network => ({
  id: SOLANA_CAIP_IDS[key].slice('solana:'.length),
  caipNetworkId: SOLANA_CAIP_IDS[key],
  chainNamespace: 'solana',
  name,
  nativeCurrency: { ...SOL_CURRENCY },
  rpcUrls: { default: { http: [rpc] } },
  blockExplorers: { default: { name: 'Solana Explorer', url: explorer } },
  ...(testnet ? { testnet } : {}),
})

/** Solana Mainnet, Devnet and Testnet with their public RPC and the Solana Explorer, ready for a dapp's `networks`. */
export const solanaMainnet: Network = cluster('mainnet', 'Solana', 'https://api.mainnet-beta.solana.com', 'https://explorer.solana.com', false)
export const solanaDevnet: Network = cluster('devnet', 'Solana Devnet', 'https://api.devnet.solana.com', 'https://explorer.solana.com/?cluster=devnet', true)
export const solanaTestnet: Network = cluster('testnet', 'Solana Testnet', 'https://api.testnet.solana.com', 'https://explorer.solana.com/?cluster=testnet', true)

/** `{ context: { slot }, value }`: how Solana's RPC wraps what it read at a slot. */
const withContext = <T extends z.ZodType>(value: T) => z.object({ context: z.object({ slot: z.number().int().nonnegative() }), value })

/** getBalance: lamports (a JSON number; SOL's whole supply stays under 2^63, past 2^53 it is read rounded). */
export const solanaBalanceAnswerSchema = withContext(z.number().int().nonnegative())

/** One SPL token account of getTokenAccountsByOwner with `encoding: 'jsonParsed'`. */
export const solanaTokenAccountSchema = z.object({
  pubkey: z.string().min(32).max(44),
  account: z.object({
    data: z.object({
      program: z.string(),
      parsed: z.object({
        info: z.object({
          mint: z.string().min(32).max(44),
          owner: z.string().min(32).max(44),
          tokenAmount: z.object({ amount: z.string().regex(/^\d+$/), decimals: z.number().int().min(0).max(255) }),
        }),
      }),
    }),
    lamports: z.number().int().nonnegative(),
  }),
})
export type SolanaTokenAccount = z.infer<typeof solanaTokenAccountSchema>
export const solanaTokenAccountsAnswerSchema = withContext(z.array(solanaTokenAccountSchema))

/** getLatestBlockhash. */
export const solanaBlockhashAnswerSchema = withContext(z.object({ blockhash: z.string().min(32).max(44), lastValidBlockHeight: z.number().int().nonnegative() }))
/** getFeeForMessage: lamports, or null when the blockhash is no longer valid. */
export const solanaFeeAnswerSchema = withContext(z.number().int().nonnegative().nullable())
/** getMinimumBalanceForRentExemption: lamports. */
export const solanaRentAnswerSchema = z.number().int().nonnegative()
/** getSignatureStatuses: one entry per signature, null when unknown. */
export const solanaSignatureStatusesAnswerSchema = withContext(
  z.array(
    z
      .object({
        slot: z.number().int().nonnegative(),
        err: z.unknown().nullable(),
        confirmationStatus: z.enum(['processed', 'confirmed', 'finalized']).nullable().optional(),
      })
      .nullable(),
  ),
)

/** getAccountInfo (base64): null when the account does not exist. */
export const solanaAccountInfoAnswerSchema = withContext(
  z.object({ lamports: z.number().int().nonnegative(), owner: z.string().min(32).max(44), executable: z.boolean(), data: z.unknown() }).nullable(),
)
/** getTokenAccountBalance: the raw amount as a decimal string, with the mint's decimals. */
export const solanaTokenBalanceAnswerSchema = withContext(z.object({ amount: z.string().regex(/^\d+$/), decimals: z.number().int().min(0).max(255) }))

/** What a Solana wallet answers `solana_signAndSendTransaction` (WalletConnect) or `solana:signAndSendTransaction` (Wallet Standard, base58): the transaction's signature. */
export const solanaSignatureSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'Invalid signature')
