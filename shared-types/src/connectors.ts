/**
 * The connector list of the Connect view in SPEC.md §1 order, as a pure function the page calls with
 * what it knows (its connectors) and what the core answers (recent, featured, recommended wallets).
 * Zod-free, so a view can import it without pulling schemas.
 */
import { CONNECTOR_ORDER, SDK_TYPE, SDK_VERSION } from './constants.ts'
import type { WalletListing } from './api/catalogue.ts'

export type ConnectorKind = (typeof CONNECTOR_ORDER)[number]
export type ConnectorType = 'WALLET_CONNECT' | 'INJECTED' | 'ANNOUNCED' | 'EXTERNAL' | 'AUTH' | 'MULTI_CHAIN'

/** A connector the page holds (SPEC.md §3 Connector, without the provider). */
export type ConnectorInfo = {
  id: string
  name: string
  type: ConnectorType
  rdns?: string | null | undefined
  /** Catalogue id of the wallet behind the connector, when known. */
  explorerId?: string | null | undefined
}

/** A wallet the dapp adds itself (not from the catalogue). */
export type CustomWallet = { id: string; name: string; rdns?: string | null | undefined; image_url?: string | undefined }

export type ConnectorListItem =
  | { kind: 'walletConnect' | 'injected' | 'external'; id: string; name: string; rdns: string | null; connector: ConnectorInfo }
  | { kind: 'recent' | 'featured' | 'recommended'; id: string; name: string; rdns: string | null; wallet: WalletListing }
  | { kind: 'custom'; id: string; name: string; rdns: string | null; wallet: CustomWallet }

export type OrderConnectorsParameters = {
  connectors: readonly ConnectorInfo[]
  recent?: readonly WalletListing[]
  featured?: readonly WalletListing[]
  custom?: readonly CustomWallet[]
  recommended?: readonly WalletListing[]
  /** Catalogue ids the dapp leaves out. */
  excludeWalletIds?: readonly string[]
}

const INSTALLED: readonly ConnectorType[] = ['INJECTED', 'ANNOUNCED', 'MULTI_CHAIN']

/**
 * Orders connectors walletConnect, recent, injected, featured, custom, external, recommended
 * (SPEC.md §1). A wallet appears once: an installed connector hides the same wallet (by rdns or id)
 * among recent, featured and recommended; a recent wallet hides it among featured and recommended.
 *
 * @example
 * const items = orderConnectors({ connectors, recent: state.recentWallets, recommended })
 */
export function orderConnectors(params: OrderConnectorsParameters): ConnectorListItem[] {
  const { connectors, recent = [], featured = [], custom = [], recommended = [], excludeWalletIds = [] } = params
  const seenRdns = new Set<string>()
  const seenIds = new Set<string>(excludeWalletIds)
  const out: ConnectorListItem[] = []

  const isSeen = (id: string, rdns: string | null | undefined) => seenIds.has(id) || (!!rdns && seenRdns.has(rdns))
  const mark = (id: string, rdns: string | null | undefined) => {
    seenIds.add(id)
    if (rdns) seenRdns.add(rdns)
  }

  // Installed connectors are known before ordering, so a recent wallet that is installed shows as injected.
  const installed = connectors.filter((c) => INSTALLED.includes(c.type))
  const installedRdns = new Set(installed.map((c) => c.rdns).filter((r): r is string => !!r))
  const installedIds = new Set(installed.flatMap((c) => [c.id, c.explorerId].filter((v): v is string => !!v)))
  const installedNames = new Set(installed.map((c) => c.name.toLowerCase()))
  const isInstalled = (w: { id: string; rdns?: string | null | undefined; name: string }) =>
    installedIds.has(w.id) || (!!w.rdns && installedRdns.has(w.rdns)) || installedNames.has(w.name.toLowerCase())

  const byKind: Record<ConnectorKind, () => void> = {
    walletConnect() {
      for (const c of connectors.filter((c) => c.type === 'WALLET_CONNECT')) {
        if (seenIds.has(c.id)) continue
        seenIds.add(c.id)
        out.push({ kind: 'walletConnect', id: c.id, name: c.name, rdns: c.rdns ?? null, connector: c })
      }
    },
    recent() {
      for (const w of recent) {
        if (isInstalled(w) || isSeen(w.id, w.rdns)) continue
        mark(w.id, w.rdns)
        out.push({ kind: 'recent', id: w.id, name: w.name, rdns: w.rdns, wallet: w })
      }
    },
    injected() {
      for (const c of installed) {
        if (isSeen(c.id, c.rdns)) continue
        mark(c.id, c.rdns)
        if (c.explorerId) seenIds.add(c.explorerId)
        out.push({ kind: 'injected', id: c.id, name: c.name, rdns: c.rdns ?? null, connector: c })
      }
    },
    featured() {
      for (const w of featured) {
        if (isSeen(w.id, w.rdns)) continue
        mark(w.id, w.rdns)
        out.push({ kind: 'featured', id: w.id, name: w.name, rdns: w.rdns, wallet: w })
      }
    },
    custom() {
      for (const w of custom) {
        if (isSeen(w.id, w.rdns)) continue
        mark(w.id, w.rdns)
        out.push({ kind: 'custom', id: w.id, name: w.name, rdns: w.rdns ?? null, wallet: w })
      }
    },
    external() {
      for (const c of connectors.filter((c) => c.type === 'EXTERNAL')) {
        if (isSeen(c.id, c.rdns)) continue
        mark(c.id, c.rdns)
        out.push({ kind: 'external', id: c.id, name: c.name, rdns: c.rdns ?? null, connector: c })
      }
    },
    recommended() {
      for (const w of recommended) {
        if (isSeen(w.id, w.rdns)) continue
        mark(w.id, w.rdns)
        out.push({ kind: 'recommended', id: w.id, name: w.name, rdns: w.rdns, wallet: w })
      }
    },
  }
  for (const kind of CONNECTOR_ORDER) byKind[kind]()
  return out
}

/** URL of a wallet's image in the catalogue (SPEC.md §7 GET /getWalletImage/{id}), with the project fields. */
export function walletImageUrl({ catalogueUrl, projectId, imageId }: { catalogueUrl: string; projectId: string; imageId: string }): string {
  const base = catalogueUrl.endsWith('/') ? catalogueUrl : `${catalogueUrl}/`
  const url = new URL(`getWalletImage/${encodeURIComponent(imageId)}`, base)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('st', SDK_TYPE)
  url.searchParams.set('sv', SDK_VERSION)
  return url.toString()
}
