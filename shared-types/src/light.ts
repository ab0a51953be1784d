/**
 * The zod-free part of the contract, for code on a page's critical path: importing this never pulls
 * a schema library into the first bundle.
 */
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.ts'
import type { BalancesState, CoreState, NamespaceConnection } from './state.ts'

export type { CaipAddress, CaipNetworkId, ChainNamespace, CoreState, NamespaceConnection, BalancesState }

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
}

export const emptyBalances: BalancesState = {
  status: 'idle',
  caipAddress: null,
  data: null,
  updatedAt: null,
  error: null,
  retryBlockedUntil: null,
}

export function activeConnection(state: CoreState): NamespaceConnection {
  const ns: ChainNamespace | null = state.activeNamespace
  return (ns && state.connections[ns]) || disconnectedConnection
}
