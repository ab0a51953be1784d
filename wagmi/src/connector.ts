import { createConnector, ProviderNotFoundError } from '@wagmi/core'
import { getAddress, UserRejectedRequestError, type Address } from 'viem'
import { SESSION_HINT_KEY, type ClientSnapshot, type Eip1193Provider, type PorticoClient } from '@portico/react'
import { activeConnection, splitCaipAddress } from '@portico/shared-types/light'
import { PORTICO_TYPE, primaries, switchChainThroughPortico, synced, walletEvents, when } from './internal.ts'

export type PorticoConnectorParameters = {
  /** The dapp's Portico client (`createClient({ config })`), the one given to `<PorticoProvider client={…}>`. */
  client: PorticoClient
  /** How long `isAuthorized` waits for the core to report a returning visitor's session, and a switch for the core to follow (default 10 s). */
  reconnectTimeoutMs?: number
}

type Connected = { accounts: readonly Address[]; chainId: number }

/** The account and chain Portico has connected (eip155 only: wagmi is for EVM chains), or null. */
function connectedOf(snapshot: ClientSnapshot): Connected | null {
  const core = snapshot.core
  if (!core) return null
  const connection = activeConnection(core)
  if (connection.status !== 'connected' || !connection.caipAddress) return null
  const { namespace, address, reference } = splitCaipAddress(connection.caipAddress)
  if (namespace !== 'eip155') return null
  return { accounts: [getAddress(address)], chainId: Number(reference) }
}

porticoConnector.type = PORTICO_TYPE

/**
 * A wagmi connector for Portico (`@wagmi/core` 3.x): wagmi's hooks (`useConnection`/`useAccount`,
 * `useSignMessage`, `useSendTransaction`, `useSwitchChain`, `useDisconnect`) act on whichever wallet
 * the visitor connected in Portico's modal. `connect` opens the modal and resolves once a wallet is
 * connected (viem's `UserRejectedRequestError` when the visitor closes it first); a connection made
 * from Portico's own buttons reaches wagmi too. A switch or a disconnect made through wagmi goes
 * through Portico's core, so the modal and every tab follow; one made in the modal or another tab
 * reaches wagmi as its `change` and `disconnect` events.
 *
 * @example
 * const portico = createClient({ config })
 * const wagmiConfig = createConfig({ chains: [mainnet], connectors: [porticoConnector({ client: portico })], transports: { [mainnet.id]: http() } })
 */
export function porticoConnector({ client, reconnectTimeoutMs = 10_000 }: PorticoConnectorParameters) {
  return createConnector<Eip1193Provider>((config) => {
    let unsubscribe: (() => void) | undefined
    let last: Connected | null = null

    primaries.set(config.emitter, client)

    /** Tells wagmi what changed in Portico (the modal, another tab, the wallet); `syncConnections` tells it instead where it runs. */
    const follow = () => {
      const now = connectedOf(client.getSnapshot())
      const before = last
      last = now
      if (synced.has(config.emitter)) return
      if (!before && now) config.emitter.emit('connect', now)
      else if (before && !now) config.emitter.emit('disconnect')
      else if (before && now) {
        if (before.accounts[0] !== now.accounts[0]) config.emitter.emit('change', { accounts: now.accounts })
        if (before.chainId !== now.chainId) config.emitter.emit('change', { chainId: now.chainId })
      }
    }

    return {
      id: 'portico',
      name: 'Portico',
      type: porticoConnector.type,

      async setup() {
        unsubscribe ??= client.subscribe(follow)
        last = connectedOf(client.getSnapshot())
      },

      async connect({ chainId, withCapabilities } = {}) {
        await client.start()
        let connected = connectedOf(client.getSnapshot())
        if (!connected) {
          client.open()
          connected = await when(
            client,
            (s) => connectedOf(s) ?? undefined,
            (s) => (s.modal.open ? undefined : new UserRejectedRequestError(new Error('The visitor closed Portico without connecting'))),
          )
        }
        last = connected
        if (chainId !== undefined && chainId !== connected.chainId) {
          const chain = await this.switchChain!({ chainId })
          connected = { ...connected, chainId: chain.id }
          last = connected
        }
        const accounts = withCapabilities ? connected.accounts.map((address) => ({ address, capabilities: {} })) : connected.accounts
        return { accounts, chainId: connected.chainId } as never
      },

      async disconnect() {
        await client.disconnect()
        last = null
      },

      async getAccounts() {
        return connectedOf(client.getSnapshot())?.accounts ?? []
      },

      async getChainId() {
        const connected = connectedOf(client.getSnapshot())
        if (connected) return connected.chainId
        const active = client.getSnapshot().core?.activeCaipNetworkId
        if (active?.startsWith('eip155:')) return Number(active.slice('eip155:'.length))
        return config.chains[0].id
      },

      async getProvider() {
        if (!connectedOf(client.getSnapshot())) throw new ProviderNotFoundError()
        return when(
          client,
          (s) => (s.provider?.namespace === 'eip155' ? s.provider.provider : undefined),
          (s) => (connectedOf(s) ? undefined : new ProviderNotFoundError()),
        )
      },

      async isAuthorized() {
        try {
          if (localStorage.getItem(SESSION_HINT_KEY) !== '1') return false
        } catch {
          return false
        }
        await client.start()
        // The core reports the returning visitor's connection once it has read IndexedDB.
        const settled = await when(client, (s) => (s.core && activeConnection(s.core).status !== 'connecting' ? s : undefined), undefined, reconnectTimeoutMs).catch(() => null)
        return !!settled && connectedOf(settled) !== null
      },

      async switchChain({ chainId }) {
        const chain = await switchChainThroughPortico(client, config.chains, chainId, (s) => connectedOf(s)?.chainId === chainId, reconnectTimeoutMs)
        follow()
        return chain
      },

      ...walletEvents(config.emitter),
    }
  })
}
