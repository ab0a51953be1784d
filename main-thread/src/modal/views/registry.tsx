import type { ReactNode } from 'react'
import type { View, ViewName } from '../../client/router.ts'
import type { Translate } from '../../i18n/translate.ts'
import { AccountView } from './AccountView.tsx'
import { ApproveTransactionView } from './ApproveTransactionView.tsx'
import { ConnectingExternalView } from './ConnectingExternalView.tsx'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView.tsx'
import { ConnectView } from './ConnectView.tsx'
import { NetworksView } from './NetworksView.tsx'
import { SwitchNetworkView } from './SwitchNetworkView.tsx'
import { UnsupportedChainView } from './UnsupportedChainView.tsx'
import { AllWalletsView } from './AllWalletsView.tsx'

export type TitleContext = { t: Translate; walletName: (rdns: string) => string; networkName: (id: string) => string }

export type ViewDefinition<N extends ViewName = ViewName> = {
  title: (view: Extract<View, { name: N }>, ctx: TitleContext) => string
  render: (view: Extract<View, { name: N }>) => ReactNode
  /** Views the visitor may not leave by closing (none yet; SIWX will be one). */
  closable?: boolean
}

/** Every view of the modal (SPEC.md §2). A later view plugs in with one line here. */
export const VIEWS: { [N in ViewName]: ViewDefinition<N> } = {
  Connect: { title: (_, { t }) => t('connectWallet'), render: () => <ConnectView /> },
  AllWallets: { title: (_, { t }) => t('allWallets'), render: () => <AllWalletsView /> },
  ConnectingExternal: { title: (view, { walletName }) => walletName(view.connectorId), render: (view) => <ConnectingExternalView connectorId={view.connectorId} /> },
  ConnectingWalletConnect: { title: (view) => view.walletName, render: (view) => <ConnectingWalletConnectView walletName={view.walletName} /> },
  Account: { title: (_, { t }) => t('account'), render: () => <AccountView /> },
  Networks: { title: (_, { t }) => t('chooseNetwork'), render: () => <NetworksView /> },
  SwitchNetwork: { title: (view, { networkName }) => networkName(view.caipNetworkId), render: (view) => <SwitchNetworkView caipNetworkId={view.caipNetworkId} /> },
  UnsupportedChain: { title: (_, { t }) => t('switchNetwork'), render: () => <UnsupportedChainView /> },
  ApproveTransaction: { title: (view, { t }) => view.title ?? t('approveTransaction'), render: () => <ApproveTransactionView /> },
}

export function viewDefinition<N extends ViewName>(name: N): ViewDefinition<N> {
  return VIEWS[name] as ViewDefinition<N>
}
