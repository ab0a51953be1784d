import { useT } from '../../i18n/useT.ts'
import { Icon } from '../icons.tsx'

/** The WalletConnect flow's place in the router; says plainly what is not here yet. */
export function ConnectingWalletConnectView({ walletName }: { walletName: string }) {
  const t = useT()
  return (
    <div className="portico-connecting">
      <div className="portico-connecting-icon">
        <span className="portico-wc-large"><Icon name="qr" /></span>
      </div>
      <p role="status">{t('walletConnectSoon', { wallet: walletName })}</p>
    </div>
  )
}
