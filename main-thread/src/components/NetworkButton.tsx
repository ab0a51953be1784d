import { useNetwork } from '../hooks/index.ts'
import { usePorticoClient } from '../context.ts'
import { selectNetworkLabel } from '../i18n/labels.ts'
import { warmModal } from '../modal/load.ts'

export type NetworkButtonProps = { className?: string }

/** The active network's name; opens the network list. */
export function NetworkButton({ className }: NetworkButtonProps) {
  const client = usePorticoClient()
  const { network } = useNetwork()
  const disabled = !client.startup.enableNetworkSwitch
  return (
    <button
      type="button"
      className={className ?? 'portico-network-button'}
      aria-haspopup="dialog"
      disabled={disabled}
      onPointerEnter={() => warmModal()}
      onClick={() => client.open({ name: 'Networks' })}
    >
      {network?.name ?? selectNetworkLabel(client.startup.locale)}
    </button>
  )
}
