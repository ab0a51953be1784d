import type { CaipAddress, ChainNamespace, CoreState, NamespaceConnection, WalletConnection } from '@portico/shared-types'
import { CONNECTED_WALLETS_LIMIT } from '@portico/shared-types/constants'

/** The id of a connector's wallet on a namespace (one wallet with EVM and Solana sides has two). */
export const walletIdOf = (connectorId: string, namespace: ChainNamespace): string => `${connectorId}|${namespace}`

/** The wallet list entry of a namespace's connection in use, or null when it holds none. */
export function entryOf(namespace: ChainNamespace, connection: NamespaceConnection | undefined, usedAt: number): WalletConnection | null {
  if (connection?.status !== 'connected' || !connection.caipAddress || !connection.connectorId) return null
  const { connectorId, connectorName, connectorType, caipAddress } = connection
  return { id: walletIdOf(connectorId, namespace), namespace, caipAddress, connectorId, connectorName, connectorType, usedAt }
}

/** The namespace's connection held by a wallet of the list. */
export const connectionOf = (wallet: WalletConnection): NamespaceConnection => ({
  status: 'connected',
  caipAddress: wallet.caipAddress,
  connectorId: wallet.connectorId,
  connectorName: wallet.connectorName,
  connectorType: wallet.connectorType,
})

/** Whether the wallet is the one its namespace uses now. */
export const inUse = (state: Pick<CoreState, 'connections'>, wallet: WalletConnection): boolean => {
  const connection = state.connections[wallet.namespace]
  return connection?.status === 'connected' && connection.connectorId === wallet.connectorId
}

/** Most recently used first; the one a namespace uses before the others of its namespace at equal times. */
const byUse = (wallets: WalletConnection[]) => [...wallets].sort((a, b) => b.usedAt - a.usedAt)

/**
 * The list with `wallet` in it (replacing its earlier entry). Over `CONNECTED_WALLETS_LIMIT`, the
 * least recently used wallets not in use leave: `dropped` names them, to be signed out.
 */
export function withWallet(state: Pick<CoreState, 'connections' | 'wallets'>, wallet: WalletConnection): { wallets: WalletConnection[]; dropped: WalletConnection[] } {
  const kept = byUse([wallet, ...state.wallets.filter((w) => w.id !== wallet.id)])
  const dropped: WalletConnection[] = []
  while (kept.length > CONNECTED_WALLETS_LIMIT) {
    const index = kept.findLastIndex((w) => w.id !== wallet.id && !inUse(state, w))
    if (index < 0) break
    dropped.push(...kept.splice(index, 1))
  }
  return { wallets: kept, dropped }
}

/** The account a wallet of the list answered, changed (its entry keeps when it was used). */
export function withAccount(wallets: WalletConnection[], id: string, caipAddress: CaipAddress): WalletConnection[] {
  return wallets.map((w) => (w.id === id ? { ...w, caipAddress } : w))
}

/**
 * A list that names every connection in use: records kept before several wallets at once, or a list
 * that lost an entry, gain the connections of `state` (dated `now`).
 */
export function withConnectionsInUse(state: Pick<CoreState, 'connections' | 'wallets'>, now: number): WalletConnection[] {
  let wallets = state.wallets
  for (const [namespace, connection] of Object.entries(state.connections) as [ChainNamespace, NamespaceConnection][]) {
    const entry = entryOf(namespace, connection, now)
    if (entry && !wallets.some((w) => w.id === entry.id)) wallets = [...wallets, entry]
  }
  return byUse(wallets)
}

/** The wallet that takes a namespace's place when the one in use leaves: the most recently used of the rest. */
export function successorOf(wallets: WalletConnection[], namespace: ChainNamespace): WalletConnection | undefined {
  return byUse(wallets).find((w) => w.namespace === namespace)
}
