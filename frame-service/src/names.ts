import { identityResponseSchema } from '@portico/shared-types'
import { SDK_TYPE, SDK_VERSION } from '@portico/shared-types/constants'
import { getAddress, isAddress } from 'viem'

/** How long one name look-up may take before the approval goes on without it. */
export const NAME_LOOKUP_TIMEOUT_MS = 3_000
/** How long a name (or the absence of one) is kept. */
export const NAME_CACHE_MS = 60_000
const MAX_CACHED = 1_000

/** Looks up `addresses` for a visitor of `projectId` (the data API's common query names the project). */
export type NameLookup = (addresses: readonly string[], projectId: string) => Promise<Record<string, string>>

/**
 * The names an approval shows beside addresses (`alice.reown.id (0x…)`), read from the
 * blockchain-data API's identity endpoint (`{identityUrl}/identity/{address}?projectId=&st=&sv=`, SPEC.md §7). Each
 * answer is parsed with the API's schema; an address the API does not name, a slow or failing API,
 * or a malformed answer leaves that address unnamed. Answers are kept for a minute; the frame page
 * shows a name only when it is short plain text (no control or bidi characters).
 */
export function createNameLookup(identityUrl: string | undefined, now: () => number = Date.now): NameLookup {
  const cache = new Map<string, { name: string | null; at: number }>()
  const base = identityUrl?.replace(/\/+$/, '')

  async function nameOf(address: string, projectId: string): Promise<string | null> {
    const key = `${projectId}\n${address.toLowerCase()}`
    const hit = cache.get(key)
    if (hit && now() - hit.at < NAME_CACHE_MS) return hit.name
    let name: string | null = null
    try {
      const query = new URLSearchParams({ projectId, st: SDK_TYPE, sv: SDK_VERSION })
      const res = await fetch(`${base}/identity/${getAddress(address)}?${query}`, { signal: AbortSignal.timeout(NAME_LOOKUP_TIMEOUT_MS) })
      if (!res.ok) return null
      const parsed = identityResponseSchema.safeParse(await res.json())
      name = parsed.success ? parsed.data.name : null
    } catch {
      return null
    }
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string)
    cache.set(key, { name, at: now() })
    return name
  }

  return async (addresses, projectId) => {
    if (!base) return {}
    const unique = [...new Set(addresses.filter((a) => isAddress(a, { strict: false })).map((a) => a.toLowerCase()))]
    const names = await Promise.all(unique.map((address) => nameOf(address, projectId)))
    const found: Record<string, string> = {}
    unique.forEach((address, i) => {
      const name = names[i]
      if (name) found[address] = name
    })
    return found
  }
}
