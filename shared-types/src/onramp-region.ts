/** SPEC.md §5 restricted timezones, apart from the rest of the onramp contract: the Account view reads it in the modal's first chunk. */

/**
 * Timezones where buying is not offered (SPEC.md §5: Shanghai, Urumqi, Chongqing, Harbin, Kashgar,
 * Macau, Hong Kong, Beijing), by the city of the IANA name, old spellings included.
 */
export const RESTRICTED_TIMEZONE_CITIES = ['shanghai', 'urumqi', 'chongqing', 'chungking', 'harbin', 'kashgar', 'macau', 'macao', 'hong_kong', 'hongkong', 'beijing'] as const

/** Whether `timeZone` (an IANA name such as 'Asia/Shanghai', 'PRC' or 'Hongkong') is one where Buy is not offered. */
export function isRestrictedTimezone(timeZone: string | undefined | null): boolean {
  if (!timeZone) return false
  const lower = timeZone.toLowerCase()
  if (lower === 'prc') return true
  const city = lower.slice(lower.lastIndexOf('/') + 1)
  return (RESTRICTED_TIMEZONE_CITIES as readonly string[]).includes(city)
}
