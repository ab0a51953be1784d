import * as z from './zod-mini.ts'
import type { Network } from './network.ts'
import { safeHref } from './safeUrl.ts'

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
const withContext = <T extends z.core.$ZodType>(value: T) => z.object({ context: z.object({ slot: z.int().check(z.nonnegative()) }), value })

/** getBalance: lamports (a JSON number; SOL's whole supply stays under 2^63, past 2^53 it is read rounded). */
export const solanaBalanceAnswerSchema = withContext(z.int().check(z.nonnegative()))

/** One SPL token account of getTokenAccountsByOwner with `encoding: 'jsonParsed'`. */
export const solanaTokenAccountSchema = z.object({
  pubkey: z.string().check(z.minLength(32), z.maxLength(44)),
  account: z.object({
    data: z.object({
      program: z.string(),
      parsed: z.object({
        info: z.object({
          mint: z.string().check(z.minLength(32), z.maxLength(44)),
          owner: z.string().check(z.minLength(32), z.maxLength(44)),
          tokenAmount: z.object({ amount: z.string().check(z.regex(/^\d+$/)), decimals: z.int().check(z.gte(0), z.lte(255)) }),
        }),
      }),
    }),
    lamports: z.int().check(z.nonnegative()),
  }),
})
export type SolanaTokenAccount = z.infer<typeof solanaTokenAccountSchema>
export const solanaTokenAccountsAnswerSchema = withContext(z.array(solanaTokenAccountSchema))

/** getLatestBlockhash. */
export const solanaBlockhashAnswerSchema = withContext(z.object({ blockhash: z.string().check(z.minLength(32), z.maxLength(44)), lastValidBlockHeight: z.int().check(z.nonnegative()) }))
/** getFeeForMessage: lamports, or null when the blockhash is no longer valid. */
export const solanaFeeAnswerSchema = withContext(z.nullable(z.int().check(z.nonnegative())))
/** getMinimumBalanceForRentExemption: lamports. */
export const solanaRentAnswerSchema = z.int().check(z.nonnegative())
/** getSignatureStatuses: one entry per signature, null when unknown. */
export const solanaSignatureStatusesAnswerSchema = withContext(
  z.array(
    z.nullable(
      z.object({
        slot: z.int().check(z.nonnegative()),
        err: z.nullable(z.unknown()),
        confirmationStatus: z.optional(z.nullable(z.enum(['processed', 'confirmed', 'finalized']))),
      }),
    ),
  ),
)

/** getAccountInfo (base64): null when the account does not exist. */
export const solanaAccountInfoAnswerSchema = withContext(
  z.nullable(z.object({ lamports: z.int().check(z.nonnegative()), owner: z.string().check(z.minLength(32), z.maxLength(44)), executable: z.boolean(), data: z.unknown() })),
)
/** getTokenAccountBalance: the raw amount as a decimal string, with the mint's decimals. */
export const solanaTokenBalanceAnswerSchema = withContext(z.object({ amount: z.string().check(z.regex(/^\d+$/)), decimals: z.int().check(z.gte(0), z.lte(255)) }))

/** What a Solana wallet answers `solana_signAndSendTransaction` (WalletConnect) or `solana:signAndSendTransaction` (Wallet Standard, base58): the transaction's signature. */
export const solanaSignatureSchema = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'Invalid signature'))

/**
 * Wallet Standard (the Solana wallets' discovery, `@wallet-standard/app`): what a registered wallet
 * shows and answers, checked before use (a wallet is outside code). Chains are `solana:mainnet`,
 * `solana:devnet`, `solana:testnet`, `solana:localnet` (and other namespaces, left alone).
 */
export const WALLET_STANDARD_SOLANA_CHAINS = { 'solana:mainnet': 'mainnet', 'solana:devnet': 'devnet', 'solana:testnet': 'testnet', 'solana:localnet': 'localnet' } as const
export type WalletStandardSolanaChain = keyof typeof WALLET_STANDARD_SOLANA_CHAINS

/** A Wallet Standard chain id (`namespace:reference`). */
export const walletStandardChainSchema = z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'Expected a Wallet Standard chain id'))

/** Base58 of 32 bytes: a Solana address (32 to 44 characters). */
export const solanaAddressSchema = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid Solana address'))

/** A wallet's account: its address, public key bytes and the chains it is on. */
export const walletStandardAccountSchema = z.object({
  address: solanaAddressSchema,
  publicKey: z.instanceof(Uint8Array).check(z.refine((key) => key.length === 32, 'Expected a 32-byte public key')),
  chains: z.array(walletStandardChainSchema),
  features: z.array(z.string()),
  label: z.optional(z.string()),
})
export type WalletStandardAccountInfo = z.infer<typeof walletStandardAccountSchema>

/** What the page lists of a registered wallet: its name, icon (a data URI, shown only when it passes the image gate, else ''), chains and feature names. */
export const walletStandardWalletSchema = z.object({
  version: z.literal('1.0.0'),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  icon: z.pipe(
    z.string().check(z.regex(/^data:image\//, 'Expected a data URI')),
    z.transform((icon: string) => safeHref(icon, { kind: 'image', allowDataImage: true }) ?? ''),
  ),
  chains: z.array(walletStandardChainSchema),
  features: z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform((features: Record<string, unknown>) => Object.keys(features)),
  ),
})

/** `standard:connect` and `standard:events` change: the accounts (parsed one by one; a malformed one is left out by the caller). */
export const walletStandardAccountsSchema = z.object({ accounts: z.array(z.unknown()) })
/** `standard:events` change: what changed (any of accounts, chains, features). */
export const walletStandardChangeSchema = z.object({ accounts: z.optional(z.array(z.unknown())), chains: z.optional(z.array(z.unknown())), features: z.optional(z.unknown()) })
/** `solana:signAndSendTransaction` answers one output per input: the signature's 64 bytes. */
export const walletStandardSignatureOutputSchema = z.tuple([z.object({ signature: z.instanceof(Uint8Array).check(z.refine((s) => s.length === 64, 'Expected a 64-byte signature')) })], z.unknown())
/** `solana:signMessage` answers the signed message and its 64-byte ed25519 signature. */
export const walletStandardSignMessageOutputSchema = z.tuple(
  [z.object({ signedMessage: z.instanceof(Uint8Array), signature: z.instanceof(Uint8Array).check(z.refine((s) => s.length === 64, 'Expected a 64-byte signature')) })],
  z.unknown(),
)
/** What the core hands the page for a Solana write (`solana_signAndSendTransaction`): the unsigned wire transaction as base64. */
export const solanaTransactionParamsSchema = z.tuple([z.looseObject({ transaction: z.string().check(z.minLength(1), z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Expected base64')) })])
/** `solana_signMessage`: the message as base58 (WalletConnect's shape) and the signing address. */
export const solanaSignMessageParamsSchema = z.tuple([z.looseObject({ message: z.string().check(z.minLength(1)), pubkey: z.optional(solanaAddressSchema) })])

/**
 * WalletConnect's solana namespace: the four methods Portico asks a wallet for (WalletConnect's
 * Solana RPC reference), their params (one object, transactions as base64, messages as base58) and
 * what the wallet answers, checked before use.
 */
export const WALLET_CONNECT_SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions'] as const
export type WalletConnectSolanaMethod = (typeof WALLET_CONNECT_SOLANA_METHODS)[number]
export const isWalletConnectSolanaMethod = (method: string): method is WalletConnectSolanaMethod => (WALLET_CONNECT_SOLANA_METHODS as readonly string[]).includes(method)

const base64Schema = z.string().check(z.minLength(1), z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Expected base64'))
const base58Schema = z.string().check(z.minLength(1), z.regex(/^[1-9A-HJ-NP-Za-km-z]+$/, 'Expected base58'))
/** `sendOptions` of `solana_signAndSendTransaction` (web3.js's SendOptions). */
const sendOptionsSchema = z.looseObject({
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(z.enum(['processed', 'confirmed', 'finalized'])),
  maxRetries: z.optional(z.int().check(z.nonnegative())),
  minContextSlot: z.optional(z.int().check(z.nonnegative())),
})

/** The params of each method over WalletConnect (an object, not an array). */
export const walletConnectSolanaParamsSchemas = {
  solana_signMessage: z.looseObject({ message: base58Schema, pubkey: solanaAddressSchema }),
  solana_signTransaction: z.looseObject({ transaction: base64Schema }),
  solana_signAndSendTransaction: z.looseObject({ transaction: base64Schema, sendOptions: z.optional(sendOptionsSchema) }),
  solana_signAllTransactions: z.looseObject({ transactions: z.array(base64Schema).check(z.minLength(1)) }),
} as const satisfies Record<WalletConnectSolanaMethod, z.ZodMiniType>

/** What a wallet answers each method: signatures base58, transactions base64 (signed). */
export const walletConnectSolanaAnswerSchemas = {
  solana_signMessage: z.looseObject({ signature: solanaSignatureSchema }),
  solana_signTransaction: z.looseObject({ signature: solanaSignatureSchema, transaction: z.optional(base64Schema) }),
  solana_signAndSendTransaction: z.looseObject({ signature: solanaSignatureSchema }),
  solana_signAllTransactions: z.looseObject({ transactions: z.array(base64Schema) }),
} as const satisfies Record<WalletConnectSolanaMethod, z.ZodMiniType>

/**
 * Sign In With Solana (SIWX on a solana account): the fields a `solana:signIn` wallet is given, all
 * strings as Wallet Standard's `SolanaSignInInput` takes them (`chainId`: the cluster's CAIP-2 reference).
 */
export const solanaSignInInputSchema = z.object({
  domain: z.string().check(z.minLength(1)),
  address: solanaAddressSchema,
  statement: z.optional(z.string()),
  uri: z.string().check(z.minLength(1)),
  version: z.string().check(z.minLength(1)),
  chainId: z.string().check(z.minLength(1)),
  nonce: z.string().check(z.minLength(1)),
  issuedAt: z.string().check(z.minLength(1)),
  expirationTime: z.optional(z.string().check(z.minLength(1))),
})
export type SolanaSignInInputFields = z.infer<typeof solanaSignInInputSchema>
/**
 * `solana_signIn`, the core's sign-in step for a solana account: the fields for a wallet's
 * `solana:signIn`, and the message text they make (for a wallet without it: `solana:signMessage` of that text).
 */
export const solanaSignInParamsSchema = z.tuple([z.object({ input: solanaSignInInputSchema, message: z.string().check(z.minLength(1), z.maxLength(16_384)) })])

/** Bytes as a wallet hands them: a Uint8Array, or an array of byte values. */
const walletBytesSchema = z.union([
  z.instanceof(Uint8Array),
  z.pipe(
    z.array(z.int().check(z.gte(0), z.lte(255))).check(z.maxLength(16_384)),
    z.transform((bytes: number[]) => Uint8Array.from(bytes)),
  ),
])
/**
 * What the page answers `solana_signIn` (or `solana_signMessage`): the signature as base58 or its 64
 * bytes, the signed message's bytes (base58 text or bytes; absent: the message asked was signed as it
 * is) and, from `solana:signIn`, the account signed in.
 */
export const solanaSignInAnswerSchema = z.object({
  signature: z.union([solanaSignatureSchema, walletBytesSchema.check(z.refine((s) => s.length === 64, 'Expected a 64-byte signature'))]),
  signedMessage: z.optional(
    z.union([z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]+$/, 'Expected base58'), z.maxLength(24_000)), walletBytesSchema.check(z.refine((m) => m.length <= 16_384, 'Message too long'))]),
  ),
  account: z.optional(z.looseObject({ address: solanaAddressSchema })),
})
export type SolanaSignInAnswer = z.infer<typeof solanaSignInAnswerSchema>
/** `solana:signIn` answers, per input, the account signed in, the message it signed and its 64-byte ed25519 signature. */
export const walletStandardSignInOutputSchema = z.tuple(
  [
    z.object({
      account: z.looseObject({ address: solanaAddressSchema }),
      signedMessage: z.instanceof(Uint8Array),
      signature: z.instanceof(Uint8Array).check(z.refine((s) => s.length === 64, 'Expected a 64-byte signature')),
    }),
  ],
  z.unknown(),
)
