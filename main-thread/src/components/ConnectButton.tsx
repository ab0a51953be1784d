import { shortenAddress } from '@portico/shared-types/light'
import { useAccount } from '../hooks/index.ts'
import { usePorticoClient } from '../context.ts'
import { connectWalletLabel } from '../i18n/labels.ts'
import { loadModal } from '../modal/load.ts'

export type ConnectButtonProps = { label?: string; className?: string }

/** Opens the modal: "Connect Wallet" when disconnected, the shortened address once connected. */
export function ConnectButton({ label, className }: ConnectButtonProps) {
  const client = usePorticoClient()
  const { isConnected, address, status } = useAccount()
  const warm = () => {
    void loadModal()
    void client.start()
  }
  return (
    <button
      type="button"
      className={className ?? 'portico-connect-button'}
      data-status={status}
      aria-haspopup="dialog"
      onPointerEnter={warm}
      onFocus={warm}
      onClick={() => client.open()}
    >
      {isConnected && address ? shortenAddress(address) : (label ?? connectWalletLabel(client.startup.locale))}
    </button>
  )
}
