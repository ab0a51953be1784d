import { useMemo, useSyncExternalStore } from 'react'
import { parseAccountHint, storedHint, type AccountHint } from '../client/accountHint.ts'
import { useSnapshot } from '../context.ts'
import { useAccount } from './index.ts'

const noSubscription = () => () => {}
const noStoredHint = () => null

/**
 * The address the account buttons show: the core's once it answers, else (before it, or while it
 * restores the session) the stored one, with its stored balance.
 */
export function useShownAccount(): { address: string | undefined; status: string; hint: AccountHint | null } {
  const { core } = useSnapshot()
  const { isConnected, address, status } = useAccount()
  // A page rendered on the server had no storage: hydration renders as the server did, then the stored record.
  const raw = useSyncExternalStore(noSubscription, storedHint, noStoredHint)
  const stored = useMemo(() => parseAccountHint(raw), [raw])
  const hint = core && status !== 'connecting' ? null : stored
  return { address: isConnected && address ? address : hint?.a, status, hint }
}
