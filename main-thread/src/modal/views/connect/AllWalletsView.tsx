import { useEffect, useMemo, useRef, useState } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ALL_WALLETS_PAGE_ENTRIES } from '@portico/shared-types/constants'
import { walletConnectIntent } from '../../../actions/prepareWalletConnect.ts'
import { selectWallet } from '../../../actions/selectWallet.ts'
import { getWalletConnector } from '../../../client/getConnector.ts'
import { usePorticoClient, usePorticoUi, useSnapshot } from '../../../context.ts'
import { useInfiniteWallets } from '../../../hooks/queries/useInfiniteWallets.ts'
import { useDebounced } from '../../../hooks/useDebounced.ts'
import { useT } from '../../../i18n/useT.ts'
import { WalletImage } from '../../WalletImage.tsx'

const COLUMNS = 4
const ROW_HEIGHT = 92
const SEARCH_DEBOUNCE_MS = 250

/**
 * The whole catalogue: searchable (debounced; the core answers no sooner than 300 ms, 100 entries),
 * paged by 40 as the visitor scrolls, virtualised so thousands of entries stay smooth.
 */
export function AllWalletsView() {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  const t = useT()
  const snapshot = useSnapshot()
  const [query, setQuery] = useState('')
  const scrollRef = useRef<HTMLDivElement>(null)

  const search = useDebounced(query.trim(), { initial: '', ms: SEARCH_DEBOUNCE_MS })

  const { pages, status, isFetching, hasNextPage, fetchNextPage, retry } = useInfiniteWallets({ search })
  const wallets = useMemo(() => pages.flatMap((page) => page.data), [pages])
  const count = pages[pages.length - 1]?.count ?? 0
  const failed = status === 'error'

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 })
    if (search) ui.emit({ type: 'SEARCH_WALLET', search })
  }, [search, ui])

  const rows = Math.ceil(wallets.length / COLUMNS)
  const virtualizer = useVirtualizer({ count: rows, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 3 })
  const items = virtualizer.getVirtualItems()
  const lastRow = items[items.length - 1]?.index ?? 0

  useEffect(() => {
    if (hasNextPage && !isFetching && !failed && lastRow >= rows - 2) fetchNextPage()
  }, [hasNextPage, isFetching, failed, lastRow, rows, fetchNextPage])

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
        <div role="list" aria-label={t('allWallets')} aria-busy={isFetching} className="portico-wallet-grid" data-total={rows * ROW_HEIGHT}>
          <div className="portico-virtual-space" ref={(el) => el?.style.setProperty('height', `${virtualizer.getTotalSize()}px`)} />
          {items.map((row) => (
            <div key={row.key} className="portico-grid-row" ref={(el) => el?.style.setProperty('transform', `translateY(${row.start}px)`)}>
              {wallets.slice(row.index * COLUMNS, row.index * COLUMNS + COLUMNS).map((wallet, column) => {
                const installed = !!getWalletConnector(snapshot, wallet)
                return (
                  <div role="listitem" key={wallet.id} aria-posinset={row.index * COLUMNS + column + 1} aria-setsize={search ? wallets.length : count}>
                    <button type="button" className="portico-grid-wallet" {...(installed ? {} : walletConnectIntent(client))} onClick={() => void selectWallet(client, wallet)}>
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
        {isFetching && wallets.length === 0 ? <SkeletonGrid /> : null}
        {!isFetching && !failed && wallets.length === 0 ? (
          <p className="portico-empty" role="status">
            {t('noWalletsFound', { query: search })}
          </p>
        ) : null}
        {failed ? (
          <div className="portico-empty" role="alert">
            <p>{t('catalogueUnavailable')}</p>
            <button type="button" className="portico-button portico-secondary" onClick={retry}>
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
