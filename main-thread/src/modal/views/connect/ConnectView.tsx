import { preloadView } from '../../../client/viewPreloads.ts'
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { walletImageUrl } from '@portico/shared-types/connectors'
import { prepareWalletConnect, walletConnectIntent, whenPointerNears } from '../../../actions/prepareWalletConnect.ts'
import { connectWith, selectWallet } from '../../../actions/selectWallet.ts'
import { useConfig, usePorticoClient, useSnapshot } from '../../../context.ts'
import { useT } from '../../../i18n/useT.ts'
import { connectorRows, isInstalled, type ConnectorRow } from '../../../client/connectorRows.ts'
import { EmailLoginRow, SocialLoginRow, useAuthConnector } from '../../EmbeddedLoginRows.tsx'
import { Icon, type IconName } from '../../icons.tsx'
import { useCatalogueLists } from '../../useCatalogue.ts'
import { WalletImage } from '../../WalletImage.tsx'
import { LegalCheckbox, useLegalConsent } from './LegalCheckbox.tsx'
import { SafeImage } from '../../../components/SafeImage.tsx'

/**
 * Connection methods in the configured order (SPEC.md §1: email, social, wallet), the wallets in the
 * connector order, and All Wallets with the catalogue's count. The wallets hide behind a "Continue
 * with a wallet" row when `collapseWallets` is on, or when email is offered and `emailShowWallets` is
 * off. With `legalCheckbox`, every method stays disabled until the visitor accepts the terms.
 */
export function ConnectView() {
  const client = usePorticoClient()
  const { connectors, core } = useSnapshot()
  const t = useT()
  const { features, catalogueUrl, projectId, customWallets, termsConditionsUrl, privacyPolicyUrl } = useConfig()
  const [accepted, setAccepted] = useLegalConsent()
  const locked = features.legalCheckbox && !accepted
  const collapsible = features.collapseWallets || (features.email && !features.emailShowWallets && features.connectMethodsOrder.includes('email'))
  const [walletsShown, setWalletsShown] = useState(false)
  // The embedded wallet (email, social) is offered once the dapp configured its frame (`embeddedWalletUrl`).
  const auth = useAuthConnector()
  // Without a project id the services answer nothing: only the page's (browser) wallets are offered.
  const services = !!projectId
  const showAll = features.allWallets && !!catalogueUrl && services
  const lists = useCatalogueLists(!!catalogueUrl && services)
  const imageUrl = (imageId: string | null) => (imageId && catalogueUrl ? walletImageUrl({ catalogueUrl, projectId, imageId }) : null)
  const rows = connectorRows({
    connectors,
    recent: core?.recentWallets ?? [],
    featured: lists.featured?.data ?? [],
    custom: customWallets,
    recommended: lists.recommended?.data ?? [],
    imageUrl,
  })
  // The view shows a way to WalletConnect (its row, or a wallet that connects through it). On a first
  // visit the core makes a pairing ready (and the page fetches the QR view's code) only when the visitor
  // heads for it: the pointer nearing the WalletConnect row (WALLET_CONNECT_NEAR_PX), or focus, a touch
  // or the pointer on a row that leads to it; opening Connect alone fetches nothing of WalletConnect.
  // Once the core has its client loaded (a second open, another tab used it), the view opening is
  // enough: it costs no download. Effects: never while the modal is rendered ahead, hidden.
  const wallets = features.connectMethodsOrder.includes('wallet') && (!collapsible || walletsShown)
  const toWalletConnect = wallets && !locked && services && rows.some((row) => row.kind === 'walletConnect' || row.kind === 'catalogue')
  const clientLoaded = core?.walletConnect.clientLoaded === true
  const walletConnectRow = useRef<HTMLButtonElement>(null)
  const hasWalletConnectRow = rows.some((row) => row.kind === 'walletConnect')
  useEffect(() => {
    if (!toWalletConnect) return
    if (clientLoaded) {
      prepareWalletConnect(client)
      return
    }
    const row = walletConnectRow.current
    return row ? whenPointerNears(row, () => prepareWalletConnect(client)) : undefined
  }, [toWalletConnect, clientLoaded, hasWalletConnectRow, client])

  const sections: { key: string; node: ReactNode }[] = []
  for (const method of features.connectMethodsOrder) {
    if (method === 'email' && features.email) {
      sections.push({ key: 'email', node: auth ? <EmailLoginRow connector={auth} /> : <SoonRow icon="mail" label={t('continueWithEmail')} soon={t('comingSoon')} /> })
    } else if (method === 'social' && features.socials.length > 0) {
      sections.push({
        key: 'social',
        node: auth ? <SocialLoginRow connector={auth} providers={features.socials} /> : <SoonRow icon="people" label={t('continueWithSocial')} soon={t('comingSoon')} />,
      })
    } else if (method === 'wallet' && collapsible && !walletsShown) {
      sections.push({
        key: 'wallet',
        node: (
          <button type="button" className="portico-wallet" aria-expanded="false" onClick={() => setWalletsShown(true)}>
            <span className="portico-wallet-icon portico-method-icon">
              <Icon name="grid" />
            </span>
            <span className="portico-wallet-name">{t('continueWithWallet')}</span>
            <Icon name="chevron" />
          </button>
        ),
      })
    } else if (method === 'wallet') {
      sections.push({
        key: 'wallet',
        node: (
          <>
            <ul className="portico-list" aria-label={t('wallets')}>
              {(services ? rows : rows.filter((row) => row.kind === 'connector')).map((row) => (
                <li key={row.key}>
                  <WalletRow row={row} walletConnectRef={walletConnectRow} />
                </li>
              ))}
              {showAll ? (
                <li>
                  <button
                    type="button"
                    className="portico-wallet"
                    onPointerEnter={() => preloadView('AllWallets')}
                    onFocus={() => preloadView('AllWallets')}
                    onClick={() => client.navigate({ type: 'push', view: { name: 'AllWallets' } })}
                  >
                    <span className="portico-wallet-icon portico-method-icon">
                      <Icon name="grid" />
                    </span>
                    <span className="portico-wallet-name">{t('allWallets')}</span>
                    {lists.all ? (
                      <span className="portico-tag portico-tag-muted" data-testid="all-wallets-count">
                        {Math.max(10, Math.floor(lists.all.count / 10) * 10)}+
                      </span>
                    ) : null}
                  </button>
                </li>
              ) : null}
            </ul>
            {!connectors.some(isInstalled) ? (
              <p className="portico-empty" role="status">
                {t('noBrowserWallet')}
              </p>
            ) : null}
          </>
        ),
      })
    }
  }
  const methods = sections.map((section, index) => (
    <div key={section.key} className="portico-connect-section">
      {index > 0 && (section.key === 'wallet' || sections[index - 1]?.key === 'wallet') ? (
        <div className="portico-divider">
          <span>{t('or')}</span>
        </div>
      ) : null}
      {section.node}
    </div>
  ))
  if (!features.legalCheckbox) return <div className="portico-connect">{methods}</div>
  return (
    <div className="portico-connect">
      <LegalCheckbox checked={accepted} onChange={setAccepted} termsUrl={termsConditionsUrl} privacyUrl={privacyPolicyUrl} />
      {/* A disabled fieldset disables every button inside it: no connection method works before the tick. */}
      <fieldset className="portico-connect-methods" disabled={locked} aria-describedby={locked ? 'portico-legal-hint' : undefined}>
        <legend className="portico-visually-hidden">{t('connectionMethods')}</legend>
        {locked ? (
          <p className="portico-legal-hint" id="portico-legal-hint">
            {t('legalRequired')}
          </p>
        ) : null}
        {methods}
      </fieldset>
    </div>
  )
}

function WalletRow({ row, walletConnectRef }: { row: ConnectorRow; walletConnectRef: RefObject<HTMLButtonElement | null> }) {
  const client = usePorticoClient()
  const t = useT()
  const { core } = useSnapshot()
  const offline = core ? !core.online : false
  if (row.kind === 'walletConnect') {
    return (
      <button
        type="button"
        ref={walletConnectRef}
        className="portico-wallet"
        disabled={offline}
        aria-describedby={offline ? 'portico-wc-offline' : undefined}
        {...walletConnectIntent(client)}
        onClick={() => {
          prepareWalletConnect(client)
          client.navigate({ type: 'push', view: { name: 'ConnectingWalletConnect', walletId: 'walletConnect', walletName: t('walletConnect') } })
        }}
      >
        <span className="portico-wallet-icon portico-wc-icon">
          <Icon name="qr" />
        </span>
        <span className="portico-wallet-name">{t('walletConnect')}</span>
        {offline ? (
          <span className="portico-tag portico-tag-muted" id="portico-wc-offline">
            {t('needsNetwork')}
          </span>
        ) : null}
      </button>
    )
  }
  if (row.kind === 'connector') {
    const { connector } = row
    const tagId = `portico-tag-${row.key.replace(/[^a-z0-9-]/gi, '-')}`
    return (
      <button type="button" className="portico-wallet" aria-describedby={tagId} onClick={() => void connectWith(client, connector.id)}>
        <SafeImage className="portico-wallet-icon" src={connector.icon} allowDataImage alt="" width={40} height={40} />
        <span className="portico-wallet-name">{connector.name}</span>
        <span className="portico-tag" id={tagId}>
          {row.recent ? t('recent') : t('installed')}
        </span>
      </button>
    )
  }
  return (
    <button type="button" className="portico-wallet" {...walletConnectIntent(client)} onClick={() => void selectWallet(client, row.wallet)}>
      <WalletImage src={row.imageUrl} name={row.wallet.name} />
      <span className="portico-wallet-name">{row.wallet.name}</span>
      {row.tag === 'recent' ? <span className="portico-tag portico-tag-muted">{t('recent')}</span> : null}
    </button>
  )
}

/** A method whose flow comes later: visible and explained, never a dead button. */
function SoonRow({ icon, label, soon }: { icon: IconName; label: string; soon: string }) {
  return (
    <div className="portico-wallet portico-soon" aria-disabled="true">
      <span className="portico-wallet-icon portico-method-icon">
        <Icon name={icon} />
      </span>
      <span className="portico-wallet-name">{label}</span>
      <span className="portico-tag portico-tag-muted">{soon}</span>
    </div>
  )
}
