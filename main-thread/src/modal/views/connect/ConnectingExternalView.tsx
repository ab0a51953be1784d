import { getConnector } from '../../../client/getConnector.ts'
import { usePorticoClient, useSnapshot } from '../../../context.ts'
import { useT } from '../../../i18n/useT.ts'
import { SafeImage } from '../../../components/SafeImage.tsx'

/** Waiting for the wallet's approval; on failure, says why and offers another try. */
export function ConnectingExternalView({ connectorId }: { connectorId: string }) {
  const client = usePorticoClient()
  const t = useT()
  const snapshot = useSnapshot()
  const { attempt } = snapshot
  const connector = getConnector(snapshot, connectorId)
  const failed = attempt?.connectorId === connectorId && attempt.status === 'failed'
  const name = connector?.name ?? t('wallets')
  return (
    <div className="portico-connecting">
      <div className={failed ? 'portico-connecting-icon portico-failed' : 'portico-connecting-icon portico-pending'}>
        <SafeImage src={connector?.icon} allowDataImage alt="" width={72} height={72} />
      </div>
      {failed ? (
        <>
          <p className="portico-error" role="alert">
            {attempt.error === 'Connection declined' ? t('connectionDeclined') : attempt.error}
          </p>
          <button type="button" className="portico-button" onClick={() => void client.connect(connectorId)}>
            {t('tryAgain')}
          </button>
        </>
      ) : (
        <p role="status">
          <strong>{t('continueIn', { wallet: name })}</strong>
          <br />
          {t('acceptInWallet')}
        </p>
      )}
    </div>
  )
}
