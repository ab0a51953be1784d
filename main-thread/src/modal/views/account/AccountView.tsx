import { useEffect, useState } from 'react'
import { DISPLAY_DECIMALS } from '@portico/shared-types/constants'
import { activeConnection, shortenAddress } from '@portico/shared-types/light'
import type { CoreState, PorticoConfig, TokenBalance } from '@portico/shared-types'
import { pageSafeHref, pageSafeImageSrc } from '@portico/shared-types/safeUrl'
import type { PendingTransaction } from '@portico/shared-types/write'
import type { View } from '../../../client/router.ts'
import { useAccount, useDisconnect, useNetwork } from '../../../hooks/index.ts'
import { useIdentity } from '../../../hooks/queries/useIdentity.ts'
import { useTransactions } from '../../../hooks/queries/useTransactions.ts'
import { useConfig, usePorticoClient, usePorticoUi, useSnapshot } from '../../../context.ts'
import { useIntlLocale, useT } from '../../../i18n/useT.ts'
import type { MessageKey } from '../../../i18n/en.ts'
import { Avatar } from '../../Avatar.tsx'
import { formatAge, formatAmount, formatQuantity, formatUsd } from '../../format.ts'
import { Icon, type IconName } from '../../icons.tsx'
import { Tabs } from '../../Tabs.tsx'
import { ActivityList } from './ActivityList.tsx'
import { NftGrid } from './NftGrid.tsx'
import { preloadView } from '../../../client/viewPreloads.ts'
import { isBuyRestrictedHere } from '../buy/onrampRegion.ts'
import { SafeImage } from '../../../components/SafeImage.tsx'
import { AUTH_CONNECTOR_ID } from '@portico/shared-types/connectors'
import { getConnector } from '../../../client/getConnector.ts'
import { isAuthConnector } from '../../../connectors/embedded/types.ts'

/**
 * The time the ages are counted to, ticking every `intervalMs`. The view may have been rendered ahead
 * while the modal was closed (effects do not run then), so the clock is read again when it is shown.
 */
function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    setNow(Date.now())
    const id = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(id)
  }, [intervalMs])
  return now
}

/** The views behind the feature tiles that are built; the others say they are coming. */
const LIVE_FEATURES: Partial<Record<(typeof FEATURES)[number]['key'], View>> = { onramp: { name: 'Buy' }, swaps: { name: 'Swap' }, send: { name: 'Send' }, receive: { name: 'Receive' } }

const FEATURES: readonly { key: 'onramp' | 'swaps' | 'receive' | 'send'; icon: IconName }[] = [
  { key: 'onramp', icon: 'card' },
  { key: 'swaps', icon: 'swap' },
  { key: 'receive', icon: 'receive' },
  { key: 'send', icon: 'send' },
]

// Where Buy is offered depends on the visitor's timezone; reading it builds the page's date formatter
// (the browser's locale data: 20–30 ms the first time). Done as this chunk loads, ahead of need,
// rather than in the frame of the first open of Account.
isBuyRestrictedHere()

/** The connected account: network, address, balance, wallet features, and the Tokens tab. */
export function AccountView() {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  const { disconnect } = useDisconnect()
  const t = useT()
  const locale = useIntlLocale()
  const { core } = useSnapshot()
  const { features, enableNetworkSwitch: canSwitch, multiWallet } = useConfig()
  const { address, caipAddress, connectorName } = useAccount()
  const { network } = useNetwork()
  const now = useNow(15_000)
  useIdentity({ caipAddress })
  useTransactions({ caipAddress, enabled: features.history })
  if (!address || !core) return <div className="portico-skeleton portico-skeleton-block" role="status" aria-busy="true" aria-label={t('loadingAccount')} />

  const { balances } = core
  const native = balances.data?.find((b) => !b.address)
  // The native token first, then the ERC-20s, all from the core's one balances query.
  const listed = tokenListOf(balances.data)
  // Data shown from the core's cache while the network or the API is gone says how old it is.
  const failing = balances.status === 'error' || core.transactions.status === 'error' || core.identity.status === 'error'
  const stale = balances.updatedAt !== null && (failing || !core.online)
  const explorer = network?.blockExplorers?.default.url
  // Linked only when Portico may open it (https; http on loopback for the sandbox).
  const explorerLink = explorer ? pageSafeHref(`${explorer.replace(/\/$/, '')}/address/${address}`) : null
  // An embedded-wallet user (SPEC.md §4): known by the email or the social username; the email can change.
  const embedded = activeConnection(core).connectorType === 'AUTH' ? core.embeddedWallet : null
  const embeddedUser = embedded ? (embedded.socialUsername ?? embedded.email) : null

  return (
    <div className="portico-account">
      <button
        type="button"
        className="portico-chip"
        disabled={!canSwitch}
        onClick={() => client.navigate({ type: 'push', view: { name: 'Networks' } })}
        aria-label={`${t('networks')}: ${network?.name ?? t('unknownNetwork')}`}
        data-testid="account-network-button"
      >
        <Icon name="network" />
        <span data-testid="account-network">{network?.name ?? t('unknownNetwork')}</span>
        {canSwitch ? <Icon name="chevron" /> : null}
      </button>
      {core.switchingNamespace ? (
        <p className="portico-muted portico-pending-text" role="status" data-testid="account-switching">
          {t('switchingNetwork')}
        </p>
      ) : null}
      <IdentityAvatar src={core.identity.avatar} address={address} label={t('accountAvatar')} />
      {core.identity.name ? (
        <p className="portico-name" data-testid="account-name">
          {core.identity.name}
        </p>
      ) : null}
      <AddressRow address={address} named={!!core.identity.name} />
      {embeddedUser ? (
        <p className="portico-embedded-user" data-testid="account-embedded-user">
          {t('loginEmail', { user: embeddedUser })}
        </p>
      ) : null}
      {embedded && caipAddress?.startsWith('eip155:') ? <AccountTypeRow address={address} /> : null}
      {embedded?.email && !embedded.socialUsername ? (
        <button type="button" className="portico-chip" onClick={() => client.navigate({ type: 'push', view: { name: 'UpdateEmail' } })}>
          {t('changeEmail')}
        </button>
      ) : null}
      {embedded ? (
        <button
          type="button"
          className="portico-chip"
          onPointerEnter={() => preloadView('EmbeddedSessions')}
          onFocus={() => preloadView('EmbeddedSessions')}
          onClick={() => client.navigate({ type: 'push', view: { name: 'EmbeddedSessions' } })}
          data-testid="account-sessions"
        >
          {t('signedInDevices')}
        </button>
      ) : null}
      {embedded ? (
        <button
          type="button"
          className="portico-chip"
          onPointerEnter={() => preloadView('EmbeddedPasskeys')}
          onFocus={() => preloadView('EmbeddedPasskeys')}
          onClick={() => client.navigate({ type: 'push', view: { name: 'EmbeddedPasskeys' } })}
          data-testid="account-passkeys"
        >
          {t('passkeys')}
        </button>
      ) : null}
      {core.identity.status === 'success' && !core.identity.name && core.online ? (
        <button type="button" className="portico-chip" onClick={() => client.navigate({ type: 'push', view: { name: 'RegisterAccountName' } })}>
          {t('registerNameAction')}
        </button>
      ) : null}
      {multiWallet ? <WalletsRow count={core.wallets.length} locale={locale} /> : null}
      <BalanceLine native={native} status={balances.status} loadingLabel={t('loadingBalance')} locale={locale} />
      {stale && balances.updatedAt !== null ? (
        <p className="portico-age" role="status">
          {core.online ? null : <span className="portico-badge">{t('offline')}</span>}{' '}
          {now - balances.updatedAt < 1_000 ? t('updatedJustNow') : t('updatedAgo', { age: formatAge(now - balances.updatedAt, t, locale) })}
        </p>
      ) : null}
      {balances.status === 'error' && !balances.data ? (
        <p className="portico-error" role="alert">
          {t('tokenBalanceUnavailable')}
        </p>
      ) : null}
      <FeatureTiles core={core} features={features} networkName={network?.name} />
      <Tabs
        label={t('account')}
        tabs={[
          {
            id: 'tokens',
            label: t('tokens'),
            render: () =>
              listed.length > 0 ? (
                <TokenList
                  tokens={listed}
                  locale={locale}
                  onSend={core.online && features.send ? (token) => client.navigate({ type: 'push', view: token ? { name: 'Send', token } : { name: 'Send' } }) : undefined}
                />
              ) : (
                <p className="portico-empty">{t('noTokens')}</p>
              ),
          },
          { id: 'nfts', label: t('nfts'), render: () => <NftGrid /> },
          ...(!features.history
            ? []
            : [
                {
                  id: 'activity',
                  label: t('activity'),
                  render: () => (
                    <>
                      <PendingList pending={core.pendingTransactions.filter((p) => p.caipNetworkId === core.activeCaipNetworkId)} locale={locale} />
                      <ActivityList transactions={core.transactions} now={now} />
                    </>
                  ),
                },
              ]),
        ]}
      />
      <div className="portico-actions">
        {explorerLink ? (
          <a className="portico-button portico-secondary" href={explorerLink} target="_blank" rel="noreferrer">
            {t('explorer')}
            <Icon name="external" />
          </a>
        ) : null}
        <button type="button" className="portico-button portico-secondary" onClick={() => void disconnect().catch(() => ui.notify('error', t('failedToDisconnect')))}>
          {embedded ? t('signOut') : t('disconnect')}
          {connectorName ? <span className="portico-visually-hidden"> {connectorName}</span> : null}
        </button>
      </div>
    </div>
  )
}

/**
 * Several wallets at once (`multiWallet`): Add wallet opens Connect over Account (Back returns), and
 * with two or more connected, the Wallets view that lists them and switches between them.
 */
function WalletsRow({ count, locale }: { count: number; locale: string }) {
  const client = usePorticoClient()
  const t = useT()
  return (
    <div className="portico-account-wallets">
      {count > 1 ? (
        <button
          type="button"
          className="portico-chip"
          onPointerEnter={() => preloadView('Wallets')}
          onFocus={() => preloadView('Wallets')}
          onClick={() => client.navigate({ type: 'push', view: { name: 'Wallets' } })}
          data-testid="wallets-count"
        >
          {t('wallets')} · {formatAmount(String(count), 0, locale)}
          <Icon name="chevron" />
        </button>
      ) : null}
      <button type="button" className="portico-chip" onClick={() => client.navigate({ type: 'push', view: { name: 'Connect' } })} data-testid="add-wallet">
        {t('addWallet')}
      </button>
    </div>
  )
}

/** The address, shortened, and its copy button (it says "Address copied" for a moment). */
/**
 * SPEC.md §3/§4 account type of an embedded-wallet user: EOA or smart account (and whether the smart
 * account is deployed yet), with the switch to the other one. The frame keeps the choice and the core
 * pushes the new account to every tab.
 */
function AccountTypeRow({ address }: { address: string }) {
  const t = useT()
  const ui = usePorticoUi()
  const snapshot = useSnapshot()
  const core = snapshot.core
  const [busy, setBusy] = useState(false)
  const connector = getConnector(snapshot, AUTH_CONNECTOR_ID)
  if (!core || !isAuthConnector(connector)) return null
  const { accounts, smartAccountDeployed } = core.embeddedWallet
  const type = accounts.find((a) => a.address.toLowerCase() === address.toLowerCase())?.type ?? 'eoa'
  const other = type === 'smartAccount' ? 'eoa' : 'smartAccount'
  // The switch is offered only to an account the frame has (a chain without smart accounts has the EOA alone).
  const canSwitch = accounts.some((a) => a.type === other)
  const switchType = async () => {
    setBusy(true)
    try {
      if ((await connector.embedded.setAccountType(other)) !== other) ui.notify('error', t('accountTypeSwitchFailed'))
    } catch {
      ui.notify('error', t('accountTypeSwitchFailed'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="portico-account-type">
      <p data-testid="account-type">
        <span className="portico-badge">{type === 'smartAccount' ? t('smartAccount') : t('eoaAccount')}</span>
        {type === 'smartAccount' ? <span data-testid="account-deployed"> {smartAccountDeployed ? t('smartAccountDeployed') : t('smartAccountNotDeployed')}</span> : null}
      </p>
      {canSwitch ? (
        <button type="button" className="portico-chip" disabled={busy} aria-busy={busy} onClick={() => void switchType()}>
          {other === 'eoa' ? t('switchToEoa') : t('switchToSmartAccount')}
        </button>
      ) : null}
    </div>
  )
}

function AddressRow({ address, named }: { address: string; named: boolean }) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    await navigator.clipboard?.writeText(address).catch(() => undefined)
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }
  return (
    <div className="portico-address-row">
      <span className={named ? 'portico-address portico-address-small' : 'portico-address'} title={address} data-testid="account-address">
        {shortenAddress(address)}
      </span>
      <button type="button" className="portico-icon-button" aria-label={copied ? t('addressCopied') : t('copyAddress')} onClick={() => void copy()}>
        <Icon name={copied ? 'check' : 'copy'} />
      </button>
    </div>
  )
}

/**
 * The wallet features the configuration turns on (Buy, Swap, Receive, Send): a built one opens its
 * view; offline (but Receive), on a chain without swaps, or not built yet, the tile says why instead.
 */
function FeatureTiles({ core, features, networkName }: { core: CoreState; features: PorticoConfig['features']; networkName: string | undefined }) {
  const client = usePorticoClient()
  const t = useT()
  return (
    <div className="portico-features">
      {FEATURES.filter((f) => features[f.key] && !(f.key === 'onramp' && isBuyRestrictedHere())).map((f) => {
        const live = LIVE_FEATURES[f.key]
        const needsNetwork = !core.online && f.key !== 'receive'
        // Swaps are offered on the swap chains only (SPEC.md §9 and the configuration); elsewhere the tile says so.
        const notHere = f.key === 'swaps' && !core.capabilities.networks[core.activeCaipNetworkId ?? '']?.swaps
        // Swaps are eip155's (SPEC.md §9): on a Solana account the tile says so.
        const evmOnly = notHere && core.activeNamespace !== null && core.activeNamespace !== 'eip155'
        const usable = live !== undefined && !needsNetwork && !notHere
        return (
          <button
            type="button"
            key={f.key}
            className="portico-feature"
            aria-disabled={usable ? undefined : 'true'}
            title={
              needsNetwork
                ? t('featureNeedsNetwork', { feature: t(f.key as MessageKey) })
                : evmOnly
                  ? t('featureEvmOnly', { feature: t(f.key as MessageKey) })
                  : notHere
                    ? t('featureNotOnNetwork', { feature: t(f.key as MessageKey), network: networkName ?? t('unknownNetwork') })
                    : usable
                      ? undefined
                      : t('featureSoon', { feature: t(f.key as MessageKey) })
            }
            onPointerEnter={usable ? () => preloadView(live.name) : undefined}
            onFocus={usable ? () => preloadView(live.name) : undefined}
            onClick={usable ? () => client.navigate({ type: 'push', view: live }) : undefined}
          >
            <Icon name={f.icon} />
            <span>{t(f.key as MessageKey)}</span>
            {usable ? null : <span className="portico-feature-soon">{needsNetwork ? t('needsNetwork') : evmOnly ? t('evmNetworksOnly') : notHere ? t('notOnThisNetwork') : t('comingSoon')}</span>}
          </button>
        )
      })}
    </div>
  )
}

/** The identity's avatar; the generated one when there is none or it does not load (offline). */
function IdentityAvatar({ src, address, label }: { src: string | null; address: string; label: string }) {
  const [failed, setFailed] = useState<string | null>(null)
  const safe = pageSafeImageSrc(src)
  if (!safe || failed === safe) return <Avatar address={address} label={label} />
  return <img className="portico-avatar" src={safe} alt={label} width={64} height={64} onError={() => setFailed(safe)} />
}

function BalanceLine({ native, status, loadingLabel, locale }: { native: TokenBalance | undefined; status: string; loadingLabel: string; locale: string }) {
  if (!native) {
    return status === 'loading' || status === 'idle' ? <div className="portico-skeleton portico-skeleton-line" role="status" aria-busy="true" aria-label={loadingLabel} /> : null
  }
  return (
    <p className="portico-balance" data-testid="account-balance">
      {formatAmount(native.quantity.numeric, DISPLAY_DECIMALS.balance, locale)} {native.symbol}
    </p>
  )
}

/** Transfers sent from this modal that the data API does not list yet: shown at once, until mined and indexed. */
function PendingList({ pending, locale }: { pending: readonly PendingTransaction[]; locale: string }) {
  const t = useT()
  if (pending.length === 0) return null
  return (
    <ul className="portico-tx-list" aria-label={t('txPending')}>
      {pending.map((tx) => (
        <li key={tx.hash} className="portico-tx" data-status={tx.status}>
          <span className="portico-tx-icon portico-dir-out">
            <Icon name="send" />
          </span>
          <span className="portico-tx-title">
            {t('sent')}
            <span className="portico-status portico-status-pending"> · {t('txPending')}</span>
          </span>
          <span className="portico-tx-detail">{tx.amount ? `${formatQuantity(tx.amount, locale)} ${tx.symbol ?? ''}`.trim() : shortenAddress(tx.hash)}</span>
        </li>
      ))}
    </ul>
  )
}

/** The Tokens tab's rows: the native token first (even at 0, as the data API lists it), then the ERC-20s in the API's order. */
export function tokenListOf(balances: readonly TokenBalance[] | null | undefined): TokenBalance[] {
  if (!balances) return []
  return [...balances.filter((b) => !b.address), ...balances.filter((b) => b.address)]
}

/** The percent formatter per locale, made once: every tab renders the token rows again on each change the core sends. */
const percentFormats = new Map<string, Intl.NumberFormat>()

/** A price's 24 h change in percent, signed ("+2.50%", "-1.25%"); null where the feed has none. */
export function formatChange24h(change: number | undefined, locale: string): string | null {
  if (change === undefined || !Number.isFinite(change)) return null
  let format = percentFormats.get(locale)
  if (!format) percentFormats.set(locale, (format = new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 })))
  return format.format(change / 100)
}

export function TokenList({ tokens, locale, onSend }: { tokens: readonly TokenBalance[]; locale: string; onSend?: ((token: string | undefined) => void) | undefined }) {
  const t = useT()
  return (
    <ul className="portico-tokens">
      {tokens.map((token) => {
        const change = formatChange24h(token.priceChange24h, locale)
        return (
          <li key={token.address ?? `native:${token.chainId}`} className="portico-token" data-testid="account-token" data-native={token.address ? undefined : 'true'}>
            <SafeImage src={token.iconUrl} alt="" width={32} height={32} />
            <span className="portico-token-name">{token.name}</span>
            <span className="portico-token-quantity">
              {formatQuantity(token.quantity.numeric, locale)} {token.symbol}
            </span>
            <span className="portico-token-value">
              {formatUsd(token.value, locale)}
              {change ? (
                <span className="portico-token-change" data-direction={token.priceChange24h! > 0 ? 'up' : token.priceChange24h! < 0 ? 'down' : 'flat'}>
                  {change}
                </span>
              ) : null}
            </span>
            {onSend ? (
              <button type="button" className="portico-icon-button portico-token-send" aria-label={t('sendToken', { symbol: token.symbol })} onClick={() => onSend(token.address)}>
                <Icon name="send" />
              </button>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
