import type { CatalogueWallet, WalletListing } from '@portico/shared-types'
import type { PorticoClient } from '../client/createClient.ts'

/**
 * SPEC.md §2: selecting a wallet goes to ConnectingExternal when a matching connector exists on the
 * page (same rdns), otherwise to ConnectingWalletConnect. A successful connection is remembered as recent.
 */
export async function selectWallet(client: PorticoClient, wallet: WalletListing | CatalogueWallet): Promise<void> {
  const injected = wallet.rdns ? client.getSnapshot().wallets.find((w) => w.info.rdns === wallet.rdns) : undefined
  if (!injected) {
    client.navigate({ type: 'push', view: { name: 'ConnectingWalletConnect', walletId: wallet.id, walletName: wallet.name } })
    return
  }
  await connectInjected(client, injected.info.rdns, toListing(wallet))
}

/** Connects an EIP-6963 wallet of the page, remembering it as a recent wallet on success. */
export async function connectInjected(client: PorticoClient, rdns: string, listing?: WalletListing): Promise<void> {
  await client.connect(rdns)
  const snapshot = client.getSnapshot()
  if (snapshot.attempt) return
  const info = snapshot.wallets.find((w) => w.info.rdns === rdns)?.info
  const recent: WalletListing = listing ?? {
    id: rdns,
    name: info?.name ?? rdns,
    image_id: null,
    rdns,
    chains: [],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
  }
  await client.withCore((api) => api.addRecentWallet(recent)).catch(() => undefined)
}

function toListing(wallet: WalletListing | CatalogueWallet): WalletListing {
  const { imageUrl: _ignored, ...listing } = wallet as CatalogueWallet
  return listing
}
