import type { Hono } from 'hono'
import { balanceRoutes } from './balance.ts'
import type { DataApiContext } from './context.ts'

/**
 * The route groups mounted under /v1 (SPEC.md §7), each behind the projectId/st/sv check.
 * To add an endpoint group: write `data-api/<group>.ts` exporting `(ctx) => Hono` with paths
 * relative to /v1, and list it here.
 */
export const V1_ROUTE_GROUPS: ReadonlyArray<(ctx: DataApiContext) => Hono> = [balanceRoutes]
