import { isRestrictedTimezone } from '@portico/shared-types/onramp-region'

/** The page's date formatter, made once: building one loads the browser's locale data (tens of ms the first time). */
let formatter: Intl.DateTimeFormat | null = null

/** Whether the visitor's timezone, as the page reads it, is one where Buy is not offered (SPEC.md §5). */
export function isBuyRestrictedHere(): boolean {
  try {
    formatter ??= Intl.DateTimeFormat()
    return isRestrictedTimezone(formatter.resolvedOptions().timeZone)
  } catch {
    return false
  }
}
