import type { CaipNetworkId } from '@portico/shared-types/light'
import type { WalletListing } from '@portico/shared-types'

/** The modal's views (SPEC.md §2). Views that take an argument carry it. */
export type View =
  | { name: 'Connect' }
  | { name: 'AllWallets' }
  | { name: 'ConnectingExternal'; connectorId: string }
  /** `wallet`: the catalogue entry behind it (its links and image); absent for the plain WalletConnect row. */
  | { name: 'ConnectingWalletConnect'; walletId: string; walletName: string; wallet?: WalletListing | undefined; imageUrl?: string | null | undefined }
  /** `basic` mode's Connect: WalletConnect only (SPEC.md §2). */
  | { name: 'ConnectingWalletConnectBasic' }
  | { name: 'Account' }
  /** Every wallet connected at once (`multiWallet`): the one in use, a switch to another, each disconnected on its own. */
  | { name: 'Wallets' }
  | { name: 'Networks' }
  | { name: 'SwitchNetwork'; caipNetworkId: CaipNetworkId }
  | { name: 'UnsupportedChain' }
  | { name: 'ApproveTransaction'; title?: string; panel?: boolean }
  /** `token`: the token row it was opened from (its address), else the native token. */
  | { name: 'Send'; token?: string }
  | { name: 'Receive' }
  | { name: 'Swap' }
  | { name: 'Buy' }
  /** `typed`: what the visitor had typed, kept when a registration fails and the view opens again. */
  | { name: 'RegisterAccountName'; typed?: string }
  | { name: 'RegisterAccountNameSuccess'; accountName: string }
  | { name: 'SIWXSignMessage' }
  /** The same sign-in, as the older `siweConfig` names it. */
  | { name: 'ConnectingSiwe' }
  /** Embedded wallet (SPEC.md §4): the code sent to `email`. */
  | { name: 'EmailVerifyOtp'; email: string }
  /** Embedded wallet: a new device, confirmed by the link emailed to `email` first. */
  | { name: 'EmailVerifyDevice'; email: string }
  /** Embedded wallet: the social provider's popup is open; `error` once it failed. */
  | { name: 'ConnectingSocial'; provider: string; error?: string | undefined; timedOut?: boolean | undefined }
  /** Embedded wallet: Sign In With Farcaster (QR code and link). */
  | { name: 'ConnectingFarcaster' }
  /** Embedded wallet: change the email: the new address, then a code to the current email, then one to the new email (SPEC.md §4). */
  | { name: 'UpdateEmail' }
  | { name: 'UpdateEmailOtp'; email: string; step: 'primary' | 'secondary' }
  /** Embedded wallet: where the visitor is signed in (device, first and last seen), each session ended one by one or all at once. */
  | { name: 'EmbeddedSessions' }
  /** Embedded wallet: the visitor's passkeys (added and removed through the wallet's own frame). */
  | { name: 'EmbeddedPasskeys' }

export type ViewName = View['name']

export type RouterState = { history: readonly View[] }

export type RouterAction = { type: 'push'; view: View } | { type: 'replace'; view: View } | { type: 'reset'; view: View } | { type: 'back' }

/** Navigation with push, back, reset and replace; back on the first view stays there. */
export function route(state: RouterState, action: RouterAction): RouterState {
  switch (action.type) {
    case 'push':
      return { history: [...state.history, action.view] }
    case 'replace':
      return { history: [...state.history.slice(0, -1), action.view] }
    case 'reset':
      return { history: [action.view] }
    case 'back':
      return state.history.length > 1 ? { history: state.history.slice(0, -1) } : state
  }
}

export function currentView(state: RouterState): View {
  return state.history[state.history.length - 1] ?? { name: 'Connect' }
}
