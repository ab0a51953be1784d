import { useId, useState } from 'react'
import { activeConnection } from '@portico/shared-types/light'
import { usePorticoClient, useSnapshot } from '../context.ts'
import { toConnectError, useConnect, type ConnectError } from '../hooks/useConnect.ts'
import { SafeImage } from './SafeImage.tsx'

export type WalletButtonProps = {
  /**
   * The wallet: 'walletConnect'; a wallet in the page by its connector id, rdns or name
   * ('dev.portico.sandbox-wallet', 'Sandbox Wallet'); else a catalogue wallet by its id, rdns or name.
   */
  wallet: string
  /** The button's text; the wallet's name by default. */
  label?: string
  className?: string
}

const flows = () => import('../hooks/headlessFlows.ts')

/**
 * One button that connects one wallet directly: in the page when the wallet is installed (its own
 * prompt), else through WalletConnect (Portico's modal opens at that wallet's QR code and link).
 * Its status ('Connecting…', 'Connected') and an error are said next to it, in live regions it is
 * described by. Nothing is asked before the click: the wallet is looked up then.
 *
 * @example
 * <WalletButton wallet="Sandbox Wallet" />
 * <WalletButton wallet="walletConnect" label="Phone wallet" />
 */
export function WalletButton({ wallet, label, className }: WalletButtonProps) {
  const client = usePorticoClient()
  const snapshot = useSnapshot()
  const { connect, status, error: connectError, wallet: attempted } = useConnect()
  const [lookup, setLookup] = useState<{ busy: boolean; error: ConnectError | null }>({ busy: false, error: null })
  const ids = { status: useId(), error: useId() }
  const lower = wallet.toLowerCase()
  // A wallet the page lists already (once the page was idle) shows its own name and icon before any click.
  const onPage = snapshot.connectors.find((c) => c.id === wallet || c.rdns?.toLowerCase() === lower || c.name.toLowerCase() === lower)
  const name = onPage?.name ?? attempted?.name ?? wallet
  const connection = snapshot.core ? activeConnection(snapshot.core) : null
  const connected = connection?.status === 'connected' && !!attempted && connection.connectorId === attempted.id
  const busy = lookup.busy || status === 'connecting' || status === 'pairing'
  const error = lookup.error ?? connectError

  const click = async () => {
    if (busy) return
    setLookup({ busy: true, error: null })
    try {
      const m = await flows()
      const found = await m.findWallet(client, wallet)
      if (!found) throw new m.HeadlessError('unavailable', `${wallet} is not available`)
      setLookup({ busy: false, error: null })
      if (found.installed || found.connectorType !== 'WALLET_CONNECT') await connect(found)
      else m.openWalletConnect(client, found)
    } catch (cause) {
      setLookup({ busy: false, error: toConnectError(cause) })
    }
  }

  const statusText = busy ? `Connecting to ${name}…` : connected ? `Connected to ${name}` : ''
  return (
    <span className="portico-wallet-button-group">
      <button
        type="button"
        className={className ?? 'portico-wallet-button'}
        data-status={connected ? 'connected' : busy ? 'connecting' : error ? 'failed' : 'idle'}
        aria-busy={busy || undefined}
        aria-describedby={`${ids.status} ${ids.error}`}
        aria-disabled={busy || undefined}
        onClick={() => void click()}
      >
        <SafeImage src={onPage?.icon} allowDataImage alt="" width={20} height={20} />
        {label ?? name}
      </button>
      <span id={ids.status} role="status" className="portico-wallet-button-status">
        {statusText}
      </span>
      <span id={ids.error} role="alert" className="portico-wallet-button-error">
        {error && !busy ? error.message : ''}
      </span>
    </span>
  )
}
