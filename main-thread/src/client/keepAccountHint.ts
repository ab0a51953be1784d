import { activeConnection, splitCaipAddress, type CoreState } from '@portico/shared-types/light'
import type { AccountHint } from './accountHint.ts'

/** `ACCOUNT_HINT_KEY` of `accountHint.ts`, written out so that this code, loaded with the session, stays out of the first paint's chunk. */
const ACCOUNT_HINT_KEY = 'portico:account'

function storedAddress(): unknown {
  try {
    return (JSON.parse(localStorage.getItem(ACCOUNT_HINT_KEY) ?? 'null') as { a?: unknown } | null)?.a
  } catch {
    return undefined
  }
}

/** Stores (or clears, with null) the record the account button paints first from; writes only when it changed. */
function writeAccountHint(hint: AccountHint | null) {
  const next = hint ? JSON.stringify(hint) : null
  try {
    if (localStorage.getItem(ACCOUNT_HINT_KEY) === next) return
    if (next) localStorage.setItem(ACCOUNT_HINT_KEY, next)
    else localStorage.removeItem(ACCOUNT_HINT_KEY)
  } catch {
    /* storage blocked: the first paint shows Connect until the core answers */
  }
}

/**
 * Keeps the record the account button paints first from (`accountHint.ts`) in step with the core:
 * the connected address and, once fetched for it, its native balance; cleared on disconnect.
 */
export function keepAccountHint(state: CoreState) {
  const connection = activeConnection(state)
  if (connection.status === 'disconnected') return writeAccountHint(null)
  if (connection.status !== 'connected' || !connection.caipAddress) return
  const address = splitCaipAddress(connection.caipAddress).address
  const native = state.balances.caipAddress === connection.caipAddress ? state.balances.data?.find((b) => !b.address) : undefined
  if (native) return writeAccountHint({ a: address, n: native.quantity.numeric, s: native.symbol })
  // Balances not fetched yet for this account: a stored balance of the same account stays until they are.
  if (storedAddress() !== address) writeAccountHint({ a: address })
}
