import { AVATAR_TINTS } from '@portico/shared-types/constants'

/** A generated avatar in one of 5 tints, picked from the address. */
export function Avatar({ address, size = 64 }: { address: string; size?: number }) {
  let hash = 0
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  const tint = hash % AVATAR_TINTS
  return <span className={`portico-avatar portico-tint-${tint}`} data-size={size} aria-hidden="true" />
}
