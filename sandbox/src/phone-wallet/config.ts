import { z } from 'zod'

/** The Sandbox Phone Wallet's name, as the wallet catalogue lists it and the page shows it. */
export const PHONE_WALLET_NAME = 'Sandbox Phone Wallet'
/** Dev accounts the wallet offers (m/44'/60'/0'/0/{index} of the test mnemonic); 0 is active at first. */
export const PHONE_WALLET_ACCOUNT_INDEXES = [0, 1, 2, 3, 4] as const

const chainSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  rpcUrl: z.url(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int().nonnegative() }),
  blockExplorerUrl: z.url().optional(),
})

/** A Solana chain the phone wallet has: its CAIP-2 id (`solana:` and the genesis hash's first 32 characters), name and RPC. */
export const phoneWalletSolanaChainSchema = z.object({
  caipNetworkId: z.string().regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/, 'Expected a solana: CAIP-2 id'),
  name: z.string().min(1),
  rpcUrl: z.url(),
})
export type PhoneWalletSolanaChain = z.infer<typeof phoneWalletSolanaChainSchema>

/** What the page reads from `GET /config.json`: where the relay and the chains are. */
export const phoneWalletConfigSchema = z.object({
  relayUrl: z.string().regex(/^wss?:\/\//, 'Expected a ws:// or wss:// URL'),
  projectId: z.string().min(1),
  chains: z.array(chainSchema).min(1),
  /** The sandbox's Solana Localnet: a session's solana namespace, signed with the Solana dev account of the active account's index. */
  solanaChains: z.array(phoneWalletSolanaChainSchema).default([]),
  accountIndexes: z.array(z.number().int().nonnegative()).min(1),
  /** The page's own URL: the wallet's metadata.url, which the dapp shows. */
  url: z.url(),
})
export type PhoneWalletConfig = z.infer<typeof phoneWalletConfigSchema>
export type PhoneWalletChain = z.infer<typeof chainSchema>
