import { useEffect, useState } from 'react'
import { DISPLAY_DECIMALS } from '@portico/shared-types/constants'
import { shortenAddress } from '@portico/shared-types/light'
import type { TokenBalance } from '@portico/shared-types'
import { useAccount, useNetwork } from '../../hooks/index.ts'
import { usePorticoClient, useSnapshot } from '../../context.ts'
import { Avatar } from '../Avatar.tsx'
import { formatAge, formatAmount, formatQuantity, formatUsd } from '../format.ts'

function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(id)
  }, [intervalMs])
  return now
}

/** The connected account: address, network, balance, tokens and disconnect. */
export function AccountView() {
  const client = usePorticoClient()
  const { core } = useSnapshot()
  const { address, connectorName } = useAccount()
  const { network } = useNetwork()
  const [copied, setCopied] = useState(false)
  const now = useNow(15_000)
  if (!address || !core) return <div className="portico-skeleton portico-skeleton-block" aria-busy="true" aria-label="Loading account" />

  const { balances } = core
  const native = balances.data?.find((b) => !b.address)
  const tokens = balances.data?.filter((b) => b.address) ?? []
  const stale = balances.updatedAt !== null && (balances.status === 'error' || !core.online)
  const explorer = network?.blockExplorers?.default.url

  const copy = async () => {
    await navigator.clipboard?.writeText(address).catch(() => undefined)
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }

  return (
    <div className="portico-account">
      <Avatar address={address} />
      <div className="portico-address-row">
        <span className="portico-address" title={address} data-testid="account-address">{shortenAddress(address)}</span>
        <button type="button" className="portico-icon-button" aria-label={copied ? 'Address copied' : 'Copy address'} onClick={() => void copy()}>
          <svg viewBox="0 0 16 16" aria-hidden="true"><rect x="5" y="5" width="8" height="8" rx="1.5" /><path d="M3 10V4a1 1 0 0 1 1-1h6" /></svg>
        </button>
      </div>
      <p className="portico-network" data-testid="account-network">{network?.name ?? 'Unknown network'}</p>
      <BalanceLine native={native} status={balances.status} decimals={DISPLAY_DECIMALS.balance} symbol={network?.nativeCurrency.symbol} />
      {stale && balances.updatedAt !== null ? (
        <p className="portico-age" role="status">
          {core.online ? '' : 'Offline · '}Updated {formatAge(Math.max(0, now - balances.updatedAt))} ago
        </p>
      ) : null}
      {balances.status === 'error' && !balances.data ? <p className="portico-error" role="alert">{balances.error?.message}</p> : null}
      {tokens.length > 0 ? <TokenList tokens={tokens} /> : null}
      <div className="portico-actions">
        {explorer ? (
          <a className="portico-button portico-secondary" href={`${explorer.replace(/\/$/, '')}/address/${address}`} target="_blank" rel="noreferrer">
            Explorer
          </a>
        ) : null}
        <button type="button" className="portico-button portico-secondary" onClick={() => void client.disconnect()}>
          Disconnect{connectorName ? <span className="portico-visually-hidden"> {connectorName}</span> : null}
        </button>
      </div>
    </div>
  )
}

function BalanceLine({ native, status, decimals, symbol }: { native: TokenBalance | undefined; status: string; decimals: number; symbol: string | undefined }) {
  if (!native) {
    return status === 'loading' || status === 'idle' ? <div className="portico-skeleton portico-skeleton-line" aria-busy="true" aria-label="Loading balance" /> : null
  }
  return (
    <p className="portico-balance" data-testid="account-balance">
      {formatAmount(native.quantity.numeric, decimals)} {native.symbol || symbol}
    </p>
  )
}

function TokenList({ tokens }: { tokens: readonly TokenBalance[] }) {
  return (
    <ul className="portico-tokens" aria-label="Tokens">
      {tokens.map((token) => (
        <li key={token.address} className="portico-token">
          <img src={token.iconUrl} alt="" width={32} height={32} />
          <span className="portico-token-name">{token.name}</span>
          <span className="portico-token-quantity">
            {formatQuantity(token.quantity.numeric)} {token.symbol}
          </span>
          <span className="portico-token-value">{formatUsd(token.value)}</span>
        </li>
      ))}
    </ul>
  )
}
