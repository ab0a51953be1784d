import { z } from './zod.ts'

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
    iconUrl: z.string(),
    value: z.number().optional(),
  }),
})
export type WalletAsset = z.infer<typeof walletAssetSchema>

export const walletAssetsResponseSchema = z.record(z.string(), z.array(walletAssetSchema))
export type WalletAssetsResponse = z.infer<typeof walletAssetsResponseSchema>

/** Formats an integer amount of the smallest unit with `decimals`, without trailing zeros: 1500000, 6 → '1.5'. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
