import * as z from '../zod-mini.ts'
import { caipAddressSchema, caipNetworkIdSchema } from '../caip.ts'
import { safeImageUrlOrNull, safeWebUrlSchema } from '../safeUrlSchema.ts'

/**
 * Answers of the blockchain-data API (SPEC.md §3, §7). Fields the specification names are required;
 * others a client can live without are optional, so a richer server still parses.
 */

/** GET v1/supported-chains */
export const supportedChainsResponseSchema = z.object({
  http: z.array(caipNetworkIdSchema),
  ws: z._default(z.array(caipNetworkIdSchema), []),
})
export type SupportedChainsResponse = z.infer<typeof supportedChainsResponseSchema>

/** GET /v1/identity/{address}?sender= */
export const identityResponseSchema = z.object({
  name: z.nullable(z.string()),
  /** An image URL (`safeImageUrlOrNull`: a refused one is null). */
  avatar: safeImageUrlOrNull(),
})
export type Identity = z.infer<typeof identityResponseSchema>

export const transactionStatusSchema = z.enum(['confirmed', 'failed', 'pending'])
export const transactionDirectionSchema = z.enum(['in', 'out', 'self'])

export const transactionTransferSchema = z.object({
  fungible_info: z.optional(
    z.object({
      name: z.string(),
      symbol: z.string(),
      icon: z.nullable(z.object({ url: safeImageUrlOrNull() })),
    }),
  ),
  nft_info: z.optional(
    z.object({
      name: z.string(),
      content: z.object({ preview: z.nullable(z.object({ url: safeImageUrlOrNull() })) }),
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
  direction: transactionDirectionSchema,
  quantity: z.object({ numeric: z.string() }),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
})
export type TransactionTransfer = z.infer<typeof transactionTransferSchema>

/** A transaction of the history call (SPEC.md §3). `minedAt` is an ISO 8601 time. */
export const transactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.string(),
    hash: z.string(),
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: transactionStatusSchema,
    nonce: z.int().check(z.nonnegative()),
    chain: caipNetworkIdSchema,
  }),
  transfers: z.array(transactionTransferSchema),
})
export type Transaction = z.infer<typeof transactionSchema>

/** GET /v1/account/{account}/history */
export const historyResponseSchema = z.object({
  data: z.array(transactionSchema),
  next: z.nullable(z.string()),
})
export type HistoryResponse = z.infer<typeof historyResponseSchema>

/** POST /v1/fungible/price */
export const fungiblePriceRequestSchema = z.object({
  currency: z.string().check(z.minLength(1)),
  addresses: z.array(caipAddressSchema).check(z.minLength(1)),
  projectId: z.string().check(z.minLength(1)),
})
export const fungiblePriceResponseSchema = z.object({
  fungibles: z.array(z.object({ name: z.string(), symbol: z.string(), iconUrl: safeImageUrlOrNull(), price: z.number(), address: z.optional(caipAddressSchema) })),
})
export type FungiblePriceResponse = z.infer<typeof fungiblePriceResponseSchema>

/** GET /v1/convert/tokens */
export const swapTokenSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: caipNetworkIdSchema,
  address: caipAddressSchema,
  decimals: z.int().check(z.nonnegative()),
  logoUri: safeImageUrlOrNull(),
})
export type SwapToken = z.infer<typeof swapTokenSchema>
export const swapTokensResponseSchema = z.object({ tokens: z.array(swapTokenSchema) })

/**
 * GET /v1/account/{address}/nfts?chainId= : the NFTs the account holds now on one chain, read from
 * chain state (not from history), so every tab shows the same holdings however far Activity was paged.
 */
export const nftHoldingSchema = z.object({
  chain: caipNetworkIdSchema,
  contract: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  tokenId: z.string().check(z.regex(/^\d+$/)),
  name: z.string(),
  collection: z.object({ name: z.string() }),
  imageUrl: safeImageUrlOrNull(),
  flags: z.object({ is_spam: z.boolean() }),
})
export type NftHolding = z.infer<typeof nftHoldingSchema>
export const nftHoldingsResponseSchema = z.object({ data: z.array(nftHoldingSchema) })
export type NftHoldingsResponse = z.infer<typeof nftHoldingsResponseSchema>

/** GET /v1/convert/quotes */
export const swapQuotesResponseSchema = z.object({
  quotes: z.array(z.object({ fromAmount: z.string(), fromAccount: caipAddressSchema, toAmount: z.string(), toAccount: caipAddressSchema })),
})
export type SwapQuotesResponse = z.infer<typeof swapQuotesResponseSchema>

/** GET /v1/convert/allowance */
export const swapAllowanceResponseSchema = z.object({ allowance: z.string().check(z.regex(/^\d+$/)) })

/** GET /v1/convert/gas-price: wei as decimal strings. */
export const gasPriceResponseSchema = z.object({ standard: z.string(), fast: z.string(), instant: z.string() })
export type GasPriceResponse = z.infer<typeof gasPriceResponseSchema>

export const hexSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'Expected hex'))

/** A transaction the API built for the wallet to send (swap or approve). */
export const builtTransactionSchema = z.object({
  from: caipAddressSchema,
  to: caipAddressSchema,
  data: hexSchema,
  value: z.string(),
  eip155: z.optional(z.object({ gas: z.string(), gasPrice: z.string() })),
})
export type BuiltTransaction = z.infer<typeof builtTransactionSchema>

/** POST /v1/convert/build-transaction */
export const buildTransactionRequestSchema = z.object({
  amount: z.string().check(z.regex(/^\d+$/)),
  eip155: z.object({ slippage: z.union([z.string(), z.number()]) }),
  from: caipAddressSchema,
  to: caipAddressSchema,
  userAddress: caipAddressSchema,
  disableEstimate: z.optional(z.boolean()),
})
export const buildTransactionResponseSchema = z.object({ tx: builtTransactionSchema })
/** GET /v1/convert/build-approve */
export const buildApproveResponseSchema = z.object({ tx: builtTransactionSchema })

/** A registered account name (GET /v1/profile/account/{name}, POST /v1/profile/account). */
export const profileAccountSchema = z.object({
  name: z.string(),
  registered: z.number(),
  updated: z.optional(z.number()),
  addresses: z.record(z.string(), z.object({ address: z.string(), created: z.optional(z.number()) })),
  attributes: z.optional(z.record(z.string(), z.string())),
})
export type ProfileAccount = z.infer<typeof profileAccountSchema>
/** GET /v1/profile/reverse/{address} */
export const profileReverseResponseSchema = z.array(profileAccountSchema)
/** GET /v1/profile/suggestions/{name} */
export const nameSuggestionsResponseSchema = z.object({ suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })) })
/** POST /v1/profile/account */
export const registerNameRequestSchema = z.object({
  coin_type: z.int().check(z.nonnegative()),
  address: z.string(),
  message: z.string(),
  signature: hexSchema,
})
/**
 * The `message` of a name registration, as JSON text the account signs with personal_sign
 * (EIP-191): the full name, optional attributes, and the time of signing in unix seconds.
 * `address`, when present, must be the registering address.
 */
export const registerNameMessageSchema = z.object({
  name: z.string().check(z.minLength(1)),
  attributes: z.optional(z.record(z.string(), z.string())),
  timestamp: z.int().check(z.positive()),
  address: z.optional(z.string()),
})
export type RegisterNameMessage = z.infer<typeof registerNameMessageSchema>

/** POST /v1/generators/onrampurl */
export const onrampUrlRequestSchema = z.object({
  destinationWallets: z.array(z.object({ address: z.string(), blockchains: z.optional(z.array(z.string())), assets: z.optional(z.array(z.string())) })).check(z.minLength(1)),
  defaultNetwork: z.optional(z.string()),
  partnerUserId: z.string(),
  defaultExperience: z.optional(z.enum(['buy', 'send'])),
  presetCryptoAmount: z.optional(z.number()),
  presetFiatAmount: z.optional(z.number()),
})
/** The provider's page, opened in a window: https (or http on a loopback host), never `javascript:` or `data:`. */
export const onrampUrlResponseSchema = z.object({ url: safeWebUrlSchema() })

/** GET /v1/onramp/options */
export const onrampOptionsResponseSchema = z.object({
  paymentCurrencies: z.array(z.object({ id: z.string(), payment_method_limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })) })),
  purchaseCurrencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(z.object({ name: z.string(), display_name: z.string(), chain_id: z.string(), contract_address: z.string() })),
    }),
  ),
})
export type OnrampOptions = z.infer<typeof onrampOptionsResponseSchema>

const money = z.object({ value: z.string(), currency: z.string() })
/** POST /v1/onramp/quote */
export const onrampQuoteRequestSchema = z.object({
  purchaseCurrency: z.string(),
  paymentCurrency: z.string(),
  amount: z.string(),
  network: z.string(),
})
export const onrampQuoteResponseSchema = z.object({
  paymentTotal: money,
  paymentSubtotal: money,
  purchaseAmount: money,
  coinbaseFee: money,
  networkFee: money,
  quoteId: z.string(),
})
export type OnrampQuote = z.infer<typeof onrampQuoteResponseSchema>

/** GET /v1/sessions/{id}: a smart session (ERC-7715 permissions granted to the dapp). */
export const smartSessionSchema = z.object({
  pci: z.string(),
  /** The account that granted the session (CAIP-10); it signs the revocation. */
  account: z.optional(caipAddressSchema),
  expiry: z.number(),
  revokedAt: z.optional(z.nullable(z.number())),
  permissions: z._default(z.array(z.object({ type: z.string(), data: z.unknown() })), []),
})
export type SmartSession = z.infer<typeof smartSessionSchema>
/** POST /v1/sessions/{id}/revoke */
export const revokeSessionRequestSchema = z.object({ pci: z.string(), signature: hexSchema })

/** The body of every error answer: a message a client can show. */
export const apiErrorSchema = z.object({ error: z.string() })
