import { createStore, type EIP6963ProviderDetail, type Store } from 'mipd'
import { eip6963ProviderInfoSchema, type Eip1193Provider, type Eip6963ProviderInfo } from '@portico/shared-types/eip1193'

export type DiscoveredWallet = { info: Eip6963ProviderInfo; provider: Eip1193Provider }

/**
 * Wallets announced on the page through EIP-6963, each checked against its schema (a wallet is
 * outside code) and de-duplicated by rdns.
 */
export function discoverWallets(onChange: (wallets: DiscoveredWallet[]) => void): { wallets(): DiscoveredWallet[]; destroy(): void } {
  const store: Store = createStore()
  const toWallets = (details: readonly EIP6963ProviderDetail[]) => {
    const byRdns = new Map<string, DiscoveredWallet>()
    for (const detail of details) {
      const info = eip6963ProviderInfoSchema.safeParse(detail.info)
      if (!info.success || byRdns.has(info.data.rdns)) continue
      byRdns.set(info.data.rdns, { info: info.data, provider: detail.provider as unknown as Eip1193Provider })
    }
    return [...byRdns.values()]
  }
  let current = toWallets(store.getProviders())
  const unsubscribe = store.subscribe((details) => {
    current = toWallets(details)
    onChange(current)
  })
  return {
    wallets: () => current,
    destroy: () => {
      unsubscribe()
      store.destroy()
    },
  }
}
