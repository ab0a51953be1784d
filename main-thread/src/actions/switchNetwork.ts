import { activeConnection, splitCaipAddress, type CaipNetworkId } from '@portico/shared-types/light'
import type { Eip1193Provider } from '@portico/shared-types/eip1193'
import { SwitchChainError, UserRejectedRequestError } from '@portico/shared-types/errors'
import type { Network } from '@portico/shared-types'
import type { PorticoClient } from '../client/createClient.ts'
import { toProviderError } from '../connectors/injected.ts'

export type SwitchNetworkParameters = { caipNetworkId: CaipNetworkId }
export type SwitchNetworkErrorType = SwitchChainError | UserRejectedRequestError

/** SPEC.md §4: the chain id goes to the wallet in hex. */
export const toHexChainId = (id: number | string) => `0x${Number(id).toString(16)}`

async function switchInWallet(provider: Eip1193Provider, network: Network): Promise<void> {
  const chainId = toHexChainId(network.id)
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  } catch (error) {
    const { code } = toProviderError(error)
    if (code !== 4902) throw error
    // The wallet does not know the chain: add it (which switches to it in most wallets), then switch.
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: network.name,
          nativeCurrency: network.nativeCurrency,
          rpcUrls: network.rpcUrls.default.http,
          ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
        },
      ],
    })
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  }
}

/**
 * Switches the active network. With an EIP-155 wallet connected, the wallet switches (adding the chain
 * when it answers 4902) and the core follows; otherwise only the core's active network changes. Throws
 * `UserRejectedRequestError` when the visitor declines in the wallet, `SwitchChainError` on other failures.
 *
 * @example
 * await switchNetwork(client, { caipNetworkId: 'eip155:31338' })
 */
export async function switchNetwork(client: PorticoClient, { caipNetworkId }: SwitchNetworkParameters): Promise<void> {
  const network = client.config.networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!network) throw new SwitchChainError(caipNetworkId, { details: 'Network not found' })
  await client.start()
  const { core, wallets } = client.getSnapshot()
  const connection = core ? activeConnection(core) : null
  const wallet = connection?.status === 'connected' ? wallets.find((w) => w.info.rdns === connection.connectorId) : undefined
  if (!connection?.caipAddress || !wallet || network.chainNamespace !== 'eip155') {
    await client.withCore((api) => api.setActiveNetwork(caipNetworkId))
    return
  }
  try {
    await switchInWallet(wallet.provider, network)
  } catch (cause) {
    const error = toProviderError(cause)
    // The visitor said no: that is an answer, not a failure of the wallet.
    if (error instanceof UserRejectedRequestError) throw error
    throw new SwitchChainError(caipNetworkId, { cause: error })
  }
  const { address } = splitCaipAddress(connection.caipAddress)
  await client.withCore((api) =>
    api.setConnected({ caipAddress: `${caipNetworkId}:${address}`, connectorId: wallet.info.rdns, connectorName: wallet.info.name }),
  )
}
