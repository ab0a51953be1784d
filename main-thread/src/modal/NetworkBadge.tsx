/** A round badge with the network's initials; its tint follows the name. */
export function NetworkBadge({ name }: { name: string }) {
  let hash = 0
  for (const char of name) hash = (hash * 33 + char.charCodeAt(0)) >>> 0
  const initials = name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase()
  return (
    <span className={`portico-network-badge portico-tint-${hash % 5}`} aria-hidden="true">
      {initials}
    </span>
  )
}
