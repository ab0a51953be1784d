import type { Hex } from 'viem'
import type { ConnectorType } from '@portico/shared-types/connectors'
import { ethAccountsSchema, ethChainIdSchema, type Eip1193Provider } from '@portico/shared-types/eip1193'
import { SwitchChainError } from '@portico/shared-types/errors'
import type { CaipAddress } from '@portico/shared-types/light'
import { parseWith } from '@portico/shared-types/parse'
import type { Network } from '@portico/shared-types'
import type { Connector, ConnectorEvent } from './types.ts'
import { isUserRejection, providerHelpers } from './walletErrors.ts'

/** Code of a wallet that does not know the chain it was asked to switch to (EIP-3326). */
const UNRECOGNIZED_CHAIN = 4902

async function call(provider: Eip1193Provider, method: string, params?: readonly unknown[]): Promise<unknown> {
  try {
    return await provider.request(params ? { method, params } : { method })
  } catch (error) {
    // viem's provider errors: `UserRejectedRequestError` for 4001, the wallet's code and message otherwise.
    throw (await providerHelpers()).toProviderError(error)
  }
}

async function caipAddressOf(provider: Eip1193Provider, accounts: readonly string[]): Promise<CaipAddress | null> {
  const [address] = accounts
  if (!address) return null
  const chainId = parseWith(ethChainIdSchema, await call(provider, 'eth_chainId'), 'eth_chainId')
  return `eip155:${(await providerHelpers()).hexToNumber(chainId as Hex)}:${address}`
}

/**
 * Moves the wallet to `network` (SPEC.md §4): `wallet_switchEthereumChain` with the hex chain id; when
 * the wallet does not know the chain (4902) it is added with the network's parameters (which switches
 * to it in most wallets), then switched to.
 */
async function switchEthereumChain(provider: Eip1193Provider, network: Network): Promise<void> {
  const chainId = (await providerHelpers()).numberToHex(Number(network.id))
  try {
    await call(provider, 'wallet_switchEthereumChain', [{ chainId }])
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNRECOGNIZED_CHAIN) throw error
    await call(provider, 'wallet_addEthereumChain', [
      {
        chainId,
        chainName: network.name,
        nativeCurrency: network.nativeCurrency,
        rpcUrls: network.rpcUrls.default.http,
        ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
      },
    ])
    await call(provider, 'wallet_switchEthereumChain', [{ chainId }])
  }
}

export type Eip1193ConnectorParameters = {
  id: string
  type: ConnectorType
  name: string
  icon?: string | undefined
  rdns?: string | undefined
  provider: Eip1193Provider
}

/**
 * A connector over an EIP-1193 provider on the page (an EIP-6963 announcement, an injected
 * `window.ethereum`): the wallet prompts itself, and serves eip155.
 */
export function eip1193Connector({ id, type, name, icon, rdns, provider }: Eip1193ConnectorParameters): Connector {
  const getCaipAddress = async () => caipAddressOf(provider, parseWith(ethAccountsSchema, await call(provider, 'eth_accounts'), 'eth_accounts'))
  return {
    id,
    type,
    name,
    icon,
    rdns,
    namespaces: ['eip155'],
    approval: 'wallet',
    async connect() {
      const accounts = parseWith(ethAccountsSchema, await call(provider, 'eth_requestAccounts'), 'eth_requestAccounts')
      const caipAddress = await caipAddressOf(provider, accounts)
      if (!caipAddress) throw (await providerHelpers()).providerError(4100, 'The wallet returned no account')
      return caipAddress
    },
    /** Best effort: asks the wallet to forget this page (EIP-2255); wallets without it are fine. */
    async disconnect() {
      await call(provider, 'wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => undefined)
    },
    getCaipAddress,
    async switchChain(network) {
      try {
        await switchEthereumChain(provider, network)
      } catch (cause) {
        // The visitor said no: that is an answer, not a failure of the wallet.
        if (isUserRejection(cause)) throw cause
        throw new SwitchChainError(network.caipNetworkId, { cause })
      }
    },
    getProvider: async () => provider,
    subscribe(listener: (event: ConnectorEvent) => void) {
      const sync = () =>
        void getCaipAddress()
          .then((caipAddress) => listener(caipAddress ? { type: 'change', caipAddress } : { type: 'disconnect' }))
          .catch(() => undefined)
      const onDisconnect = () => listener({ type: 'disconnect' })
      provider.on?.('accountsChanged', sync as never)
      provider.on?.('chainChanged', sync as never)
      provider.on?.('disconnect', onDisconnect as never)
      return () => {
        provider.removeListener?.('accountsChanged', sync as never)
        provider.removeListener?.('chainChanged', sync as never)
        provider.removeListener?.('disconnect', onDisconnect as never)
      }
    },
  }
}
