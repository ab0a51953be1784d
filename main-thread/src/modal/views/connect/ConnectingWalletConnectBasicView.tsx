import { selectWallet } from '../../../actions/selectWallet.ts'
import { walletConnectIntent } from '../../../actions/prepareWalletConnect.ts'
import { useConfig, usePorticoClient } from '../../../context.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { useCatalogueLists } from '../../useCatalogue.ts'
import { WalletImage } from '../../WalletImage.tsx'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView.tsx'
import { WALLET_CONNECT_MESSAGES } from './walletConnect.messages.ts'

/**
 * ConnectingWalletConnectBasic (SPEC.md §2): the WalletConnect-only experience of `basic` mode. The
 * modal opens on the pairing's QR code (no extensions, no other methods), with the featured and
 * recommended wallets below it; picking one opens ConnectingWalletConnect for that wallet, with its link.
 */
export function ConnectingWalletConnectBasicView() {
  const client = usePorticoClient()
  const t = useMessages(WALLET_CONNECT_MESSAGES)
  const { catalogueUrl } = useConfig()
  const lists = useCatalogueLists(!!catalogueUrl)
  const seen = new Set<string>()
  const wallets = [...(lists.featured?.data ?? []), ...(lists.recommended?.data ?? [])].filter((w) => !seen.has(w.id) && !!seen.add(w.id)).slice(0, 4)
  return (
    <>
      <ConnectingWalletConnectView walletId="walletConnect" walletName="WalletConnect" />
      {wallets.length ? (
        <ul className="portico-list" aria-label={t('orPickWallet')}>
          {wallets.map((wallet) => (
            <li key={wallet.id}>
              <button type="button" className="portico-wallet" {...walletConnectIntent(client)} onClick={() => void selectWallet(client, wallet)}>
                <WalletImage src={wallet.imageUrl} name={wallet.name} />
                <span className="portico-wallet-name">{wallet.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}
