import { useEffect, useState } from 'react'
import { siEthereum } from 'simple-icons'
import { Mark } from './icons.tsx'

/** Solana's mark, loaded with the first Solana network shown (its path stays out of the modal's first chunk). */
let solanaMark: string | null = null
const loadSolanaMark = () => import('./solanaMark.ts').then((m) => (solanaMark = m.SOLANA_MARK_PATH))

function useSolanaMark(wanted: boolean): string | null {
  const [path, setPath] = useState(solanaMark)
  useEffect(() => {
    if (wanted && !path) void loadSolanaMark().then(setPath)
  }, [wanted, path])
  return path
}

/**
 * A network's mark: Ethereum's for an EVM network (CAIP-2 namespace eip155, the local chains
 * included), Solana's for a Solana one (its clusters and a local one); otherwise a round badge with
 * the name's initials, tinted after the name.
 */
export function NetworkBadge({ name, caipNetworkId }: { name: string; caipNetworkId?: string | undefined }) {
  let hash = 0
  for (const char of name) hash = (hash * 33 + char.charCodeAt(0)) >>> 0
  const namespace = caipNetworkId?.split(':')[0]
  const solanaPath = useSolanaMark(namespace === 'solana')
  if (namespace === 'eip155' || namespace === 'solana') {
    const path = namespace === 'eip155' ? siEthereum.path : solanaPath
    return (
      <span className="portico-network-badge portico-network-mark" data-mark={namespace === 'eip155' ? 'ethereum' : 'solana'} aria-hidden="true">
        {path ? <Mark path={path} /> : null}
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
