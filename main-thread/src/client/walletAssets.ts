import { splitCaipAddress } from '@portico/shared-types/light'
import type { CaipAddress, Eip1193Provider } from '@portico/shared-types'
import { providerHelpers } from '../connectors/walletErrors.ts'

/** Whether an EIP-5792 `wallet_getCapabilities` answer offers ERC-7811 asset discovery on `chainHex`. */
export function offersAssetDiscovery(capabilities: unknown, chainHex: string): boolean {
  if (typeof capabilities !== 'object' || capabilities === null) return false
  const byChain = capabilities as Record<string, unknown>
  const forChain = (byChain[chainHex] ?? byChain['0x0']) as { assetDiscovery?: { supported?: unknown } } | undefined
  return forChain?.assetDiscovery?.supported === true
}

export type WalletAssetsReader = {
  /** The wallet's `wallet_getAssets` answer for the account's chain, or null when it offers none. The core validates it. */
  read(provider: Eip1193Provider, caipAddress: CaipAddress): Promise<unknown>
}

/**
 * Asks a page wallet for its assets (ERC-7811) where it says it offers them (EIP-5792 capabilities),
 * asking each wallet and account about its capabilities once per session.
 */
export function createWalletAssetsReader(): WalletAssetsReader {
  const offers = new WeakMap<Eip1193Provider, Map<string, Promise<boolean>>>()
  return {
    async read(provider, caipAddress) {
      const { namespace, reference, address } = splitCaipAddress(caipAddress)
      if (namespace !== 'eip155') return null
      const chainHex = (await providerHelpers()).numberToHex(Number(reference))
      let byAccount = offers.get(provider)
      if (!byAccount) offers.set(provider, (byAccount = new Map()))
      let offered = byAccount.get(caipAddress)
      if (!offered) {
        offered = provider
          .request({ method: 'wallet_getCapabilities', params: [address] })
          .then((answer) => offersAssetDiscovery(answer, chainHex))
          .catch(() => false)
        byAccount.set(caipAddress, offered)
      }
      if (!(await offered)) return null
      return provider.request({ method: 'wallet_getAssets', params: [{ account: address, chainFilter: [chainHex] }] }).catch(() => null)
    },
  }
}
