import * as z from '../zod-mini.ts'
import { caipNetworkIdSchema } from '../caip.ts'
import { safeMobileLinkSchema, safeWebUrlSchema } from '../safeUrlSchema.ts'

/**
 * A wallet's link as the catalogue lists it, kept only when Portico may open it (`toSafeUrl`): a
 * mobile link may use the wallet's own scheme, the others are web links. A link that fails is
 * dropped (null), so one bad entry costs its link, not the catalogue page.
 */
const walletLink = (check: z.core.$ZodType<string>) =>
  z.pipe(
    z.nullable(z.string()),
    z.transform((link: string | null) => (link !== null && z.safeParse(check, link).success ? link : null)),
  )

/** A wallet of the catalogue (SPEC.md §3 wallet listing entry). */
export const walletListingSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  image_id: z.nullable(z.string()),
  rdns: z.nullable(z.string()),
  chains: z.array(caipNetworkIdSchema),
  mobile_link: walletLink(safeMobileLinkSchema()),
  desktop_link: walletLink(safeWebUrlSchema()),
  webapp_link: walletLink(safeWebUrlSchema()),
  homepage: z.optional(z.nullable(z.string())),
  badge_type: z.optional(z.enum(['none', 'certified'])),
})
export type WalletListing = z.infer<typeof walletListingSchema>

/** GET /getWallets */
export const getWalletsResponseSchema = z.object({ count: z.int().check(z.nonnegative()), data: z.array(walletListingSchema) })
export type GetWalletsResponse = z.infer<typeof getWalletsResponseSchema>

/** Query of GET /getWallets (besides projectId, st, sv). Lists are comma-separated ids. */
export const getWalletsQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  entries: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 40),
  search: z.optional(z.string()),
  badge_type: z.optional(z.enum(['none', 'certified'])),
  include: z.optional(z.string()),
  exclude: z.optional(z.string()),
  chains: z.optional(z.string()),
})
export type GetWalletsQuery = z.infer<typeof getWalletsQuerySchema>

/** GET /getAnalyticsConfig */
export const analyticsConfigResponseSchema = z.object({ isAnalyticsEnabled: z.boolean() })

/** POST /e: one analytics event (SPEC.md §7). */
export const analyticsEventSchema = z.object({
  eventId: z.uuid(),
  url: z.string(),
  domain: z.string(),
  timestamp: z.number(),
  props: z.object({
    type: z.literal('track'),
    event: z.string(),
    address: z.optional(z.string()),
    properties: z.optional(z.record(z.string(), z.unknown())),
  }),
})
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>

export { TRACKED_EVENTS, type TrackedEvent } from '../constants.ts'
