import { useEffect, useId, useRef, useState } from 'react'
import { DISPLAY_DECIMALS } from '@portico/shared-types/constants'
import { shortenAddress, splitCaipAddress, type CaipAddress, type ChainNamespace } from '@portico/shared-types/light'
import { SafeImage } from '../../../components/SafeImage.tsx'
import { useConfig, usePorticoClient, useSnapshot } from '../../../context.ts'
import { useAccount, useDisconnect } from '../../../hooks/index.ts'
import { useIdentity } from '../../../hooks/queries/useIdentity.ts'
import { useNativeBalance } from '../../../hooks/queries/useNativeBalance.ts'
import { useConnections, useSwitchConnection, type Connection } from '../../../hooks/useConnections.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { useIntlLocale, useT } from '../../../i18n/useT.ts'
import { formatAmount } from '../../format.ts'
import { Icon } from '../../icons.tsx'
import { WALLETS_MESSAGES } from './wallets.messages.ts'
import '../../../styles/wallets.css'

/** A namespace's name where the dapp lists none of its networks. */
const NAMESPACE_NAMES: Record<ChainNamespace, string> = { eip155: 'EVM', solana: 'Solana', polkadot: 'Polkadot', bip122: 'Bitcoin' }

/**
 * Every wallet connected at once (`multiWallet`): each with its account, network and balance, the one
 * in use marked. Choosing another makes it the one the dapp uses (in every tab); each is disconnected
 * on its own, the others staying; Add wallet connects one more.
 */
export function WalletsView() {
  const client = usePorticoClient()
  const t = useMessages(WALLETS_MESSAGES)
  const tModal = useT()
  const { core, modal } = useSnapshot()
  const { networks, basic } = useConfig()
  const connections = useConnections()
  const { caipAddress } = useAccount()
  const identity = useIdentity({ caipAddress })
  const { switchConnection, isPending, error: switchError } = useSwitchConnection()
  const { disconnect } = useDisconnect()
  const introId = useId()
  const intro = useRef<HTMLParagraphElement>(null)
  const [switching, setSwitching] = useState<Connection | null>(null)
  const [leaving, setLeaving] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const busy = isPending || leaving !== null

  // The last wallet gone (from here or another tab): the modal offers to connect one.
  const none = core !== null && connections.length === 0
  useEffect(() => {
    if (none) client.navigate({ type: 'reset', view: basic ? { name: 'ConnectingWalletConnectBasic' } : { name: 'Connect' } })
  }, [none, basic, client])

  const use = async (connection: Connection) => {
    if (busy) return
    if (connection.isActive) {
      // The wallet in use: back to its account.
      client.navigate(modal.router.history.length > 1 ? { type: 'back' } : { type: 'reset', view: { name: 'Account' } })
      return
    }
    setSwitching(connection)
    setFailure(null)
    setStatus(null)
    try {
      await switchConnection(connection)
      setStatus(t('nowUsing', { wallet: connection.name }))
    } catch {
      // The hook keeps the error: its message is shown.
    }
  }

  const leave = async (connection: Connection) => {
    if (busy) return
    setLeaving(connection.id)
    setSwitching(null)
    setFailure(null)
    setStatus(null)
    try {
      await disconnect({ connection })
      setStatus(t('walletDisconnected', { wallet: connection.name }))
      // The row and its button are gone: focus stays in the view.
      intro.current?.focus()
    } catch {
      setFailure(tModal('failedToDisconnect'))
    } finally {
      setLeaving(null)
    }
  }

  const networkName = (address: CaipAddress) => {
    const { caipNetworkId, namespace } = splitCaipAddress(address)
    return networks.find((n) => n.caipNetworkId === caipNetworkId)?.name ?? NAMESPACE_NAMES[namespace] ?? namespace
  }
  const switchFailure = switchError && switching ? switchError.message || t('switchFailed', { wallet: switching.name }) : null
  const error = failure ?? switchFailure

  return (
    <div className="portico-wallets" data-testid="wallets-view">
      <p className="portico-lead" id={introId} ref={intro} tabIndex={-1}>
        {t('intro')}
      </p>
      <ul className="portico-list" aria-label={t('connectedWallets')} aria-describedby={introId}>
        {connections.map((connection) => (
          <WalletEntry
            key={connection.id}
            connection={connection}
            account={connection.isActive && identity.name && identity.caipAddress?.toLowerCase() === connection.caipAddress.toLowerCase() ? identity.name : null}
            network={networkName(connection.caipAddress)}
            switching={isPending && switching?.id === connection.id}
            leaving={leaving === connection.id}
            busy={busy}
            onUse={() => void use(connection)}
            onLeave={() => void leave(connection)}
          />
        ))}
      </ul>
      <p className="portico-wallets-status" role="status">
        {isPending && switching ? t('switchingTo', { wallet: switching.name }) : status}
      </p>
      {error ? (
        <p className="portico-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="portico-button portico-secondary" onClick={() => client.navigate({ type: 'push', view: { name: 'Connect' } })} data-testid="add-wallet">
        {tModal('addWallet')}
      </button>
    </div>
  )
}

type WalletEntryProps = {
  connection: Connection
  /** The account's name, where the identity has one; else its address is shown, shortened. */
  account: string | null
  network: string
  switching: boolean
  leaving: boolean
  /** A switch or a disconnect is on its way: the other actions wait. */
  busy: boolean
  onUse: () => void
  onLeave: () => void
}

/** One connected wallet: the button that switches to it (its picture, name, account, network and balance), and its own Disconnect. */
function WalletEntry({ connection, account, network, switching, leaving, busy, onUse, onLeave }: WalletEntryProps) {
  const t = useMessages(WALLETS_MESSAGES)
  const tModal = useT()
  const { address } = splitCaipAddress(connection.caipAddress)
  return (
    <li className="portico-wallet-entry" data-testid="wallet-row" data-wallet-id={connection.id} data-active={connection.isActive ? 'true' : 'false'}>
      <button
        type="button"
        className="portico-wallet"
        aria-current={connection.isActive ? 'true' : undefined}
        aria-busy={switching ? 'true' : undefined}
        aria-disabled={busy && !switching ? 'true' : undefined}
        onClick={onUse}
        data-testid="wallet-switch"
      >
        <SafeImage
          className="portico-wallet-icon"
          src={connection.icon}
          allowDataImage
          alt=""
          width={40}
          height={40}
          fallback={
            <span className="portico-wallet-icon portico-method-icon">
              <Icon name="grid" />
            </span>
          }
        />
        <span className="portico-wallet-text">
          <span className="portico-wallet-line">
            <span className="portico-wallet-name">{connection.name}</span>
            {connection.isActive ? (
              <span className="portico-tag">
                <Icon name="check" /> {t('inUse')}
              </span>
            ) : null}
          </span>
          <span className="portico-wallet-detail">
            <span title={address}>{account ?? shortenAddress(address)}</span> · <span>{network}</span>
          </span>
          <WalletBalance caipAddress={connection.caipAddress} />
        </span>
        {switching ? <span className="portico-spinner" aria-hidden="true" /> : null}
      </button>
      <button
        type="button"
        className="portico-chip"
        aria-label={t('disconnectWallet', { wallet: connection.name })}
        aria-disabled={busy && !leaving ? 'true' : undefined}
        aria-busy={leaving ? 'true' : undefined}
        onClick={onLeave}
        data-testid="wallet-disconnect"
      >
        {leaving ? <span className="portico-spinner" aria-hidden="true" /> : null}
        {tModal('disconnect')}
      </button>
    </li>
  )
}

/** A wallet's native balance on its network (2 decimals), read by the core; nothing where the chain gives none. */
function WalletBalance({ caipAddress }: { caipAddress: CaipAddress }) {
  const locale = useIntlLocale()
  const { data, status } = useNativeBalance({ caipAddress })
  if (status === 'loading') return <span className="portico-skeleton portico-wallet-balance-loading" aria-hidden="true" />
  if (data?.status !== 'success' || data.formatted === null) return null
  return (
    <span className="portico-wallet-balance" data-testid="wallet-balance">
      {formatAmount(data.formatted, DISPLAY_DECIMALS.balance, locale)} {data.symbol}
    </span>
  )
}
