import { useEffect, useMemo, useRef } from 'react'
import type { Transaction, TransactionsState } from '@portico/shared-types'
import { useTransactions } from '../../../hooks/queries/useTransactions.ts'
import { useIntlLocale, useT } from '../../../i18n/useT.ts'
import { formatAge, formatQuantity } from '../../format.ts'
import { Icon } from '../../icons.tsx'
import { SafeImage } from '../../../components/SafeImage.tsx'

function describe(tx: Transaction, locale: string): { title: string; detail: string; image: string | null; direction: 'in' | 'out' | 'self' } {
  const transfer = tx.transfers[0]
  const direction = transfer?.direction ?? 'self'
  const verb = tx.metadata.operationType.charAt(0).toUpperCase() + tx.metadata.operationType.slice(1)
  if (!transfer) return { title: verb, detail: '', image: null, direction }
  if (transfer.nft_info) return { title: verb, detail: transfer.nft_info.name, image: transfer.nft_info.content.preview?.url ?? null, direction }
  const symbol = transfer.fungible_info?.symbol ?? ''
  return { title: verb, detail: `${formatQuantity(transfer.quantity.numeric, locale)} ${symbol}`.trim(), image: transfer.fungible_info?.icon?.url ?? null, direction }
}

/** Activity grouped by month, newest first, with the next page loaded as the visitor scrolls near the end. */
export function ActivityList({ transactions, now }: { transactions: TransactionsState; now: number }) {
  const { fetchNextPage, refetch } = useTransactions({ caipAddress: transactions.caipAddress ?? undefined, enabled: false })
  const t = useT()
  const locale = useIntlLocale()
  const months = useMemo(() => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }), [locale])
  const sentinel = useRef<HTMLDivElement>(null)
  const { next, status } = transactions

  useEffect(() => {
    const node = sentinel.current
    if (!node || !next || status === 'loading') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) fetchNextPage(next)
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [fetchNextPage, next, status])

  if (status === 'unsupported') return <p className="portico-empty">{t('activityUnsupported')}</p>
  if (status === 'error' && transactions.data.length === 0) {
    return (
      <div className="portico-empty" role="alert">
        <p>{transactions.error?.message ?? t('fetchTransactionsFailed')}</p>
        <button type="button" className="portico-button portico-secondary" onClick={refetch}>
          {t('tryAgain')}
        </button>
      </div>
    )
  }
  if ((status === 'idle' || status === 'loading') && transactions.data.length === 0) {
    return (
      <div role="status" aria-busy="true" aria-label={t('loadingActivity')}>
        {[0, 1, 2].map((i) => (
          <span key={i} className="portico-skeleton portico-skeleton-row" />
        ))}
      </div>
    )
  }
  if (transactions.data.length === 0) return <p className="portico-empty">{t('noActivity')}</p>

  return (
    <div className="portico-activity">
      {status === 'error' ? (
        <p className="portico-note" role="status">
          {transactions.error?.message ?? t('fetchTransactionsFailed')}
        </p>
      ) : null}
      {transactions.grouped.map((year) =>
        year.months.map((month) => (
          <section key={`${year.year}-${month.month}`} aria-labelledby={`portico-month-${year.year}-${month.month}`}>
            <h3 className="portico-month" id={`portico-month-${year.year}-${month.month}`}>
              {months.format(new Date(year.year, month.month, 1))}
            </h3>
            <ul className="portico-tx-list">
              {month.transactions.map((tx) => {
                const { title, detail, image, direction } = describe(tx, locale)
                const minedAt = Date.parse(tx.metadata.minedAt)
                return (
                  <li key={tx.id} className="portico-tx" data-status={tx.metadata.status}>
                    <span className={`portico-tx-icon portico-dir-${direction}`}>
                      <SafeImage src={image} alt="" width={32} height={32} loading="lazy" fallback={<Icon name={direction === 'in' ? 'receive' : 'send'} />} />
                    </span>
                    <span className="portico-tx-title">
                      {title}
                      {tx.metadata.status !== 'confirmed' ? (
                        <span className={`portico-status portico-status-${tx.metadata.status}`}> · {t(tx.metadata.status === 'failed' ? 'txFailed' : 'txPending')}</span>
                      ) : null}
                    </span>
                    <span className="portico-tx-detail">
                      <span className="portico-visually-hidden">{direction === 'in' ? t('received') : direction === 'out' ? t('sent') : ''} </span>
                      {detail}
                    </span>
                    <time className="portico-tx-time" dateTime={tx.metadata.minedAt}>
                      {Number.isNaN(minedAt) ? '' : formatAge(Math.max(0, now - minedAt), t, locale)}
                    </time>
                  </li>
                )
              })}
            </ul>
          </section>
        )),
      )}
      <div ref={sentinel} className="portico-sentinel">
        {next ? <span className="portico-skeleton portico-skeleton-row" role="status" aria-label={t('loadingActivity')} /> : null}
      </div>
    </div>
  )
}
