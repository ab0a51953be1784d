import type { UserRejectedRequestError } from 'viem'
import { activeConnection, splitCaipAddress, type CaipNetworkId } from '@portico/shared-types/light'
import { SwitchChainError, type SchemaValidationError } from '@portico/shared-types/errors'
import type { PorticoClient } from '../client/createClient.ts'
import { getConnector } from '../client/getConnector.ts'

export type SwitchNetworkParameters = { caipNetworkId: CaipNetworkId }
/** The wallet declined (viem's), the switch failed or the network is not the dapp's, or the core refused a CAIP id that is not one. */
export type SwitchNetworkErrorType = SwitchChainError | UserRejectedRequestError | SchemaValidationError

/**
 * Switches the active network. With a wallet of the network's namespace connected, its connector
 * switches (an EIP-1193 wallet adds the chain when it answers 4902) and the core follows; otherwise
 * only the core's active network changes. Throws `UserRejectedRequestError` (viem) when the visitor
 * declines in the wallet, `SwitchChainError` on other failures.
 *
 * @example
 * await switchNetwork(client, { caipNetworkId: 'eip155:31338' })
 */
export async function switchNetwork(client: PorticoClient, { caipNetworkId }: SwitchNetworkParameters): Promise<void> {
  await client.start()
  const snapshot = client.getSnapshot()
  const network = snapshot.config?.networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!network) throw new SwitchChainError(caipNetworkId, { details: 'Network not found' })
  const connection = snapshot.core ? activeConnection(snapshot.core) : null
  const connector = connection?.status === 'connected' ? getConnector(snapshot, connection.connectorId) : undefined
  if (!connection?.caipAddress || !connector || !connector.namespaces.includes(network.chainNamespace)) {
    await client.withCore((api) => api.setActiveNetwork(caipNetworkId))
    return
  }
  await connector.switchChain(network)
  const { address } = splitCaipAddress(connection.caipAddress)
  await client.withCore((api) =>
    api.setConnected({ caipAddress: `${caipNetworkId}:${address}`, connectorId: connector.id, connectorName: connector.name, connectorType: connector.type }),
  )
}
