import { shortenAddress } from '@portico/shared-types/light'
import { usePorticoClient } from '../context.ts'
import { useShownAccount } from '../hooks/useShownAccount.ts'
import { connectWalletLabel } from '../i18n/labels.ts'
import { warmModal } from '../modal/load.ts'
import { whenIdle } from '../client/idle.ts'

export type ConnectButtonProps = { label?: string; className?: string }

/** Opens the modal: "Connect Wallet" when disconnected, the shortened address once connected. */
export function ConnectButton({ label, className }: ConnectButtonProps) {
  const client = usePorticoClient()
  const { address: shown, status } = useShownAccount()
  // Intent: the modal's and the session's code (if the page was not idle long enough to have them),
  // then the session itself once the page is idle, so a click right after is not held up by it.
  const warm = () => {
    warmModal()
    void client.prepare()
    whenIdle(() => void client.start(), 300)
  }
  return (
    <button
      type="button"
      className={className ?? 'portico-connect-button'}
      data-status={shown ? 'connected' : status}
      aria-haspopup="dialog"
      onPointerEnter={warm}
      onFocus={warm}
      onClick={() => client.open()}
    >
      {shown ? shortenAddress(shown) : (label ?? connectWalletLabel(client.startup.locale))}
    </button>
  )
}
