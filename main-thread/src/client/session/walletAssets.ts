import { activeConnection, splitCaipAddress } from '@portico/shared-types/light'
import { getConnector } from '../getConnector.ts'
import { createWalletAssetsReader } from '../walletAssets.ts'
import type { SessionContext, SessionFeature } from './feature.ts'

export type WalletAssetsFeature = SessionFeature & {
  /** Asks the connected wallet for its assets, where it offers them, and hands the answer to the core. */
  handOver(): Promise<void>
}

/** ERC-7811: where the connected wallet offers its assets, the tab asks it and hands the answer to the core (on connect and on each open). */
export function startWalletAssets({ client, api }: Pick<SessionContext, 'client' | 'api'>): WalletAssetsFeature {
  const reader = createWalletAssetsReader()
  async function handOver() {
    // Offline, a wallet could not answer with fresh assets (and may try the network itself): asked again on the next open online.
    if (!navigator.onLine) return
    const snapshot = client.get()
    const connection = snapshot.core ? activeConnection(snapshot.core) : null
    const connector = getConnector(snapshot, connection?.connectorId)
    if (connection?.status !== 'connected' || !connection.caipAddress || !connector) return
    const { caipAddress } = connection
    const provider = await connector.getProvider(splitCaipAddress(caipAddress).namespace)
    const answer = await reader.read(provider, caipAddress).catch(() => null)
    if (answer !== null && answer !== undefined) await api.setWalletAssets(caipAddress, answer)
  }
  return { handOver, refresh: () => handOver().catch(() => undefined) }
}
