import { activeConnection, splitCaipAddress, type CaipAddress, type CoreState } from '@portico/shared-types/light'
import type { SiwxSession } from '@portico/shared-types'
import type { SiwxDappConfig, SiwxOptions } from '@portico/shared-types/siwx-config'
import { currentView, route, type RouterState } from '../router.ts'

type Modal = { open: boolean; router: RouterState }

/** Whether the options are a dapp's own SIWX configuration (its functions), not the verifier options. */
export function isSiwxDappConfig(options: SiwxOptions | undefined): options is SiwxDappConfig {
  return !!options && 'createMessage' in options
}

/** Whether sign-in is required now (a dapp's `getRequired()` is asked each time, and wins over `required`). */
export function siwxRequired(options: SiwxOptions | undefined): boolean {
  if (!options) return false
  if (isSiwxDappConfig(options)) return options.getRequired?.() ?? options.required ?? false
  return options.required
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Whether a session's expiry, if it has one, is still ahead at `now`: an unparseable expiry has passed. */
const notExpired = (session: SiwxSession, now: number) => !session.data.expirationTime || Date.parse(session.data.expirationTime) > now

/** Whether `sessions` hold a session of `caipAddress`'s account on its chain that has not expired at `now`. */
export function hasSiwxSession(sessions: readonly SiwxSession[], caipAddress: CaipAddress, now: number): boolean {
  const { address, caipNetworkId } = splitCaipAddress(caipAddress)
  return sessions.some((s) => s.data.chainId === caipNetworkId && sameAddress(s.data.accountAddress, address) && notExpired(s, now))
}

/** Whether the account's sign-in on its chain has run out: it had a session, and every one of them has expired at `now`. */
export function siwxSessionExpired(sessions: readonly SiwxSession[], caipAddress: CaipAddress, now: number): boolean {
  const { address, caipNetworkId } = splitCaipAddress(caipAddress)
  const mine = sessions.filter((s) => s.data.chainId === caipNetworkId && sameAddress(s.data.accountAddress, address))
  return mine.length > 0 && !hasSiwxSession(sessions, caipAddress, now)
}

/** When the account's valid session on its chain runs out (ms since epoch); null when it has none or none expires. */
export function siwxSessionEndsAt(sessions: readonly SiwxSession[], caipAddress: CaipAddress, now: number): number | null {
  const { address, caipNetworkId } = splitCaipAddress(caipAddress)
  const ends = sessions
    .filter((s) => s.data.chainId === caipNetworkId && sameAddress(s.data.accountAddress, address) && s.data.expirationTime)
    .map((s) => Date.parse(s.data.expirationTime!))
    .filter((t) => t > now)
  return ends.length > 0 ? Math.max(...ends) : null
}

/** The namespaces an account signs in on: EIP-4361 for eip155, Sign In With Solana for solana (CAIP-122 both). */
const SIGN_IN_NAMESPACES: readonly string[] = ['eip155', 'solana']

/**
 * The account that must be asked to sign in (SPEC.md §4 SIWX): the connected eip155 or solana
 * account on a network the dapp lists, without a valid session; null when sign-in is off, on an
 * unsupported network, or signed in.
 */
export function siwxAccountToAsk(siwx: SiwxOptions, supported: readonly string[], state: CoreState, now: number): CaipAddress | null {
  if (!siwx) return null
  const connection = activeConnection(state)
  if (connection.status !== 'connected' || !connection.caipAddress) return null
  const { namespace, caipNetworkId } = splitCaipAddress(connection.caipAddress)
  if (!SIGN_IN_NAMESPACES.includes(namespace) || !supported.includes(caipNetworkId)) return null
  return hasSiwxSession(state.siwxSessions, connection.caipAddress, now) ? null : connection.caipAddress
}

/**
 * The modal after a core push, for SIWX: it opens on SIWXSignMessage for an account to ask (unless
 * the visitor set sign-in aside for it, when it is optional); the sign view closes once a session
 * exists (signed here or in another tab), and gives way to Connect when the account left.
 */
export function siwxModal(modal: Modal, toAsk: CaipAddress | null, setAside: ReadonlySet<string>, connected: boolean, view: 'SIWXSignMessage' | 'ConnectingSiwe' = 'SIWXSignMessage'): Modal {
  const shown = currentView(modal.router).name
  const showing = shown === 'SIWXSignMessage' || shown === 'ConnectingSiwe'
  if (toAsk && !setAside.has(toAsk)) return showing && modal.open ? modal : { open: true, router: route(modal.router, { type: 'reset', view: { name: view } }) }
  if (!showing) return modal
  if (!connected) return { ...modal, router: route(modal.router, { type: 'reset', view: { name: 'Connect' } }) }
  return { open: false, router: route(modal.router, { type: 'reset', view: { name: 'Account' } }) }
}

/** Accounts whose optional sign-in the visitor set aside in this tab (Cancel), per parsed configuration. */
const setAsideByConfig = new WeakMap<object, Set<string>>()

/** The accounts set aside for `config`: the sign view does not open again for them in this tab. */
export function siwxSetAside(config: object): Set<string> {
  let set = setAsideByConfig.get(config)
  if (!set) setAsideByConfig.set(config, (set = new Set()))
  return set
}
