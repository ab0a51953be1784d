import { activeConnection } from '@portico/shared-types/light'
import { useSnapshot } from '../../context.ts'
import { useT } from '../../i18n/useT.ts'

/** The shell every signing prompt uses: the wallet is asking the visitor to approve. */
export function ApproveTransactionView() {
  const t = useT()
  const { core, wallets } = useSnapshot()
  const connection = core ? activeConnection(core) : null
  const wallet = wallets.find((w) => w.info.rdns === connection?.connectorId)
  return (
    <div className="portico-connecting">
      <div className="portico-connecting-icon portico-pending">{wallet ? <img src={wallet.info.icon} alt="" width={72} height={72} /> : null}</div>
      <p role="status">{t('approveInWallet', { wallet: wallet?.info.name ?? connection?.connectorName ?? t('wallets') })}</p>
    </div>
  )
}
