import { useId, useState, type ReactNode } from 'react'
import { formatUnits } from 'viem'
import { shortenAddress, type CaipAddress } from '@portico/shared-types/light'
import type { ApprovalGrant, AssetChange, SimulatedCall, Simulation } from '@portico/shared-types/write'
import { useSimulation } from '../../../hooks/queries/useSimulation.ts'
import { useIntlLocale } from '../../../i18n/useT.ts'
import { useMessages, type FeatureTranslate } from '../../../i18n/useMessages.ts'
import { formatUsd } from '../../format.ts'
import { PREVIEW_MESSAGES, type PreviewKey } from './preview.messages.ts'
import '../../../styles/preview.css'

const amountFormats = new Map<string, Intl.NumberFormat>()
/** Up to six decimals in the visitor's locale, never rounded to nothing: a dust amount reads "< 0.000001". */
function formatTokenAmount(value: bigint, decimals: number, locale: string): string {
  let format = amountFormats.get(locale)
  if (!format) amountFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 })))
  const text = formatUnits(value, decimals)
  const number = Number(text)
  return number > 0 && number < 0.000001 ? `< ${format.format(0.000001)}` : format.format(number)
}

/** "−0.01 ETH", "+1,250 USDC", "−1 PCOL #7": signed with a true minus, named by its symbol or its contract. */
function changeText(change: AssetChange, locale: string): string {
  const sign = change.diff < 0n ? '−' : '+'
  const magnitude = change.diff < 0n ? -change.diff : change.diff
  const name = change.symbol ?? (change.token ? shortenAddress(change.token) : '')
  const amount = change.kind === 'erc721' || change.decimals === undefined ? magnitude.toString() : formatTokenAmount(magnitude, change.decimals, locale)
  const ids = change.tokenIds?.length ? ` ${change.tokenIds.map((id) => `#${id}`).join(', ')}` : ''
  return `${sign}${amount} ${name}${ids}`
}

function approvalText(grant: ApprovalGrant, t: FeatureTranslate<PreviewKey>, locale: string): string {
  const spender = shortenAddress(grant.spender)
  const symbol = grant.symbol ?? shortenAddress(grant.token)
  if (grant.revoked) return t('approvalRevoked', { spender, symbol })
  if (grant.kind === 'all') return t('approvalAll', { spender, symbol })
  if (grant.unlimited) return t('approvalUnlimited', { spender, symbol })
  const amount =
    grant.kind === 'nft' ? `#${grant.tokenId ?? ''}` : grant.amount !== undefined && grant.decimals !== undefined ? formatTokenAmount(grant.amount, grant.decimals, locale) : String(grant.amount ?? '')
  return t('approvalAmount', { spender, amount, symbol })
}

/** The preview's state as the Review step shows it: being simulated, or what the core answered (a failed ask reads as "could not simulate"). */
type PreviewState = { state: 'none' } | { state: 'pending' } | { state: 'done'; simulation: Simulation }

/**
 * A write's Review step, simulated before the wallet is asked: what the account sends and receives
 * (signed amounts with their USD values), the allowances it grants, or the revert and its reason. The
 * step's Confirm waits while it runs (Edit never does), and a revert must be acknowledged before it
 * arms. A Solana write's `transaction` is simulated as it is; `calls` null or empty without one:
 * nothing is simulated (a signature).
 */
export function useWritePreview(caipAddress: CaipAddress | undefined, calls: readonly SimulatedCall[] | null, transaction?: string | undefined): { section: ReactNode; blocked: boolean } {
  const query = useSimulation({ caipAddress, calls, transaction })
  const [acknowledged, setAcknowledged] = useState(false)
  const preview: PreviewState =
    calls === null || (calls.length === 0 && transaction === undefined)
      ? { state: 'none' }
      : query.isFetching || query.status === 'loading'
        ? { state: 'pending' }
        : query.data
          ? { state: 'done', simulation: query.data }
          : { state: 'done', simulation: { status: 'unavailable', reason: query.error?.message ?? 'no answer' } }
  const reverts = preview.state === 'done' && preview.simulation.status === 'reverts'
  const blocked = preview.state === 'pending' || (reverts && !acknowledged)
  const section = preview.state === 'none' ? null : <PreviewSection preview={preview} acknowledged={acknowledged} onAcknowledge={setAcknowledged} />
  return { section, blocked }
}

function PreviewSection({ preview, acknowledged, onAcknowledge }: { preview: Exclude<PreviewState, { state: 'none' }>; acknowledged: boolean; onAcknowledge(value: boolean): void }) {
  const t = useMessages(PREVIEW_MESSAGES)
  const locale = useIntlLocale()
  const heading = useId()
  const simulation = preview.state === 'done' ? preview.simulation : null
  return (
    <section className="portico-preview" aria-labelledby={heading} aria-busy={preview.state === 'pending'} data-testid="write-preview" data-state={simulation?.status ?? 'pending'}>
      <h4 id={heading} className="portico-preview-title">
        {t('balanceChanges')}
      </h4>
      {preview.state === 'pending' ? (
        <p className="portico-muted portico-pending-text" role="status">
          {t('simulating')}
        </p>
      ) : null}
      {simulation?.status === 'simulated' ? (
        <>
          {simulation.changes.length === 0 ? <p className="portico-muted">{t('noChanges')}</p> : null}
          <ul className="portico-preview-changes">
            {simulation.changes.map((change, i) => (
              <li key={i} data-testid="preview-change" className={change.diff < 0n ? 'portico-preview-out' : 'portico-preview-in'}>
                <span>{changeText(change, locale)}</span>
                {change.usd !== undefined ? <span className="portico-muted"> (≈ {`${change.usd < 0 ? '−' : ''}${formatUsd(Math.abs(change.usd), locale)}`})</span> : null}
              </li>
            ))}
          </ul>
          {simulation.approvals.length > 0 ? (
            <div className="portico-preview-approvals" role="note">
              <h4 className="portico-preview-title">{t('approvalsGranted')}</h4>
              <ul>
                {simulation.approvals.map((grant, i) => (
                  <li key={i} data-testid="preview-approval" className={grant.revoked ? undefined : 'portico-preview-danger'} title={grant.spender}>
                    {approvalText(grant, t, locale)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : null}
      {simulation?.status === 'reverts' ? (
        <div className="portico-preview-fails">
          <p role="alert" className="portico-error" data-testid="preview-fails">
            {t('willFail', { reason: simulation.reason })}
          </p>
          <label className="portico-preview-acknowledge">
            <input type="checkbox" checked={acknowledged} onChange={(e) => onAcknowledge(e.currentTarget.checked)} />
            {t('sendAnyway')}
          </label>
        </div>
      ) : null}
      {simulation?.status === 'unavailable' ? <p className="portico-muted">{t('couldNotSimulate', { reason: simulation.reason })}</p> : null}
    </section>
  )
}
