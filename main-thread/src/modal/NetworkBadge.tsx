import { siEthereum } from 'simple-icons'
import { Mark } from './icons.tsx'

/**
 * A network's mark: Ethereum's for an EVM network (CAIP-2 namespace eip155, the local chains
 * included); otherwise a round badge with the name's initials, tinted after the name.
 */
export function NetworkBadge({ name, caipNetworkId }: { name: string; caipNetworkId?: string | undefined }) {
  let hash = 0
  for (const char of name) hash = (hash * 33 + char.charCodeAt(0)) >>> 0
  if (caipNetworkId?.startsWith('eip155:')) {
    return (
      <span className="portico-network-badge portico-network-mark" data-mark="ethereum" aria-hidden="true">
        <Mark path={siEthereum.path} />
      </span>
    )
  }
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
