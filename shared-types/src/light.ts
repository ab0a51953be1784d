/**
 * The zod-free part of the contract, for code on a page's critical path: importing this never pulls
 * a schema library into the first bundle.
 */
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.ts'
import type { BalancesState, Capabilities, CoreState, EmbeddedWalletState, IdentityState, NamespaceConnection, NativeBalanceState, TransactionsState } from './state.ts'

export type { BalancesState, CaipAddress, CaipNetworkId, Capabilities, ChainNamespace, CoreState, EmbeddedWalletState, IdentityState, NamespaceConnection, NativeBalanceState, TransactionsState }

/** 0x1234…abcd */
export function shortenAddress(address: string, head = 6, tail = 4): string {
  if (address.length <= head + tail + 1) return address
  return `${address.slice(0, head)}…${address.slice(-tail)}`
}

/** Splits an already validated CAIP-10 address. */
export function splitCaipAddress(caip: CaipAddress): { namespace: ChainNamespace; reference: string; address: string; caipNetworkId: CaipNetworkId } {
  const [namespace, reference, address] = caip.split(':') as [ChainNamespace, string, string]
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}

export const disconnectedConnection: NamespaceConnection = {
  status: 'disconnected',
  caipAddress: null,
  connectorId: null,
  connectorName: null,
  connectorType: null,
}

export const emptyBalances: BalancesState = {
  status: 'idle',
  caipAddress: null,
  data: null,
  updatedAt: null,
  error: null,
  retryBlockedUntil: null,
  source: null,
}

export const emptyNativeBalance: NativeBalanceState = {
  status: 'idle',
  caipAddress: null,
  value: null,
  formatted: null,
  symbol: null,
  decimals: null,
  updatedAt: null,
  error: null,
}

export const emptyTransactions: TransactionsState = {
  status: 'idle',
  caipAddress: null,
  data: [],
  grouped: [],
  next: null,
  coinbaseTransactions: [],
  empty: false,
  updatedAt: null,
  error: null,
}

export const emptyIdentity: IdentityState = { status: 'idle', caipAddress: null, name: null, avatar: null, updatedAt: null, error: null }

export const emptyCapabilities: Capabilities = {
  balanceNamespaces: [],
  historyNamespaces: [],
  nameNamespaces: [],
  swapChains: [],
  supportedChains: null,
  networks: {},
}

export const emptyEmbeddedWallet: EmbeddedWalletState = { loginUsed: false, email: null, lastChain: null, socialUsername: null, accounts: [], preferredAccountType: null, smartAccountDeployed: false }

export function activeConnection(state: CoreState): NamespaceConnection {
  const ns: ChainNamespace | null = state.activeNamespace
  return (ns && state.connections[ns]) || disconnectedConnection
}
