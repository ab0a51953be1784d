import { shortenAddress } from '@portico/shared-types/light'
import { useAccount } from '../hooks/index.ts'
import { usePorticoClient, useSnapshot } from '../context.ts'
import { intlLocale } from '../i18n/labels.ts'
import { formatAmount } from '../modal/format.ts'
import { warmModal } from '../modal/load.ts'

export type AccountButtonProps = { className?: string; /** Show the native balance next to the address. */ balance?: 'show' | 'hide' }

/** The connected account (balance and shortened address); opens the Account view. Nothing when disconnected. */
export function AccountButton({ className, balance = 'show' }: AccountButtonProps) {
  const client = usePorticoClient()
  const { core } = useSnapshot()
  const { isConnected, address } = useAccount()
  if (!isConnected || !address) return null
  const native = core?.balances.data?.find((b) => !b.address)
  const amount = native ? `${formatAmount(native.quantity.numeric, 2, intlLocale(client.startup.locale))} ${native.symbol}` : null
  return (
    <button type="button" className={className ?? 'portico-account-button'} aria-haspopup="dialog" onPointerEnter={() => warmModal()} onClick={() => client.open({ name: 'Account' })}>
      {balance === 'show' && amount ? <span className="portico-account-button-balance">{amount}</span> : null}
      <span>{shortenAddress(address)}</span>
    </button>
  )
}
