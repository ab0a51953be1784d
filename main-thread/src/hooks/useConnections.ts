import { useCallback, useMemo, useState } from 'react'
import { splitCaipAddress, type CaipAddress, type ChainNamespace } from '@portico/shared-types/light'
import { PorticoError } from '@portico/shared-types/errorBase'
import type { Connector } from '../connectors/types.ts'
import { getConnector, walletNameOf } from '../client/getConnector.ts'
import { usePorticoClient, useSnapshot } from '../context.ts'

/** A wallet the visitor connected (several at once: `multiWallet`). */
export type Connection = {
  /** Pass it to `useSwitchConnection` or `useDisconnect({ connection })`. */
  id: string
  namespace: ChainNamespace
  caipAddress: CaipAddress
  /** The account, as the wallet answered it last. */
  accounts: readonly [string]
  /** The chain the wallet was on when it last answered (an EVM chain id as a number). */
  chainId: number | string
  connectorId: string
  /** The wallet's name (the page's connector's, else the one kept with the connection). */
  name: string
  icon: string | undefined
  /** The page's connector holding it; undefined while its code loads or when the wallet is not on this page. */
  connector: Connector | undefined
  status: 'connected'
  /** Whether it is the one its namespace uses now (the one `useAccount` and `useProvider` follow on the active namespace). */
  isActive: boolean
}

/**
 * Every connected wallet, the active ones first then the most recently used, as every tab sees them.
 *
 * @example
 * const connections = useConnections()
 * const { switchConnection } = useSwitchConnection()
 * connections.map((c) => <button onClick={() => switchConnection(c)}>{c.name}</button>)
 */
export function useConnections(): Connection[] {
  const { core, connectors } = useSnapshot()
  return useMemo(() => {
    if (!core) return []
    const list = core.wallets.map((wallet): Connection => {
      const { address, reference, namespace } = splitCaipAddress(wallet.caipAddress)
      const held = core.connections[wallet.namespace]
      const connector = getConnector({ connectors }, wallet.connectorId)
      return {
        id: wallet.id,
        namespace: wallet.namespace,
        caipAddress: wallet.caipAddress,
        accounts: [address],
        chainId: namespace === 'eip155' ? Number(reference) : reference,
        connectorId: wallet.connectorId,
        name: walletNameOf({ connectors }, wallet),
        icon: connector?.icon,
        connector,
        status: 'connected',
        isActive: held?.status === 'connected' && held.connectorId === wallet.connectorId,
      }
    })
    return list.sort((a, b) => Number(b.isActive) - Number(a.isActive))
  }, [core, connectors])
}

export type UseSwitchConnectionReturnType = {
  /** Makes `connection` the one its namespace uses, in every tab; rejects when the wallet no longer knows the page (it then leaves the list). */
  switchConnection: (connection: { id: string }) => Promise<void>
  isPending: boolean
  error: Error | null
}

/** Switches the wallet in use among the connected ones (`useConnections`). */
export function useSwitchConnection(): UseSwitchConnectionReturnType {
  const client = usePorticoClient()
  const [state, setState] = useState<{ isPending: boolean; error: Error | null }>({ isPending: false, error: null })
  const switchConnection = useCallback(
    async ({ id }: { id: string }) => {
      setState({ isPending: true, error: null })
      try {
        await client.switchConnection(id)
        setState({ isPending: false, error: null })
      } catch (cause) {
        // The error family's base (on the first paint already), not its tables of messages.
        const error = cause instanceof Error ? cause : new PorticoError(String(cause), { cause })
        setState({ isPending: false, error })
        throw error
      }
    },
    [client],
  )
  return { switchConnection, ...state }
}
