import { useEffect, useMemo } from 'react'
import { walletImageUrl, WALLET_CONNECT_CONNECTOR_ID, type ConnectorType } from '@portico/shared-types/connectors'
import type { WalletListing } from '@portico/shared-types'
import { usePorticoClient, useSnapshot } from '../context.ts'
import { connectorRows, type ConnectorRow } from '../client/connectorRows.ts'
import { useFeaturedWallets } from './queries/useFeaturedWallets.ts'
import { useInfiniteWallets } from './queries/useInfiniteWallets.ts'
import { useRecommendedWallets } from './queries/useRecommendedWallets.ts'

/** A wallet a dapp can offer in its own connect UI (`useWallets`), and connect with `useConnect`. */
export type PorticoWallet = {
  /** The page connector's id for a wallet in the page (an EIP-6963 wallet's rdns), 'walletConnect', else the catalogue id. */
  id: string
  name: string
  /** A data URI or URL; undefined when the wallet has no image. */
  icon: string | undefined
  /** Installed in this browser (announced in the page): it connects there, without WalletConnect. */
  installed: boolean
  /** Connected lately (SPEC.md §9: the last 2). */
  recent: boolean
  /** How it connects: the page connector's type, or WALLET_CONNECT for the WalletConnect row and catalogue wallets. */
  connectorType: ConnectorType
  rdns: string | undefined
  /** The catalogue entry (its links), for a wallet reached through WalletConnect. */
  listing: WalletListing | undefined
}

export type UseWalletsParameters = {
  /** Catalogue search (names); the page's wallets are filtered by the same text. */
  search?: string
  /** False: nothing is asked (the core is not woken). */
  enabled?: boolean
}

export type UseWalletsReturnType = {
  /** In the Connect view's order (SPEC.md §1: WalletConnect, recent, installed, featured, custom, external, recommended), then the catalogue's pages loaded so far; each wallet once. */
  wallets: readonly PorticoWallet[]
  /** How many wallets All Wallets holds (the featured and recommended aside), or the search matched; 0 until known. */
  count: number
  status: 'idle' | 'loading' | 'success' | 'error'
  error: Error | null
  isFetching: boolean
  hasNextPage: boolean
  /** The catalogue's next page of 40. */
  fetchNextPage(): void
  /** After an error: asks again. */
  retry(): void
}

function fromRow(row: ConnectorRow): PorticoWallet {
  if (row.kind === 'walletConnect') {
    return { id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect', icon: undefined, installed: false, recent: false, connectorType: 'WALLET_CONNECT', rdns: undefined, listing: undefined }
  }
  if (row.kind === 'connector') {
    const { connector } = row
    return { id: connector.id, name: connector.name, icon: connector.icon, installed: !row.external, recent: row.recent, connectorType: connector.type, rdns: connector.rdns, listing: undefined }
  }
  const { imageUrl: _image, ...listing } = row.wallet as WalletListing & { imageUrl?: unknown }
  return {
    id: row.wallet.id,
    name: row.wallet.name,
    icon: row.imageUrl ?? undefined,
    installed: false,
    recent: row.tag === 'recent',
    connectorType: 'WALLET_CONNECT',
    rdns: row.wallet.rdns ?? undefined,
    listing,
  }
}

/**
 * Every wallet the visitor can connect, for a dapp drawing its own connect UI: the page's wallets and
 * the catalogue's (featured, recommended, then All Wallets page by page, or a search), through the
 * core, which caches and shares them between tabs. Mounting it wakes the core: render it on the
 * visitor's intent (a Connect button pressed), as the modal does.
 *
 * @example
 * const { wallets, hasNextPage, fetchNextPage } = useWallets({ search })
 * wallets.map((w) => <button onClick={() => connect(w)}>{w.name}{w.installed ? ' (installed)' : ''}</button>)
 */
export function useWallets({ search = '', enabled = true }: UseWalletsParameters = {}): UseWalletsReturnType {
  const client = usePorticoClient()
  const { connectors, core, config } = useSnapshot()
  useEffect(() => {
    if (enabled) void client.start().catch(() => undefined)
  }, [client, enabled])
  const text = search.trim()
  // Without a project id the services answer nothing: only the page's wallets are offered (as in the modal).
  const catalogueUrl = config?.projectId ? config.catalogueUrl : undefined
  const on = enabled && !!catalogueUrl
  const featured = useFeaturedWallets({ enabled: on && !text })
  const recommended = useRecommendedWallets({ enabled: on && !text })
  const all = useInfiniteWallets({ search: text, enabled: on })

  const wallets = useMemo(() => {
    const imageUrl = (imageId: string | null) => (imageId && catalogueUrl && config ? walletImageUrl({ catalogueUrl, projectId: config.projectId, imageId }) : null)
    const rows = connectorRows({
      connectors,
      recent: core?.recentWallets ?? [],
      featured: text ? [] : (featured.data?.data ?? []),
      custom: config?.customWallets ?? [],
      recommended: text ? [] : (recommended.data?.data ?? []),
      imageUrl,
    }).filter((row) => catalogueUrl || row.kind === 'connector')
    const seen = new Set<string>()
    const out: PorticoWallet[] = []
    const add = (wallet: PorticoWallet) => {
      const keys = [`id:${wallet.id}`, ...(wallet.rdns ? [`rdns:${wallet.rdns}`] : [])]
      if (keys.some((k) => seen.has(k))) return
      for (const k of keys) seen.add(k)
      out.push(wallet)
    }
    const needle = text.toLowerCase()
    for (const wallet of rows.map(fromRow)) if (!needle || wallet.name.toLowerCase().includes(needle)) add(wallet)
    for (const page of all.pages) for (const wallet of page.data) add(fromRow({ kind: 'catalogue', key: wallet.id, wallet, imageUrl: wallet.imageUrl, tag: 'recommended' }))
    return out
  }, [connectors, core?.recentWallets, config, catalogueUrl, text, featured.data, recommended.data, all.pages])

  const queries = on ? [all, ...(text ? [] : [featured, recommended])] : []
  const error = queries.map((q) => q.error).find((e) => e) ?? null
  return {
    wallets,
    count: all.pages[all.pages.length - 1]?.count ?? 0,
    status: !enabled ? 'idle' : error ? 'error' : queries.some((q) => q.status === 'loading') || (!core && !config) ? 'loading' : 'success',
    error,
    isFetching: queries.some((q) => q.isFetching),
    hasNextPage: all.hasNextPage,
    fetchNextPage: all.fetchNextPage,
    retry() {
      all.retry()
      if (featured.status === 'error') featured.refetch()
      if (recommended.status === 'error') recommended.refetch()
    },
  }
}
