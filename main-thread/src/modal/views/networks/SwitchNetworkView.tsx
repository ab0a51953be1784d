import { useCallback, useEffect, useRef, useState } from 'react'
import { activeConnection, type CaipNetworkId } from '@portico/shared-types/light'
import { UserRejectedRequestError } from 'viem'
import { SwitchChainError } from '@portico/shared-types/errors'
import { switchNetwork } from '../../../actions/switchNetwork.ts'
import { useConfig, usePorticoClient, usePorticoUi, useSnapshot } from '../../../context.ts'
import { useT } from '../../../i18n/useT.ts'
import { NetworkBadge } from '../../NetworkBadge.tsx'

/** Asks the wallet to switch; says what to do, and offers another try on failure. */
export function SwitchNetworkView({ caipNetworkId }: { caipNetworkId: CaipNetworkId }) {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  const t = useT()
  const { core } = useSnapshot()
  const network = useConfig().networks.find((n) => n.caipNetworkId === caipNetworkId)
  const walletName = (core ? activeConnection(core).connectorName : null) ?? t('wallets')
  const [failed, setFailed] = useState(false)
  const started = useRef(false)

  const run = useCallback(() => {
    setFailed(false)
    switchNetwork(client, { caipNetworkId })
      .then(() => {
        ui.notify('success', t('networkSwitched', { network: network?.name ?? caipNetworkId }))
        client.navigate({ type: 'reset', view: { name: 'Account' } })
      })
      .catch((error: unknown) => {
        setFailed(true)
        ui.shake()
        // A wallet that cannot switch says so in SPEC.md §8's words ('Failed to switch to chain …'), in the visitor's language.
        const message =
          error instanceof UserRejectedRequestError
            ? t('switchDeclined')
            : error instanceof SwitchChainError
              ? t('switchChainFailed', { chain: caipNetworkId })
              : t('switchFailed', { network: network?.name ?? caipNetworkId })
        ui.notify('error', message)
      })
  }, [client, ui, t, caipNetworkId, network?.name])

  useEffect(() => {
    if (started.current || !network) return
    started.current = true
    run()
  }, [run, network])

  // Asked for a network the dapp does not list (SPEC.md §8 'Network Not Found'): nothing goes to the wallet.
  if (!network) {
    return (
      <div className="portico-connecting">
        <div className="portico-connecting-icon portico-failed">
          <NetworkBadge name="?" />
        </div>
        <p className="portico-error" role="alert">
          <strong>{t('networkNotFound')}</strong> {t('networkNotFoundDetail', { network: caipNetworkId })}
        </p>
        <button type="button" className="portico-button" onClick={() => client.navigate({ type: 'push', view: { name: 'Networks' } })}>
          {t('chooseNetwork')}
        </button>
      </div>
    )
  }

  return (
    <div className="portico-connecting">
      <div className={failed ? 'portico-connecting-icon portico-failed' : 'portico-connecting-icon portico-pending'}>
        <NetworkBadge name={network?.name ?? '?'} caipNetworkId={network?.caipNetworkId} />
      </div>
      {failed ? (
        <>
          {/* The error notification is the announcement; this line stays for whoever looks. */}
          <p className="portico-error">{t('switchFailed', { network: network?.name ?? caipNetworkId })}</p>
          <button type="button" className="portico-button" onClick={run}>
            {t('tryAgain')}
          </button>
        </>
      ) : (
        <p role="status">{t('switchInWallet', { wallet: walletName })}</p>
      )}
    </div>
  )
}
