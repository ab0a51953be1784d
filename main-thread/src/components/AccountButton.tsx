import { useEffect, useState } from 'react'
import { shortenAddress } from '@portico/shared-types/light'
import { usePorticoClient, useSnapshot } from '../context.ts'
import { intlLocale } from '../i18n/labels.ts'
import { formatAmount } from '../modal/format.ts'
import { warmModal } from '../modal/load.ts'
import { useShownAccount } from '../hooks/useShownAccount.ts'

export type AccountButtonProps = { className?: string /** Show the native balance next to the address. */; balance?: 'show' | 'hide' }

/**
 * The connected account (balance and shortened address, and "+2" when three wallets are connected,
 * named "3 wallets connected" once its words have arrived); opens the Account view. Nothing when disconnected.
 */
export function AccountButton({ className, balance = 'show' }: AccountButtonProps) {
  const client = usePorticoClient()
  const { core, config } = useSnapshot()
  const { address: shown, hint } = useShownAccount()
  const { locale } = client.startup
  const wallets = config?.multiWallet ? (core?.wallets.length ?? 0) : 0
  const [label, setLabel] = useState<[number, string]>()
  useEffect(() => {
    if (wallets > 1)
      void import('../modal/views/account/wallets.messages.ts')
        .then((m) => m.walletsConnectedLabel(locale, wallets))
        .then(
          (text) => setLabel([wallets, text]),
          () => undefined,
        )
  }, [wallets, locale])
  if (!shown) return null
  const native = core?.balances.data?.find((b) => !b.address)
  const quantity = native ? { numeric: native.quantity.numeric, symbol: native.symbol } : hint?.n && hint.s ? { numeric: hint.n, symbol: hint.s } : null
  const amount = quantity ? `${formatAmount(quantity.numeric, 2, intlLocale(locale))} ${quantity.symbol}` : null
  return (
    <button type="button" className={className ?? 'portico-account-button'} aria-haspopup="dialog" onPointerEnter={() => warmModal()} onClick={() => client.open({ name: 'Account' })}>
      {balance === 'show' && amount ? <span className="portico-account-button-balance">{amount}</span> : null}
      <span>{shortenAddress(shown)}</span>
      {wallets > 1 ? (
        <span className="portico-account-button-count" {...(label?.[0] === wallets ? { role: 'img', 'aria-label': label[1] } : {})}>
          +{wallets - 1}
        </span>
      ) : null}
    </button>
  )
}
