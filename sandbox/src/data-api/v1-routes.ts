import type { Hono } from 'hono'
import { balanceRoutes } from './balance.ts'
import { bundlerRoutes } from './bundler.ts'
import type { DataApiContext } from './context.ts'
import { convertBuildRoutes } from './convert-build.ts'
import { convertReadRoutes } from './convert-read.ts'
import { fungiblePriceRoutes } from './fungible-price.ts'
import { historyRoutes } from './history.ts'
import { identityRoutes } from './identity.ts'
import { nftRoutes } from './nfts.ts'
import { onrampRoutes } from './onramp.ts'
import { profileRoutes } from './profile.ts'
import { sessionRoutes } from './sessions.ts'
import { siwxRoutes } from './siwx.ts'
import { supportedChainsRoutes } from './supported-chains.ts'

/**
 * The route groups mounted under /v1 (SPEC.md §7), each behind the projectId/st/sv check.
 * To add an endpoint group: write `data-api/<group>.ts` exporting `(ctx) => Hono` with paths
 * relative to /v1, and list it here.
 */
export const V1_ROUTE_GROUPS: ReadonlyArray<(ctx: DataApiContext) => Hono> = [
  supportedChainsRoutes,
  identityRoutes,
  historyRoutes,
  balanceRoutes,
  nftRoutes,
  fungiblePriceRoutes,
  convertReadRoutes,
  convertBuildRoutes,
  profileRoutes,
  onrampRoutes,
  sessionRoutes,
  siwxRoutes,
  bundlerRoutes,
]
