import { isRestrictedTimezone } from '@portico/shared-types/onramp-region'

/** Whether the visitor's timezone, as the page reads it, is one where Buy is not offered (SPEC.md §5). */
export function isBuyRestrictedHere(): boolean {
  try {
    return isRestrictedTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone)
  } catch {
    return false
  }
}
