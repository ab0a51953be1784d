import { formatUnits, hexToBytes, isHex } from 'viem'
import { activeConnection } from '@portico/shared-types/light'
import type { PendingApproval } from '../../client/createClient.ts'
import { getConnector } from '../../client/getConnector.ts'
import { useSnapshot } from '../../context.ts'
import { useMessages } from '../../i18n/useMessages.ts'
import { useT } from '../../i18n/useT.ts'
import { EMBEDDED_MESSAGES, type EmbeddedKey } from '../embedded/embedded.messages.ts'
import '../../styles/embedded.css'

/**
 * The shell every signing prompt uses. With a wallet that shows its own prompt, the wallet is asking
 * the visitor to approve; with the embedded wallet (approval in the modal, SPEC.md §6), the request
 * waiting first shows here in plain words and runs only once the visitor approves it.
 */
export function ApproveTransactionView() {
  const t = useT()
  const snapshot = useSnapshot()
  const connection = snapshot.core ? activeConnection(snapshot.core) : null
  const connector = getConnector(snapshot, connection?.connectorId)
  const first = snapshot.approvals[0]
  if (first || snapshot.approvalNotice || connector?.approval === 'modal') {
    return <ModalApproval approval={first} more={snapshot.approvals.length - 1} notice={snapshot.approvalNotice} wallet={connector?.name ?? connection?.connectorName ?? ''} />
  }
  return (
    <div className="portico-connecting">
      <div className="portico-connecting-icon portico-pending">{connector?.icon ? <img src={connector.icon} alt="" width={72} height={72} /> : null}</div>
      <p role="status">{t('approveInWallet', { wallet: connector?.name ?? connection?.connectorName ?? t('wallets') })}</p>
    </div>
  )
}

/** A `personal_sign` message as text when it is UTF-8 (else its hex). */
export function messageText(raw: unknown): string {
  if (typeof raw !== 'string') return JSON.stringify(raw)
  if (!isHex(raw)) return raw
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(raw))
  } catch {
    return raw
  }
}

type Shown = { title: EmbeddedKey; message?: string; rows: [EmbeddedKey, string][] }

/** What a request asks, in plain words (SPEC.md §6): the message text, the typed data's domain and primary type, a transaction's to / value / data. */
export function describeRequest(approval: Pick<PendingApproval, 'method' | 'params'>, symbol: string, decimals: number): Shown {
  const params = Array.isArray(approval.params) ? (approval.params as unknown[]) : []
  if (approval.method === 'personal_sign') return { title: 'signMessage', message: messageText(params[0]), rows: [] }
  if (approval.method === 'eth_signTypedData_v4') {
    let typed: { domain?: Record<string, unknown>; primaryType?: unknown } = {}
    try {
      typed = (typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]) as typeof typed
    } catch {
      /* shown as it came */
    }
    const domain = typed?.domain ?? {}
    const parts = ['name', 'version', 'chainId', 'verifyingContract'].filter((k) => domain[k] !== undefined).map((k) => `${k}: ${String(domain[k])}`)
    return { title: 'signTypedData', rows: [['domain', parts.join(', ') || '—'], ['primaryType', String(typed?.primaryType ?? '—')]] }
  }
  if (approval.method === 'eth_sendTransaction') {
    const tx = (params[0] ?? {}) as { to?: string; value?: string; data?: string }
    const value = tx.value && isHex(tx.value) ? `${formatUnits(BigInt(tx.value), decimals)} ${symbol}` : `0 ${symbol}`
    return { title: 'sendTransaction', rows: [['to', tx.to ?? '—'], ['value', value], ['data', tx.data && tx.data !== '0x' ? tx.data : '—']] }
  }
  return { title: 'otherRequest', message: JSON.stringify(approval.params ?? null, null, 2), rows: [] }
}

function ModalApproval({ approval, more, notice, wallet }: { approval: PendingApproval | undefined; more: number; notice: string | null; wallet: string }) {
  const t = useMessages(EMBEDDED_MESSAGES)
  const { config } = useSnapshot()
  const network = config?.networks.find((n) => approval?.chainId !== undefined && n.caipNetworkId === `eip155:${approval.chainId}`)
  if (!approval) {
    return (
      <div className="portico-embedded portico-approve">
        {notice ? (
          <p className="portico-error" role="alert">
            {notice}
          </p>
        ) : (
          <p role="status" className="portico-muted"><span className="portico-spinner" aria-hidden="true" /> {t('working')}</p>
        )}
      </div>
    )
  }
  const shown = describeRequest(approval, network?.nativeCurrency.symbol ?? 'ETH', network?.nativeCurrency.decimals ?? 18)
  return (
    <div className="portico-embedded portico-approve" data-testid="approve-request">
      <p className="portico-muted">{t('approveIntro', { wallet })}</p>
      <h3 className="portico-subtitle">{shown.title === 'otherRequest' ? t('otherRequest', { method: approval.method }) : t(shown.title)}</h3>
      {shown.message !== undefined ? <pre className="portico-approve-message" data-testid="approve-message">{shown.message}</pre> : null}
      <dl>
        {network ? (
          <>
            <dt>{t('network')}</dt>
            <dd>{network.name}</dd>
          </>
        ) : null}
        {shown.rows.map(([key, value]) => (
          <div key={key} className="portico-approve-row">
            <dt>{t(key)}</dt>
            <dd data-testid={`approve-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {more > 0 ? <p className="portico-muted">{t('more', { n: more })}</p> : null}
      <div className="portico-approve-actions">
        <button type="button" className="portico-button portico-secondary" onClick={() => approval.reject()}>
          {t('reject')}
        </button>
        <button type="button" className="portico-button" onClick={() => approval.approve()}>
          {t('approve')}
        </button>
      </div>
    </div>
  )
}
