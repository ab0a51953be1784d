import { z } from 'zod'

/**
 * What an injected fault does to a matching request: an error status (`500`, `429` with Retry-After,
 * `403`), no answer (`hang`), a body no client can use (`malformed`: cut-off JSON; `wrong-shape`: JSON
 * no schema accepts; `garbage`: bytes that are not text), the real answer cut in half (`truncated`)
 * or padded past the 5 MiB a client reads (`oversized`), or a JSON-RPC error object for each call of
 * the request (`rpc-error`, HTTP 200, as a node that failed a call answers).
 */
export const FAULT_KINDS = ['500', '429', '403', 'hang', 'malformed', 'wrong-shape', 'truncated', 'oversized', 'garbage', 'rpc-error'] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

/**
 * One fault rule. `route` is a path pattern: with `:param` segments (`/v1/account/:address/balance`)
 * it matches that shape exactly; without, it matches the path and everything under it (`/v1/convert`).
 * `rate` 1 fails every matching request, 0.5 every second one (spread evenly, so runs repeat);
 * `count` stops the rule after that many failures (e.g. fail twice, then answer). `kind` may be a list:
 * the failures take its kinds in turn (the first failure the first kind, and so on, round and round).
 */
export const faultRuleSchema = z
  .object({
    route: z.string().startsWith('/', 'route must start with /'),
    kind: z.union([z.enum(FAULT_KINDS), z.array(z.enum(FAULT_KINDS)).min(1, 'kind lists at least one kind')]),
    rate: z.number().min(0).max(1).default(1),
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .optional(),
    /** Seconds sent in Retry-After with kind 429. Default 1. */
    retryAfterSeconds: z.number().int().nonnegative().optional(),
    /** How long kind 'hang' holds the request before giving up with 504. Default 60 000 ms. */
    hangMs: z.number().int().positive().optional(),
    count: z.number().int().positive().optional(),
  })
  .strict()
export type FaultRule = z.output<typeof faultRuleSchema>
export type FaultRuleInput = z.input<typeof faultRuleSchema>

/** A body of POST /__admin/faults, or PORTICO_SANDBOX_FAULTS: one rule or a list. */
export const faultRulesSchema = z.union([faultRuleSchema.transform((r) => [r]), z.array(faultRuleSchema)])

/** Whether `path` (no query) matches a rule's route pattern. */
export function routeMatches(route: string, path: string): boolean {
  const want = route.replace(/\/+$/, '').split('/')
  const got = path.replace(/\/+$/, '').split('/')
  const exact = route.includes('/:')
  if (exact ? got.length !== want.length : got.length < want.length) return false
  return want.every((segment, i) => (segment.startsWith(':') ? (got[i] ?? '') !== '' : segment === got[i]))
}

/** Parses PORTICO_SANDBOX_FAULTS (JSON), naming the variable in the error. */
export function parseFaultsEnv(raw: string | undefined): FaultRule[] {
  if (raw === undefined || raw.trim() === '') return []
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    throw new Error(`Invalid PORTICO_SANDBOX_FAULTS: not JSON`)
  }
  const parsed = faultRulesSchema.safeParse(json)
  if (!parsed.success) throw new Error(`Invalid PORTICO_SANDBOX_FAULTS: ${parsed.error.issues[0]?.message ?? 'invalid rule'}`)
  return parsed.data
}
