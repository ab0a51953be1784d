import { useEffect, useRef, useState } from 'react'
import { WALLET_CONNECT_CONNECTOR_ID } from '@portico/shared-types/connectors'
import type { WalletListing } from '@portico/shared-types'
import { isTouchDevice, walletLink } from '../../../actions/walletLink.ts'
import { getConnector } from '../../../client/getConnector.ts'
import { currentView } from '../../../client/router.ts'
import { usePorticoClient, useSnapshot } from '../../../context.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { Icon } from '../../icons.tsx'
import { QrCode } from '../../QrCode.tsx'
import { WALLET_CONNECT_MESSAGES } from './walletConnect.messages.ts'
import '../../../styles/walletConnect.css'

export { walletLink }

export type ConnectingWalletConnectViewProps = {
  walletId: string
  walletName: string
  /** The catalogue wallet (its links); absent for the plain WalletConnect row. */
  wallet?: WalletListing | undefined
  imageUrl?: string | null | undefined
}

/**
 * ConnectingWalletConnect (SPEC.md §2, takes a wallet): the pairing URI as a QR code with the wallet's
 * icon in its middle, "Copy link", "Open {wallet}" with the wallet's link, a retry after a declined or
 * failed pairing. The URI comes from the core (made on the visitor's intent, refreshed there before
 * its 4 minutes run out), so every tab shows the same one; approval takes every tab to Account.
 */
export function ConnectingWalletConnectView({ walletName, wallet, imageUrl }: ConnectingWalletConnectViewProps) {
  const t = useMessages(WALLET_CONNECT_MESSAGES)
  const client = usePorticoClient()
  const snapshot = useSnapshot()
  const [copied, setCopied] = useState(false)
  const started = useRef(false)
  const ready = !!getConnector(snapshot, WALLET_CONNECT_CONNECTOR_ID)
  const state = snapshot.core?.walletConnect
  const { attempt } = snapshot
  const attemptFailed = attempt?.connectorId === WALLET_CONNECT_CONNECTOR_ID && attempt.status === 'failed'
  const failed = attemptFailed || state?.status === 'failed'
  const reason = attemptFailed ? attempt.error : state?.error

  useEffect(() => {
    if (!ready || started.current) return
    started.current = true
    void client.connect(WALLET_CONNECT_CONNECTOR_ID)
  }, [ready, client])

  // Leaving the view (back, close) without a connection calls the pairing off, so the core stops
  // refreshing a URI nobody looks at and no tab stays 'connecting'. A remount (React's strict mode)
  // finds the view still shown and leaves it be.
  useEffect(
    () => () => {
      setTimeout(() => {
        const { modal, core } = client.getSnapshot()
        const shown = modal.open && ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'].includes(currentView(modal.router).name)
        if (shown || core?.walletConnect.session) return
        void client.withCore((api) => api.disconnectWalletConnect()).catch(() => undefined)
      }, 0)
    },
    [client],
  )

  const uri = !failed && state?.status === 'pairing' ? state.uri : null
  const link = uri ? walletLink(wallet, uri, isTouchDevice()) : null
  const copy = async () => {
    if (!uri) return
    await navigator.clipboard?.writeText(uri).catch(() => undefined)
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }

  if (failed) {
    return (
      <div className="portico-connecting">
        <div className="portico-connecting-icon portico-failed">
          <span className="portico-wc-large">
            <Icon name="qr" />
          </span>
        </div>
        <p className="portico-error" role="alert">
          {t('failed', { reason: reason === 'Connection declined' || /reject/i.test(reason ?? '') ? t('declined') : (reason ?? '') })}
        </p>
        <button type="button" className="portico-button" onClick={() => void client.connect(WALLET_CONNECT_CONNECTOR_ID)}>
          {t('tryAgain')}
        </button>
      </div>
    )
  }

  return (
    <div className="portico-wc">
      <div className="portico-wc-qr" aria-busy={uri ? undefined : true}>
        {uri ? (
          <QrCode value={uri} label={t('qrLabel')} logo={imageUrl ?? undefined} size={264} />
        ) : (
          <div className="portico-wc-qr-placeholder" role="status">
            {t('preparing')}
          </div>
        )}
      </div>
      <p className="portico-muted">{wallet ? t('scanWithWallet', { wallet: walletName }) : t('scanWithPhone')}</p>
      <div className="portico-wc-actions">
        {wallet && link ? (
          <a className="portico-button" href={link} target="_blank" rel="noopener noreferrer">
            {t('openWallet', { wallet: walletName })}
          </a>
        ) : null}
        <button type="button" className="portico-button portico-secondary" disabled={!uri} onClick={() => void copy()}>
          <Icon name={copied ? 'check' : 'copy'} />
          {copied ? t('linkCopied') : t('copyLink')}
        </button>
      </div>
      <p className="portico-visually-hidden" role="status">
        {copied ? t('linkCopied') : ''}
      </p>
    </div>
  )
}
