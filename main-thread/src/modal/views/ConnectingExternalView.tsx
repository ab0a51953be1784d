import { usePorticoClient, useSnapshot } from '../../context.ts'
import { useT } from '../../i18n/useT.ts'

/** Waiting for the wallet's approval; on failure, says why and offers another try. */
export function ConnectingExternalView({ connectorId }: { connectorId: string }) {
  const client = usePorticoClient()
  const t = useT()
  const { wallets, attempt } = useSnapshot()
  const wallet = wallets.find((w) => w.info.rdns === connectorId)
  const failed = attempt?.connectorId === connectorId && attempt.status === 'failed'
  const name = wallet?.info.name ?? t('wallets')
  return (
    <div className="portico-connecting">
      <div className={failed ? 'portico-connecting-icon portico-failed' : 'portico-connecting-icon portico-pending'}>
        {wallet ? <img src={wallet.info.icon} alt="" width={72} height={72} /> : null}
      </div>
      {failed ? (
        <>
          <p className="portico-error" role="alert">{attempt.error === 'Connection declined' ? t('connectionDeclined') : attempt.error}</p>
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
