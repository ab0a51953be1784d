import { splitCaipAddress } from '@portico/shared-types/light'
import type { CaipAddress, CoreState } from '@portico/shared-types'

/**
 * Whether `caipAddress` is a smart account (SPEC.md §3 account type): the embedded wallet's account
 * whose type the frame answered as smartAccount. Its sends are user operations, and it is exempt from
 * the insufficient-gas check (SPEC.md §5).
 */
export function isSmartAccount(state: Pick<CoreState, 'connections' | 'embeddedWallet'>, caipAddress: CaipAddress): boolean {
  const { namespace, address } = splitCaipAddress(caipAddress)
  if (state.connections[namespace]?.connectorType !== 'AUTH') return false
  return state.embeddedWallet.accounts.some((a) => a.type === 'smartAccount' && a.address.toLowerCase() === address.toLowerCase())
}
