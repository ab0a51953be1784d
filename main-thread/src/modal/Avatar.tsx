import { AVATAR_TINTS } from '@portico/shared-types/constants'

/** The tint (0 to 4) of an address's generated avatar. */
export function avatarTint(address: string): number {
  let hash = 0
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash % AVATAR_TINTS
}

/** A generated avatar in one of 5 tints, picked from the address. Decorative unless it has a `label`. */
export function Avatar({ address, size = 64, label }: { address: string; size?: number; label?: string }) {
  const className = `portico-avatar portico-tint-${avatarTint(address)}`
  return label ? <span className={className} data-size={size} role="img" aria-label={label} /> : <span className={className} data-size={size} aria-hidden="true" />
}
