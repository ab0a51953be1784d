export {
  CHAIN_NAMESPACES,
  caipAddressSchema,
  caipNetworkIdSchema,
  chainNamespaceSchema,
  evmAddressSchema,
  isValidAddress,
  parseCaipAddress,
  parseCaipNetworkId,
  shortenAddress,
  solanaAddressSchema,
  toCaipAddress,
  toCaipNetworkId,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
} from './caip.ts'
export {
  balanceQuerySchema,
  balanceResponseSchema,
  dropZeroDecimalTokens,
  projectQuerySchema,
  tokenBalanceSchema,
  type BalanceQuery,
  type BalanceResponse,
  type ProjectQuery,
  type TokenBalance,
} from './balance.ts'
export {
  coreConfigSchema,
  dappMetadataSchema,
  porticoConfigSchema,
  themeModeSchema,
  themeVariablesSchema,
  type CoreConfig,
  type DappMetadata,
  type PorticoConfig,
  type PorticoConfigInput,
  type ThemeMode,
  type ThemeVariables,
} from './config.ts'
export * as constants from './constants.ts'
export {
  CORE_API_METHODS,
  type PorticoCoreApi,
  type RefreshBalancesParameters,
  type SetConnectedParameters,
  type StateListener,
} from './core-api.ts'
export {
  eip6963ProviderInfoSchema,
  ethAccountsSchema,
  ethChainIdSchema,
  providerRpcErrorSchema,
  type Eip1193Provider,
  type Eip1193RequestArguments,
  type Eip6963ProviderInfo,
} from './eip1193.ts'
export {
  HttpRequestError,
  MESSAGES,
  PorticoError,
  ProviderRpcError,
  SchemaValidationError,
  StorageUnavailableError,
  SwitchChainError,
  TimeoutError,
  TokenBalanceUnavailableError,
  UnsupportedChainError,
  UserRejectedRequestError,
  serializeError,
  type PorticoErrorName,
  type SerializedError,
} from './errors.ts'
export { networkSchema, type Network } from './network.ts'
export { parseWith } from './parse.ts'
export {
  activeConnection,
  balancesStateSchema,
  connectionStatusSchema,
  coreStateSchema,
  disconnectedConnection,
  emptyBalances,
  namespaceConnectionSchema,
  serializedErrorSchema,
  type BalancesState,
  type ConnectionStatus,
  type CoreState,
  type NamespaceConnection,
} from './state.ts'
export { storedRecordSchema, type StoredRecord } from './storage.ts'
