export { PorticoProvider, type PorticoProviderProps } from './PorticoProvider.tsx'
export { ConnectButton, type ConnectButtonProps } from './components/ConnectButton.tsx'
export { AccountButton, type AccountButtonProps } from './components/AccountButton.tsx'
export { NetworkButton, type NetworkButtonProps } from './components/NetworkButton.tsx'
export {
  useAccount,
  useDisconnect,
  useEvents,
  useModal,
  useModalState,
  useNetwork,
  useProvider,
  useTheme,
  useWalletInfo,
  type DisconnectParameters,
  type UseAccountReturnType,
  type UseModalReturnType,
  type UseNetworkReturnType,
  type UseThemeReturnType,
  type WalletInfo,
} from './hooks/index.ts'
export { createClient, SESSION_HINT_KEY, type ClientSnapshot, type CreateClientParameters, type PorticoClient } from './client/createClient.ts'
export type { View, ViewName } from './client/router.ts'
export type { Notification, NotificationVariant, PorticoEvent } from './ui/createUi.ts'
export { SERVICE_WORKER_UPDATE_EVENT, type ServiceWorkerUpdate } from './service-worker/events.ts'
export type {
  CaipAddress,
  CaipNetworkId,
  Eip1193Provider,
  Locale,
  Network,
  PorticoConfigInput,
  SiwxDappConfig,
  SiwxMessage,
  SiwxMessageInput,
  SiwxSession,
  ThemeMode,
  ThemeVariables,
} from '@portico/shared-types'
export { useConnections, useSwitchConnection, type Connection, type UseSwitchConnectionReturnType } from './hooks/useConnections.ts'
export { WalletButton, type WalletButtonProps } from './components/WalletButton.tsx'
export { useWallets, type PorticoWallet, type UseWalletsParameters, type UseWalletsReturnType } from './hooks/useWallets.ts'
export { useConnect, type ConnectError, type ConnectErrorCode, type ConnectStatus, type UseConnectReturnType } from './hooks/useConnect.ts'
export { useEmailLogin, useSocialLogin, type EmailLoginStatus, type SocialLoginStatus, type UseEmailLoginReturnType, type UseSocialLoginReturnType } from './hooks/useEmbeddedLogin.ts'
export { useActivity, useBalances, type UseActivityReturnType, type UseBalancesReturnType } from './hooks/useAccountData.ts'
export type { SocialLoginProvider } from './connectors/embedded/types.ts'
