export { PorticoProvider, type PorticoProviderProps } from './PorticoProvider.tsx'
export { ConnectButton, type ConnectButtonProps } from './components/ConnectButton.tsx'
export {
  useAccount,
  useDisconnect,
  useModal,
  useNetwork,
  type UseAccountReturnType,
  type UseModalReturnType,
  type UseNetworkReturnType,
} from './hooks/index.ts'
export { createClient, SESSION_HINT_KEY, type ClientSnapshot, type CreateClientParameters, type PorticoClient } from './client/createClient.ts'
export type { View, ViewName } from './client/router.ts'
export type { CaipAddress, CaipNetworkId, Network, PorticoConfigInput, ThemeMode } from '@portico/shared-types'
