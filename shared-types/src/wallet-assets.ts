import * as z from './zod-mini.ts'
import { safeHref } from './safeUrl.ts'

/**
 * ERC-7811 `wallet_getAssets` answer: assets per hex chain id. SPEC.md §5: accepted only if every
 * asset has a string address, a string balance, type ERC20 or NATIVE, and metadata with string name,
 * symbol and iconUrl plus number decimals and price.
 */
export const walletAssetSchema = z.object({
  address: z.string(),
  /** Hex amount in the smallest unit. */
  balance: z.string(),
  type: z.enum(['ERC20', 'NATIVE']),
  metadata: z.looseObject({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number(),
    price: z.number(),
    /** A string, as SPEC.md §5 requires; a URL the image gate refuses becomes null. */
    iconUrl: z.pipe(
      z.string(),
      z.transform((url: string) => safeHref(url, { kind: 'image', allowLoopbackHttp: true })),
    ),
    value: z.optional(z.number()),
  }),
})
export type WalletAsset = z.infer<typeof walletAssetSchema>

export const walletAssetsResponseSchema = z.record(z.string(), z.array(walletAssetSchema))
export type WalletAssetsResponse = z.infer<typeof walletAssetsResponseSchema>
