import { z } from '../zod.ts'
import { caipNetworkIdSchema } from '../caip.ts'
import { safeMobileLinkSchema, safeWebUrlSchema } from '../safeUrlSchema.ts'

/**
 * A wallet's link as the catalogue lists it, kept only when Portico may open it (`toSafeUrl`): a
 * mobile link may use the wallet's own scheme, the others are web links. A link that fails is
 * dropped (null), so one bad entry costs its link, not the catalogue page.
 */
const walletLink = (check: z.core.$ZodType<string>) => z.string().nullable().transform((link) => (link !== null && z.safeParse(check, link).success ? link : null))

/** A wallet of the catalogue (SPEC.md §3 wallet listing entry). */
export const walletListingSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  image_id: z.string().nullable(),
  rdns: z.string().nullable(),
  chains: z.array(caipNetworkIdSchema),
  mobile_link: walletLink(safeMobileLinkSchema()),
  desktop_link: walletLink(safeWebUrlSchema()),
  webapp_link: walletLink(safeWebUrlSchema()),
  homepage: z.string().nullable().optional(),
  badge_type: z.enum(['none', 'certified']).optional(),
})
export type WalletListing = z.infer<typeof walletListingSchema>

/** GET /getWallets */
export const getWalletsResponseSchema = z.object({ count: z.number().int().nonnegative(), data: z.array(walletListingSchema) })
export type GetWalletsResponse = z.infer<typeof getWalletsResponseSchema>

/** Query of GET /getWallets (besides projectId, st, sv). Lists are comma-separated ids. */
export const getWalletsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  entries: z.coerce.number().int().min(1).max(100).default(40),
  search: z.string().optional(),
  badge_type: z.enum(['none', 'certified']).optional(),
  include: z.string().optional(),
  exclude: z.string().optional(),
  chains: z.string().optional(),
})
export type GetWalletsQuery = z.infer<typeof getWalletsQuerySchema>

/** GET /getAnalyticsConfig */
export const analyticsConfigResponseSchema = z.object({ isAnalyticsEnabled: z.boolean() })

/** POST /e: one analytics event (SPEC.md §7). */
export const analyticsEventSchema = z.object({
  eventId: z.string().uuid(),
  url: z.string(),
  domain: z.string(),
  timestamp: z.number(),
  props: z.object({
    type: z.literal('track'),
    event: z.string(),
    address: z.string().optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
  }),
})
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>

export { TRACKED_EVENTS, type TrackedEvent } from '../constants.ts'
