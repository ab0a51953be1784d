import { activeConnection } from '@portico/shared-types/light'
import type { Connector } from '../connectors/types.ts'
import type { ClientSnapshot } from './createClient.ts'

/**
 * The page's connector with this id (the id the core keeps with each connection), if it is on the page.
 *
 * @example
 * const connector = getConnector(client.getSnapshot(), connection.connectorId)
 */
export function getConnector({ connectors }: Pick<ClientSnapshot, 'connectors'>, connectorId: string | null | undefined): Connector | undefined {
  return connectorId ? connectors.find((c) => c.id === connectorId) : undefined
}

/** The connector holding the active connection; undefined while nothing is connected or its connector is not on this page. */
export function getConnectedConnector(snapshot: Pick<ClientSnapshot, 'connectors' | 'core'>): Connector | undefined {
  const connection = snapshot.core ? activeConnection(snapshot.core) : null
  return connection?.status === 'connected' ? getConnector(snapshot, connection.connectorId) : undefined
}

/** The page's connector for a catalogue wallet (SPEC.md §2: the same rdns), if the wallet is on the page. */
export function getWalletConnector({ connectors }: Pick<ClientSnapshot, 'connectors'>, wallet: { rdns?: string | null | undefined }): Connector | undefined {
  return wallet.rdns ? connectors.find((c) => c.rdns === wallet.rdns) : undefined
}

/**
 * The name a connected wallet is shown by: the page's connector's, except for a phone wallet, whose
 * one connector (WalletConnect) serves every phone: the name its session gave, kept by the core.
 */
export function walletNameOf(snapshot: Pick<ClientSnapshot, 'connectors'>, wallet: { connectorId: string; connectorName: string | null; connectorType: string | null }): string {
  return (wallet.connectorType === 'WALLET_CONNECT' ? wallet.connectorName : null) ?? getConnector(snapshot, wallet.connectorId)?.name ?? wallet.connectorName ?? wallet.connectorId
}
