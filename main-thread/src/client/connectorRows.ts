import { CONNECTOR_ORDER } from '@portico/shared-types/constants'
import type { CatalogueWallet, WalletListing } from '@portico/shared-types'
import type { CustomWalletConfig } from '@portico/shared-types/config'
import { getWalletConnector } from './getConnector.ts'
import type { Connector } from '../connectors/types.ts'

/** A group of the SPEC.md §1 connector order. */
export type ConnectorKind = (typeof CONNECTOR_ORDER)[number]

export type ConnectorRow =
  | { kind: 'walletConnect'; key: string }
  /** A connector of the page; `recent` when the visitor connected it lately, `external` for the EXTERNAL group. */
  | { kind: 'connector'; key: string; connector: Connector; recent: boolean; external?: boolean }
  | { kind: 'catalogue'; key: string; wallet: CatalogueWallet | WalletListing; imageUrl: string | null; tag: 'recent' | 'featured' | 'custom' | 'recommended' }

export type ConnectorRowsInput = {
  /** The page's connectors: installed ones (ANNOUNCED, INJECTED, MULTI_CHAIN) list as injected, EXTERNAL ones as external. */
  connectors: readonly Connector[]
  recent: readonly WalletListing[]
  featured: readonly CatalogueWallet[]
  /** Wallets the dapp lists itself (config `customWallets`). */
  custom?: readonly CustomWalletConfig[]
  recommended: readonly CatalogueWallet[]
  imageUrl: (imageId: string | null) => string | null
}

const INSTALLED: readonly Connector['type'][] = ['ANNOUNCED', 'INJECTED', 'MULTI_CHAIN']

/** Whether a connector is a wallet installed in this browser (listed among the injected ones). */
export const isInstalled = (connector: Connector) => INSTALLED.includes(connector.type)

/**
 * The wallets of the Connect view in the SPEC.md §1 connector order (`CONNECTOR_ORDER`: walletConnect,
 * recent, injected, featured, custom, external, recommended), each wallet once: by rdns where it has
 * one, else by id. A recent wallet that is on the page keeps its recent place and connects through
 * the page (its row is the connector's, tagged recent).
 *
 * @example
 * const rows = connectorRows({ connectors, recent: core.recentWallets, featured, recommended, imageUrl })
 */
export function connectorRows({ connectors, recent, featured, custom = [], recommended, imageUrl }: ConnectorRowsInput): ConnectorRow[] {
  const seen = new Set<string>()
  const claim = (id: string, rdns: string | null | undefined) => {
    const keys = [`id:${id}`, ...(rdns ? [`rdns:${rdns}`] : [])]
    if (keys.some((k) => seen.has(k))) return false
    for (const k of keys) seen.add(k)
    return true
  }
  const rows: ConnectorRow[] = []
  const connectorRow = (group: 'injected' | 'external') => (connector: Connector) => {
    if (claim(connector.id, connector.rdns)) rows.push({ kind: 'connector', key: `${group}:${connector.id}`, connector, recent: false, ...(group === 'external' ? { external: true } : {}) })
  }
  const catalogueRow = (tag: 'featured' | 'recommended') => (wallet: CatalogueWallet) => {
    if (claim(wallet.id, wallet.rdns)) rows.push({ kind: 'catalogue', key: `${tag}:${wallet.id}`, wallet, imageUrl: wallet.imageUrl, tag })
  }
  const groups: Record<ConnectorKind, () => void> = {
    walletConnect: () => rows.push({ kind: 'walletConnect', key: 'walletConnect' }),
    recent: () => {
      for (const wallet of recent) {
        if (!claim(wallet.id, wallet.rdns)) continue
        const connector = getWalletConnector({ connectors }, wallet)
        rows.push(
          connector
            ? { kind: 'connector', key: `recent:${wallet.id}`, connector, recent: true }
            : { kind: 'catalogue', key: `recent:${wallet.id}`, wallet, imageUrl: imageUrl(wallet.image_id), tag: 'recent' },
        )
      }
    },
    injected: () => connectors.filter(isInstalled).forEach(connectorRow('injected')),
    featured: () => featured.forEach(catalogueRow('featured')),
    custom: () => {
      for (const wallet of custom) {
        if (claim(wallet.id, wallet.rdns)) rows.push({ kind: 'catalogue', key: `custom:${wallet.id}`, wallet: customListing(wallet), imageUrl: wallet.image_url ?? null, tag: 'custom' })
      }
    },
    external: () => connectors.filter((c) => c.type === 'EXTERNAL').forEach(connectorRow('external')),
    recommended: () => recommended.forEach(catalogueRow('recommended')),
  }
  for (const group of CONNECTOR_ORDER) groups[group]()
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
