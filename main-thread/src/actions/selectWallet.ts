import type { CatalogueWallet, WalletListing } from '@portico/shared-types'
import type { PorticoClient } from '../client/createClient.ts'
import { getConnector, getWalletConnector } from '../client/getConnector.ts'
import { prepareWalletConnect } from './prepareWalletConnect.ts'

/**
 * SPEC.md §2: selecting a wallet goes to ConnectingExternal when a matching connector exists on the
 * page (same rdns), otherwise to ConnectingWalletConnect. A successful connection is remembered as recent.
 */
export async function selectWallet(client: PorticoClient, wallet: WalletListing | CatalogueWallet): Promise<void> {
  const connector = getWalletConnector(client.getSnapshot(), wallet)
  if (!connector) {
    prepareWalletConnect(client)
    const imageUrl = 'imageUrl' in wallet ? wallet.imageUrl : null
    client.navigate({ type: 'push', view: { name: 'ConnectingWalletConnect', walletId: wallet.id, walletName: wallet.name, wallet: toListing(wallet), imageUrl } })
    return
  }
  await connectWith(client, connector.id, toListing(wallet))
}

/** Connects through the page's connector `connectorId`, remembering its wallet as a recent wallet on success. */
export async function connectWith(client: PorticoClient, connectorId: string, listing?: WalletListing): Promise<void> {
  await client.connect(connectorId)
  const snapshot = client.getSnapshot()
  if (snapshot.attempt) return
  const connector = getConnector(snapshot, connectorId)
  const recent: WalletListing = listing ?? {
    id: connectorId,
    name: connector?.name ?? connectorId,
    image_id: null,
    rdns: connector?.rdns ?? null,
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
