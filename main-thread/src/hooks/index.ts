import { useEffect, useMemo, useState } from 'react'
import { activeConnection, splitCaipAddress, type CaipAddress, type CaipNetworkId } from '@portico/shared-types/light'
import type { ConnectionStatus, Eip1193Provider, Network, ThemeMode, ThemeVariables } from '@portico/shared-types'
import type { Connector } from '../connectors/types.ts'
import { getConnectedConnector } from '../client/getConnector.ts'
import { currentView, type View } from '../client/router.ts'
import { usePorticoClient, usePorticoUi, useSnapshot, useUiSnapshot } from '../context.ts'
import type { PorticoEvent } from '../ui/createUi.ts'

export type UseModalReturnType = {
  /** Opens the modal, at `view` or where it fits (Account when connected, else Connect). */
  open: (view?: View) => void
  close: () => void
  isOpen: boolean
  view: View['name']
}

/**
 * Opens and closes the modal, optionally at a view.
 *
 * @example
 * const { open } = useModal()
 * open({ name: 'Networks' })
 */
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

export type UseNetworkReturnType = {
  network: Network | undefined
  networks: readonly Network[]
  caipNetworkId: CaipNetworkId | undefined
  chainId: number | string | undefined
  /** Switches through the wallet when one is connected (adding the chain if it answers 4902). */
  switchNetwork: (caipNetworkId: CaipNetworkId) => Promise<void>
}

/** The active network among the configured ones, and a way to switch. */
export function useNetwork(): UseNetworkReturnType {
  const client = usePorticoClient()
  const { core } = useSnapshot()
  const { networks, defaultNetwork } = client.startup
  const id = core?.activeCaipNetworkId ?? defaultNetwork ?? networks[0]?.caipNetworkId
  const network = networks.find((n) => n.caipNetworkId === id)
  return {
    network,
    networks,
    caipNetworkId: id,
    chainId: network?.id,
    switchNetwork: async (caipNetworkId) => {
      const { switchNetwork } = await import('../actions/switchNetwork.ts')
      await switchNetwork(client, { caipNetworkId })
    },
  }
}

export type DisconnectParameters = {
  /** One connected wallet (`useConnections()`); without it, the active one. */
  connection?: { id: string } | undefined
}

/**
 * Disconnects the active wallet in every tab (another connected wallet of its namespace, if any,
 * takes its place), or the wallet `connection` (the others stay).
 *
 * @example
 * const { disconnect } = useDisconnect()
 * await disconnect({ connection: useConnections()[1] })
 */
export function useDisconnect(): { disconnect: (params?: DisconnectParameters) => Promise<void> } {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  return {
    // A failure is told to `useEvents` listeners (DISCONNECT_ERROR) and rejects with 'Failed to disconnect'.
    // (`onClick={disconnect}` passes an event: only a `connection` with an id names a wallet.)
    disconnect: (params) =>
      client.disconnect(typeof params?.connection?.id === 'string' ? params.connection.id : undefined).catch((error: unknown) => {
        ui.emit({ type: 'DISCONNECT_ERROR', message: error instanceof Error ? error.message : String(error) })
        throw error
      }),
  }
}

export type UseThemeReturnType = {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  setThemeMode: (mode: ThemeMode) => void
  /** Merges `variables` into the current theme variables (a variable left out keeps its value). */
  setThemeVariables: (variables: ThemeVariables) => void
}

/**
 * Reads and sets the modal's theme.
 *
 * @example
 * const { setThemeMode, setThemeVariables } = useTheme()
 * setThemeVariables({ '--portico-accent': '#0a7' })
 */
export function useTheme(): UseThemeReturnType {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  const { themeMode } = useSnapshot()
  const { themeVariables } = useUiSnapshot()
  return { themeMode, themeVariables, setThemeMode: client.setThemeMode, setThemeVariables: ui.setThemeVariables }
}

/**
 * Follows the modal's events (open, close, connect, disconnect, network switch, notifications).
 * Answers the latest one; pass a listener to receive every event.
 */
export function useEvents(listener?: (event: PorticoEvent) => void): PorticoEvent | undefined {
  const ui = usePorticoUi()
  const [last, setLast] = useState<PorticoEvent>()
  useEffect(
    () =>
      ui.onEvent((event) => {
        setLast(event)
        listener?.(event)
      }),
    [ui, listener],
  )
  return last
}

export type WalletInfo = { name: string; icon: string | undefined; rdns: string | undefined }

/** The connected wallet's name and icon. */
export function useWalletInfo(): { walletInfo: WalletInfo | undefined } {
  const snapshot = useSnapshot()
  const connection = snapshot.core ? activeConnection(snapshot.core) : null
  if (connection?.status !== 'connected') return { walletInfo: undefined }
  const connector = getConnectedConnector(snapshot)
  return { walletInfo: { name: connector?.name ?? connection.connectorName ?? 'Wallet', icon: connector?.icon, rdns: connector?.rdns } }
}

/** Whether the modal is open, on which view, and the selected network. */
export function useModalState(): { open: boolean; view: View['name']; selectedNetworkId: CaipNetworkId | undefined } {
  const { modal, core } = useSnapshot()
  return { open: modal.open, view: currentView(modal.router).name, selectedNetworkId: core?.activeCaipNetworkId ?? undefined }
}

/**
 * The EIP-1193 provider of the connected wallet, for viem (`custom(provider)`) or wagmi.
 *
 * @example
 * const { provider } = useProvider()
 * const client = createWalletClient({ transport: custom(provider!) })
 */
export function useProvider(): { provider: Eip1193Provider | undefined } {
  const snapshot = useSnapshot()
  const connector = getConnectedConnector(snapshot)
  const published = snapshot.provider
  // The EVM provider is one object that follows the wallet in use: kept across a switch to another wallet.
  const current = published && connector && (published.connectorId === connector.id || (published.namespace === 'eip155' && snapshot.core?.activeNamespace === 'eip155'))
  return { provider: current ? published.provider : undefined }
}

/** The page's connector holding the active connection (for the modal's views; not part of the public API). */
export function useConnectedConnector(): Connector | undefined {
  return getConnectedConnector(useSnapshot())
}
