import type { CatalogueWallet, WalletListing } from '@portico/shared-types'
import type { CustomWalletConfig } from '@portico/shared-types/config'
import type { DiscoveredWallet } from '../connectors/eip6963.ts'

export type ConnectorRow =
  | { kind: 'walletConnect'; key: string }
  | { kind: 'injected'; key: string; wallet: DiscoveredWallet; recent: boolean; external?: boolean }
  | { kind: 'catalogue'; key: string; wallet: CatalogueWallet | WalletListing; imageUrl: string | null; tag: 'recent' | 'featured' | 'custom' | 'recommended' }

export type ConnectorRowsInput = {
  injected: readonly DiscoveredWallet[]
  recent: readonly WalletListing[]
  featured: readonly CatalogueWallet[]
  /** Wallets the dapp lists itself (config `customWallets`). */
  custom?: readonly CustomWalletConfig[]
  /** Page connectors that are not EIP-6963 announcements (a later connector plugs in here). */
  external?: readonly DiscoveredWallet[]
  recommended: readonly CatalogueWallet[]
  imageUrl: (imageId: string | null) => string | null
}

/**
 * The wallets of the Connect view in the SPEC.md §1 connector order (walletConnect, recent, injected,
 * featured, custom, external, recommended), each wallet once: by rdns where it has one, else by id.
 */
export function connectorRows({ injected, recent, featured, custom = [], external = [], recommended, imageUrl }: ConnectorRowsInput): ConnectorRow[] {
  const seen = new Set<string>()
  const claim = (id: string, rdns: string | null | undefined) => {
    const keys = [`id:${id}`, ...(rdns ? [`rdns:${rdns}`] : [])]
    if (keys.some((k) => seen.has(k))) return false
    for (const k of keys) seen.add(k)
    return true
  }
  const rows: ConnectorRow[] = [{ kind: 'walletConnect', key: 'walletConnect' }]
  const injectedByRdns = new Map(injected.map((w) => [w.info.rdns, w]))
  for (const wallet of recent) {
    if (!claim(wallet.id, wallet.rdns)) continue
    const page = wallet.rdns ? injectedByRdns.get(wallet.rdns) : undefined
    rows.push(page ? { kind: 'injected', key: `recent:${wallet.id}`, wallet: page, recent: true } : { kind: 'catalogue', key: `recent:${wallet.id}`, wallet, imageUrl: imageUrl(wallet.image_id), tag: 'recent' })
  }
  for (const wallet of injected) {
    if (claim(wallet.info.rdns, wallet.info.rdns)) rows.push({ kind: 'injected', key: `injected:${wallet.info.rdns}`, wallet, recent: false })
  }
  for (const wallet of featured) {
    if (claim(wallet.id, wallet.rdns)) rows.push({ kind: 'catalogue', key: `featured:${wallet.id}`, wallet, imageUrl: wallet.imageUrl, tag: 'featured' })
  }
  for (const wallet of custom) {
    if (claim(wallet.id, wallet.rdns)) rows.push({ kind: 'catalogue', key: `custom:${wallet.id}`, wallet: customListing(wallet), imageUrl: wallet.image_url ?? null, tag: 'custom' })
  }
  for (const wallet of external) {
    if (claim(wallet.info.rdns, wallet.info.rdns)) rows.push({ kind: 'injected', key: `external:${wallet.info.rdns}`, wallet, recent: false, external: true })
  }
  for (const wallet of recommended) {
    if (claim(wallet.id, wallet.rdns)) rows.push({ kind: 'catalogue', key: `recommended:${wallet.id}`, wallet, imageUrl: wallet.imageUrl, tag: 'recommended' })
  }
  return rows
}

/** A custom wallet in the catalogue's shape, so selecting it follows the SPEC.md §2 rule like any other. */
function customListing(wallet: CustomWalletConfig): WalletListing {
  return {
    id: wallet.id,
    name: wallet.name,
    image_id: null,
    rdns: wallet.rdns ?? null,
    chains: [],
    mobile_link: wallet.mobile_link ?? null,
    desktop_link: wallet.desktop_link ?? null,
    webapp_link: wallet.webapp_link ?? null,
  }
}
