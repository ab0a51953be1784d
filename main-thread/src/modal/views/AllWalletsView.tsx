import { useCallback, useEffect, useRef, useState } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ALL_WALLETS_PAGE_ENTRIES } from '@portico/shared-types/constants'
import type { CatalogueWallet } from '@portico/shared-types'
import { selectWallet } from '../../actions/selectWallet.ts'
import { getWalletConnector } from '../../client/getConnector.ts'
import { usePorticoClient, useSnapshot } from '../../context.ts'
import { useT } from '../../i18n/useT.ts'
import { WalletImage } from '../WalletImage.tsx'

const COLUMNS = 4
const ROW_HEIGHT = 92
const SEARCH_DEBOUNCE_MS = 250

type Listing = { wallets: CatalogueWallet[]; count: number; page: number; loading: boolean; error: boolean }

/**
 * The whole catalogue: searchable (debounced; the core answers no sooner than 300 ms, 100 entries),
 * paged by 40 as the visitor scrolls, virtualised so thousands of entries stay smooth.
 */
export function AllWalletsView() {
  const client = usePorticoClient()
  const t = useT()
  const snapshot = useSnapshot()
  const [query, setQuery] = useState('')
  const [search, setSearch] = useState('')
  const [listing, setListing] = useState<Listing>({ wallets: [], count: 0, page: 0, loading: true, error: false })
  const scrollRef = useRef<HTMLDivElement>(null)
  const request = useRef(0)

  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [query])

  const load = useCallback(
    (page: number, text: string) => {
      const id = ++request.current
      setListing((previous) => ({ ...previous, loading: true, error: false }))
      client
        .withCore((api) => api.getWallets(text ? { search: text } : { page }))
        .then((answer) => {
          if (id !== request.current) return
          setListing((previous) => ({
            wallets: page === 1 || text ? answer.data : [...previous.wallets, ...answer.data],
            count: answer.count,
            page,
            loading: false,
            error: false,
          }))
        })
        .catch(() => {
          if (id === request.current) setListing((previous) => ({ ...previous, loading: false, error: true }))
        })
    },
    [client],
  )

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 })
    load(1, search)
  }, [search, load])

  const rows = Math.ceil(listing.wallets.length / COLUMNS)
  const virtualizer = useVirtualizer({ count: rows, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 3 })
  const items = virtualizer.getVirtualItems()
  const lastRow = items[items.length - 1]?.index ?? 0
  const hasMore = !search && listing.wallets.length < listing.count

  useEffect(() => {
    if (hasMore && !listing.loading && !listing.error && lastRow >= rows - 2) load(listing.page + 1, '')
  }, [hasMore, listing.loading, listing.error, listing.page, lastRow, rows, load])

  return (
    <div className="portico-all-wallets">
      <input
        type="search"
        className="portico-search"
        placeholder={t('searchWallets')}
        aria-label={t('searchWallets')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="portico-wallet-scroll" ref={scrollRef} tabIndex={-1}>
        <div role="list" aria-label={t('allWallets')} aria-busy={listing.loading} className="portico-wallet-grid" data-total={rows * ROW_HEIGHT}>
          <div className="portico-virtual-space" ref={(el) => el?.style.setProperty('height', `${virtualizer.getTotalSize()}px`)} />
          {items.map((row) => (
            <div
              key={row.key}
              className="portico-grid-row"
              ref={(el) => el?.style.setProperty('transform', `translateY(${row.start}px)`)}
            >
              {listing.wallets.slice(row.index * COLUMNS, row.index * COLUMNS + COLUMNS).map((wallet, column) => {
                const installed = !!getWalletConnector(snapshot, wallet)
                return (
                  <div role="listitem" key={wallet.id} aria-posinset={row.index * COLUMNS + column + 1} aria-setsize={search ? listing.wallets.length : listing.count}>
                    <button type="button" className="portico-grid-wallet" onClick={() => void selectWallet(client, wallet)}>
                      <WalletImage src={wallet.imageUrl} name={wallet.name} size={56} />
                      <span className="portico-grid-name">{wallet.name}</span>
                      {installed ? <span className="portico-visually-hidden">{t('installed')}</span> : null}
                    </button>
                  </div>
                )
              })}
            </div>
          ))}
        </div>
        {listing.loading && listing.wallets.length === 0 ? <SkeletonGrid /> : null}
        {!listing.loading && !listing.error && listing.wallets.length === 0 ? (
          <p className="portico-empty" role="status">{t('noWalletsFound', { query: search })}</p>
        ) : null}
        {listing.error ? (
          <div className="portico-empty" role="alert">
            <p>{t('catalogueUnavailable')}</p>
            <button type="button" className="portico-button portico-secondary" onClick={() => load(listing.wallets.length ? listing.page + 1 : 1, search)}>
              {t('tryAgain')}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  )
}

function SkeletonGrid() {
  return (
    <div className="portico-skeleton-grid" aria-hidden="true">
      {Array.from({ length: ALL_WALLETS_PAGE_ENTRIES / 2 }, (_, i) => (
        <span key={i} className="portico-skeleton portico-skeleton-tile" />
      ))}
    </div>
  )
}
