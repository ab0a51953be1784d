import { activeConnection } from '@portico/shared-types/light'
import { getConnector } from '../../client/getConnector.ts'
import { useSnapshot } from '../../context.ts'
import { useT } from '../../i18n/useT.ts'

/** The shell every signing prompt uses: the wallet is asking the visitor to approve. */
export function ApproveTransactionView() {
  const t = useT()
  const snapshot = useSnapshot()
  const connection = snapshot.core ? activeConnection(snapshot.core) : null
  const connector = getConnector(snapshot, connection?.connectorId)
  return (
    <div className="portico-connecting">
      <div className="portico-connecting-icon portico-pending">{connector?.icon ? <img src={connector.icon} alt="" width={72} height={72} /> : null}</div>
      <p role="status">{t('approveInWallet', { wallet: connector?.name ?? connection?.connectorName ?? t('wallets') })}</p>
    </div>
  )
}
