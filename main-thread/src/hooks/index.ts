import { useMemo } from 'react'
import { activeConnection, splitCaipAddress } from '@portico/shared-types/light'
import type { CaipAddress, ConnectionStatus, Network } from '@portico/shared-types'
import type { View } from '../client/router.ts'
import { currentView } from '../client/router.ts'
import { usePorticoClient, useSnapshot } from '../context.ts'

export type UseModalReturnType = {
  open: (view?: View) => void
  close: () => void
  isOpen: boolean
  view: View['name']
}

/** Opens and closes the modal, optionally at a view. */
export function useModal(): UseModalReturnType {
  const client = usePorticoClient()
  const { modal } = useSnapshot()
  return { open: client.open, close: client.close, isOpen: modal.open, view: currentView(modal.router).name }
}

export type UseAccountReturnType = {
  address: string | undefined
  caipAddress: CaipAddress | undefined
  status: ConnectionStatus
  isConnected: boolean
  connectorName: string | undefined
}

/** The active account, as the core reports it to every tab. */
export function useAccount(): UseAccountReturnType {
  const { core } = useSnapshot()
  return useMemo(() => {
    const connection = core ? activeConnection(core) : null
    const caipAddress = connection?.status === 'connected' ? (connection.caipAddress ?? undefined) : undefined
    return {
      address: caipAddress ? splitCaipAddress(caipAddress).address : undefined,
      caipAddress,
      status: connection?.status ?? 'disconnected',
      isConnected: connection?.status === 'connected',
      connectorName: connection?.connectorName ?? undefined,
    }
  }, [core])
}

export type UseNetworkReturnType = { network: Network | undefined; networks: readonly Network[] }

/** The active network among the configured ones. */
export function useNetwork(): UseNetworkReturnType {
  const client = usePorticoClient()
  const { core } = useSnapshot()
  const { networks, defaultNetwork } = client.config
  const id = core?.activeCaipNetworkId ?? defaultNetwork ?? networks[0]?.caipNetworkId
  return { network: networks.find((n) => n.caipNetworkId === id), networks }
}

/** Disconnects the active wallet in every tab. */
export function useDisconnect(): { disconnect: () => Promise<void> } {
  const client = usePorticoClient()
  return { disconnect: client.disconnect }
}
