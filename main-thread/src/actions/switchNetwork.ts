import type { UserRejectedRequestError } from 'viem'
import { activeConnection, splitCaipAddress, type CaipAddress, type CaipNetworkId } from '@portico/shared-types/light'
import type { Network } from '@portico/shared-types'
import { sharesSessionAcrossNamespaces } from '@portico/shared-types/connectors'
import { SwitchChainError, type SchemaValidationError } from '@portico/shared-types/errors'
import type { ClientSnapshot, PorticoClient } from '../client/createClient.ts'
import { getConnector } from '../client/getConnector.ts'
import type { Connector } from '../connectors/types.ts'

export type SwitchNetworkParameters = { caipNetworkId: CaipNetworkId }
/** The wallet declined (viem's), the switch failed or the network is not the dapp's, or the core refused a CAIP id that is not one. */
export type SwitchNetworkErrorType = SwitchChainError | UserRejectedRequestError | SchemaValidationError

/** The connector and account to switch with: the one holding the network's namespace, else the active wallet's when it serves that namespace too. */
function walletFor(snapshot: ClientSnapshot, network: Network): { connector: Connector; caipAddress: CaipAddress | null } | null {
  const core = snapshot.core
  if (!core) return null
  const held = core.connections[network.chainNamespace]
  const holder = held?.status === 'connected' && held.caipAddress ? getConnector(snapshot, held.connectorId) : undefined
  if (holder && held?.caipAddress) return { connector: holder, caipAddress: held.caipAddress }
  const active = activeConnection(core)
  const connector = active.status === 'connected' ? getConnector(snapshot, active.connectorId) : undefined
  return connector?.namespaces.includes(network.chainNamespace) ? { connector, caipAddress: null } : null
}

/**
 * Switches the active network. With a wallet of the network's namespace connected, its connector
 * switches (an EIP-1193 wallet adds the chain when it answers 4902) and the core follows; otherwise
 * only the core's active network changes.
 *
 * A network of another namespace (SPEC.md §4) sets the core's switching flag first. The account
 * shown becomes the one the connection holds in that namespace; where none is held but the connected
 * wallet serves that namespace too (one wallet with EVM and Solana sides), the account it already
 * granted the page is taken without a prompt, and the wallet is asked to connect that namespace only
 * when it has granted none (a session spanning namespaces, WalletConnect's or the embedded wallet's,
 * is not asked again: the network shows unconnected). The other namespace's connection stays (a status per namespace). Throws
 * `UserRejectedRequestError` (viem) when the visitor declines in the wallet, `SwitchChainError` on
 * other failures; a failed switch leaves the visitor on the network they were on.
 *
 * @example
 * await switchNetwork(client, { caipNetworkId: 'eip155:31338' })
 */
export async function switchNetwork(client: PorticoClient, { caipNetworkId }: SwitchNetworkParameters): Promise<void> {
  await client.start()
  const snapshot = client.getSnapshot()
  const network = snapshot.config?.networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!network) throw new SwitchChainError(caipNetworkId, { details: 'Network not found' })
  const wallet = walletFor(snapshot, network)
  if (!wallet) {
    await client.withCore((api) => api.setActiveNetwork(caipNetworkId))
    return
  }
  const { connector } = wallet
  const otherNamespace = snapshot.core?.activeNamespace !== network.chainNamespace
  if (otherNamespace) await client.withCore((api) => api.setSwitchingNamespace(true))
  try {
    // The account the wallet already granted this namespace, or (asked) the one it connects now.
    const granted = wallet.caipAddress ?? (await connector.getCaipAddress(network.chainNamespace))
    if (!granted && sharesSessionAcrossNamespaces(connector.type)) {
      // One session for every namespace (WalletConnect, the embedded wallet): one that did not grant this namespace is not asked again here; the network is shown unconnected and Connect offers a wallet for it.
      await client.withCore((api) => api.setActiveNetwork(caipNetworkId))
      return
    }
    const caipAddress = granted ?? (await connector.connect({ namespace: network.chainNamespace, network }))
    if (!caipAddress.startsWith(`${caipNetworkId}:`)) await connector.switchChain(network)
    const { address } = splitCaipAddress(caipAddress)
    await client.withCore((api) =>
      api.setConnected({ caipAddress: `${caipNetworkId}:${address}`, connectorId: connector.id, connectorName: connector.name, connectorType: connector.type, activate: true }),
    )
  } catch (error) {
    if (otherNamespace) await client.withCore((api) => api.setSwitchingNamespace(false)).catch(() => undefined)
    throw error
  }
}
