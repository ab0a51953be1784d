import type { ReactNode } from 'react'
import type { ClientSnapshot } from '../../client/createClient.ts'
import { siwxRequired } from '../../client/siwx/rules.ts'
import type { View, ViewName } from '../../client/router.ts'
import type { Translate } from '../../i18n/translate.ts'
import { ConnectingExternalView } from './connect/ConnectingExternalView.tsx'
import { ConnectView } from './connect/ConnectView.tsx'
import { lazyView, registerViewPreloads } from './lazyView.tsx'
import { NetworksView } from './networks/NetworksView.tsx'
import { UnsupportedChainView } from './networks/UnsupportedChainView.tsx'

export type TitleContext = { t: Translate; walletName: (rdns: string) => string; networkName: (id: string) => string }

export type ViewDefinition<N extends ViewName = ViewName> = {
  title: (view: Extract<View, { name: N }>, ctx: TitleContext) => string
  render: (view: Extract<View, { name: N }>) => ReactNode
  /** Whether the visitor may close the modal on this view (Escape, the close button, the backdrop); default true. */
  closable?: boolean | ((snapshot: ClientSnapshot) => boolean)
  /** The feature switch (SPEC.md §1) the view belongs to: with it off, the modal shows Account instead. */
  feature?: 'send' | 'receive' | 'swaps' | 'onramp'
}

/**
 * Every view of the modal (SPEC.md §2). A later view plugs in with one line here; a feature view
 * (Send, Swap, Buy, names, embedded wallet) is a `lazyView` in its own chunk, fetched when the
 * visitor heads for it (the button leading there is hovered or focused, or the view is shown), never
 * with the modal: opening Connect downloads no feature's code.
 *
 * In the modal's first chunk: what a visitor sees on opening (Connect, a wallet's connecting view,
 * Networks), and UnsupportedChain, a sentence over NetworksView that costs less there than
 * in a chunk of its own (with Vite 8, a lazy view sharing the translator or icons with the modal moves
 * them out into chunks the modal then loads as well). All Wallets, a virtualised list with its
 * library, is a lazy view fetched when the visitor heads for its row on Connect. Account (its tabs,
 * activity and NFTs) is one too: a visitor who has not connected never needs it; the modal's code
 * loads it with itself when the next open shows it (`loadModal`), and a connection on its way fetches it. Check a move with
 * `npm run build:demo` or `npm run bench`: the modal's first chunk and what it imports should not grow.
 */
/** SPEC.md §2: the sign-in view cannot be closed while sign-in is required and there is no session (it closes itself once there is one). */
const siwxClosable = ({ config }: ClientSnapshot) => !siwxRequired(config?.siwx ?? config?.siweConfig)

export const VIEWS: { [N in ViewName]: ViewDefinition<N> } = {
  Connect: { title: (_, { t }) => t('connectWallet'), render: () => <ConnectView /> },
  AllWallets: { title: (_, { t }) => t('allWallets'), render: lazyView(() => import('./connect/AllWalletsView.tsx'), 'AllWalletsView') },
  ConnectingExternal: { title: (view, { walletName }) => walletName(view.connectorId), render: (view) => <ConnectingExternalView connectorId={view.connectorId} /> },
  Account: { title: (_, { t }) => t('account'), render: lazyView(() => import('./account/AccountView.tsx'), 'AccountView') },
  Wallets: { title: (_, { t }) => t('wallets'), render: lazyView(() => import('./account/WalletsView.tsx'), 'WalletsView') },
  Networks: { title: (_, { t }) => t('chooseNetwork'), render: () => <NetworksView /> },
  UnsupportedChain: { title: (_, { t }) => t('switchNetwork'), render: () => <UnsupportedChainView /> },
  ConnectingWalletConnect: { title: (view) => view.walletName, render: lazyView(() => import('./connect/ConnectingWalletConnectView.tsx'), 'ConnectingWalletConnectView') },
  ConnectingWalletConnectBasic: { title: (_, { t }) => t('walletConnect'), render: lazyView(() => import('./connect/ConnectingWalletConnectBasicView.tsx'), 'ConnectingWalletConnectBasicView') },
  SwitchNetwork: { title: (view, { networkName }) => networkName(view.caipNetworkId), render: lazyView(() => import('./networks/SwitchNetworkView.tsx'), 'SwitchNetworkView') },
  ApproveTransaction: {
    title: (view, { t }) => view.title ?? t(view.panel ? 'passkeys' : 'approveTransaction'),
    render: lazyView(() => import('./transactions/ApproveTransactionView.tsx'), 'ApproveTransactionView'),
  },
  Send: { title: (_, { t }) => t('send'), render: lazyView(() => import('./transfer/SendView.tsx')), feature: 'send' },
  Receive: { title: (_, { t }) => t('receive'), render: lazyView(() => import('./transfer/ReceiveView.tsx')), feature: 'receive' },
  Swap: { title: (_, { t }) => t('swaps'), render: lazyView(() => import('./swap/SwapView.tsx')), feature: 'swaps' },
  Buy: { title: (_, { t }) => t('onramp'), render: lazyView(() => import('./buy/BuyView.tsx')), feature: 'onramp' },
  RegisterAccountName: { title: (_, { t }) => t('registerName'), render: lazyView(() => import('./names/RegisterAccountNameView.tsx')) },
  SIWXSignMessage: { title: (_, { t }) => t('signIn'), render: lazyView(() => import('./siwx/SiwxSignMessageView.tsx')), closable: siwxClosable },
  ConnectingSiwe: { title: (_, { t }) => t('signIn'), render: lazyView(() => import('./siwx/SiwxSignMessageView.tsx')), closable: siwxClosable },
  EmailVerifyOtp: { title: (_, { t }) => t('email'), render: lazyView(() => import('./embedded/EmbeddedViews.tsx'), 'EmailVerifyOtpView') },
  EmailVerifyDevice: { title: (_, { t }) => t('email'), render: lazyView(() => import('./embedded/EmbeddedViews.tsx'), 'EmailVerifyDeviceView') },
  ConnectingSocial: { title: (_, { t }) => t('socialLogin'), render: lazyView(() => import('./embedded/EmbeddedViews.tsx'), 'ConnectingSocialView') },
  ConnectingFarcaster: { title: () => 'Farcaster', render: lazyView(() => import('./embedded/EmbeddedViews.tsx'), 'ConnectingFarcasterView') },
  UpdateEmail: { title: (_, { t }) => t('changeEmail'), render: lazyView(() => import('./embedded/EmbeddedViews.tsx'), 'UpdateEmailView') },
  UpdateEmailOtp: { title: (_, { t }) => t('changeEmail'), render: lazyView(() => import('./embedded/EmbeddedViews.tsx'), 'UpdateEmailOtpView') },
  EmbeddedSessions: { title: (_, { t }) => t('signedInDevices'), render: lazyView(() => import('./embedded/EmbeddedSessionsView.tsx'), 'EmbeddedSessionsView') },
  EmbeddedPasskeys: { title: (_, { t }) => t('passkeys'), render: lazyView(() => import('./embedded/EmbeddedPasskeysView.tsx'), 'EmbeddedPasskeysView') },
  RegisterAccountNameSuccess: { title: (_, { t }) => t('nameRegistered'), render: lazyView(() => import('./names/RegisterAccountNameSuccessView.tsx')) },
}

export function viewDefinition<N extends ViewName>(name: N): ViewDefinition<N> {
  return VIEWS[name] as ViewDefinition<N>
}

registerViewPreloads(VIEWS)
