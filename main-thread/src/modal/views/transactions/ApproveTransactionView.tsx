import { activeConnection } from '@portico/shared-types/light'
import type { FrameApproval } from '../../../client/createClient.ts'
import { getConnector } from '../../../client/getConnector.ts'
import { useSnapshot } from '../../../context.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { useT } from '../../../i18n/useT.ts'
import { EMBEDDED_MESSAGES } from '../embedded/embedded.messages.ts'
import { FrameOverlay } from '../embedded/FrameOverlay.tsx'
import '../../../styles/embedded.css'
import { SafeImage } from '../../../components/SafeImage.tsx'

/**
 * The shell every signing prompt uses. With a wallet that shows its own prompt, the wallet is asking
 * the visitor to approve. With the embedded wallet (SPEC.md §6), the wallet's secure frame shows the
 * request in its own approval, laid over this view's body: the modal only makes room for it and says
 * where to look (in the frame, or in the wallet's own window where the browser cannot show that the
 * frame is fully visible); it has no Approve of its own.
 */
export function ApproveTransactionView() {
  const t = useT()
  const snapshot = useSnapshot()
  const connection = snapshot.core ? activeConnection(snapshot.core) : null
  const connector = getConnector(snapshot, connection?.connectorId)
  const approval = snapshot.frameApproval
  if (approval || snapshot.approvalNotice || connector?.approval === 'modal') {
    return <FrameApprovalView approval={approval} notice={snapshot.approvalNotice} wallet={connector?.name ?? connection?.connectorName ?? ''} />
  }
  return (
    <div className="portico-connecting">
      <div className="portico-connecting-icon portico-pending">
        <SafeImage src={connector?.icon} allowDataImage alt="" width={72} height={72} />
      </div>
      <p role="status">{t('approveInWallet', { wallet: connector?.name ?? connection?.connectorName ?? t('wallets') })}</p>
    </div>
  )
}

function FrameApprovalView({ approval, notice, wallet }: { approval: FrameApproval | null; notice: string | null; wallet: string }) {
  const t = useMessages(EMBEDDED_MESSAGES)
  return (
    <div className="portico-embedded portico-approve">
      {notice ? (
        <p className="portico-error" role="alert">
          {notice}
        </p>
      ) : null}
      {approval ? (
        <>
          <FrameOverlay approval={approval} label={t('secureWindow', { wallet })} />
          <p className="portico-muted portico-approve-hint" role="status" data-testid="approve-in-frame" data-where={approval.where}>
            {approval.where === 'window' ? t('approveInWindow') : t('reviewInFrame')}
          </p>
        </>
      ) : notice ? null : (
        <p role="status" className="portico-muted">
          <span className="portico-spinner" aria-hidden="true" /> {t('working')}
        </p>
      )}
    </div>
  )
}
