import { shortenAddress } from '@portico/shared-types/light'
import { usePorticoClient, useSnapshot } from '../context.ts'
import { intlLocale } from '../i18n/labels.ts'
import { formatAmount } from '../modal/format.ts'
import { warmModal } from '../modal/load.ts'
import { useShownAccount } from '../hooks/useShownAccount.ts'

export type AccountButtonProps = { className?: string /** Show the native balance next to the address. */; balance?: 'show' | 'hide' }

/** The connected account (balance and shortened address); opens the Account view. Nothing when disconnected. */
export function AccountButton({ className, balance = 'show' }: AccountButtonProps) {
  const client = usePorticoClient()
  const { core } = useSnapshot()
  const { address: shown, hint } = useShownAccount()
  if (!shown) return null
  const native = core?.balances.data?.find((b) => !b.address)
  const quantity = native ? { numeric: native.quantity.numeric, symbol: native.symbol } : hint?.n && hint.s ? { numeric: hint.n, symbol: hint.s } : null
  const amount = quantity ? `${formatAmount(quantity.numeric, 2, intlLocale(client.startup.locale))} ${quantity.symbol}` : null
  return (
    <button type="button" className={className ?? 'portico-account-button'} aria-haspopup="dialog" onPointerEnter={() => warmModal()} onClick={() => client.open({ name: 'Account' })}>
      {balance === 'show' && amount ? <span className="portico-account-button-balance">{amount}</span> : null}
      <span>{shortenAddress(shown)}</span>
    </button>
  )
}
