import { ConnectorNotConnectedError, createConnector, ProviderNotFoundError } from '@wagmi/core'
import { getAddress, numberToHex, type Address } from 'viem'
import type { ClientSnapshot, Eip1193Provider, PorticoClient } from '@portico/react'
import { splitCaipAddress } from '@portico/shared-types/light'
import { PORTICO_TYPE, switchChainThroughPortico, walletEvents, when } from './internal.ts'

/** An EVM wallet connected in Portico, as wagmi sees it. */
export type EvmWallet = {
  /** Portico's id of the wallet (`${connectorId}|eip155`). */
  id: string
  connectorId: string
  name: string
  icon: string | undefined
  accounts: readonly [Address]
  chainId: number
  /** Whether it is the EVM wallet Portico uses now (the one its provider follows). */
  inUse: boolean
}

/** The wagmi connector id of a Portico wallet. */
export const connectorIdOf = (walletId: string) => `${PORTICO_TYPE}:${walletId}`

/** Every EVM wallet connected in Portico, the one in use first, then the most recently used. */
export function evmWallets(snapshot: Pick<ClientSnapshot, 'core' | 'connectors'>): EvmWallet[] {
  const core = snapshot.core
  if (!core) return []
  const held = core.connections.eip155
  const current = held?.status === 'connected' && held.connectorId && held.caipAddress ? { connectorId: held.connectorId, connectorName: held.connectorName, caipAddress: held.caipAddress } : null
  const listed = (core.wallets ?? []).filter((w) => w.namespace === 'eip155')
  // A core older than the list names only the connection in use.
  const entries = current && !listed.some((w) => w.connectorId === current.connectorId) ? [current, ...listed] : listed
  const wallets = entries.map((entry): EvmWallet => {
    const inUse = entry.connectorId === current?.connectorId
    // The connection in use is the freshest word on its account and chain.
    const { address, reference } = splitCaipAddress(inUse && current ? current.caipAddress : entry.caipAddress)
    const page = snapshot.connectors.find((c) => c.id === entry.connectorId)
    return {
      id: `${entry.connectorId}|eip155`,
      connectorId: entry.connectorId,
      name: page?.name ?? entry.connectorName ?? 'Wallet',
      icon: page?.icon,
      accounts: [getAddress(address)],
      chainId: Number(reference),
      inUse,
    }
  })
  return wallets.sort((a, b) => Number(b.inUse) - Number(a.inUse))
}

const walletOf = (client: PorticoClient, walletId: string) => evmWallets(client.getSnapshot()).find((w) => w.id === walletId)

/** Whether Portico's EVM provider follows this wallet now. */
const follows = (s: ClientSnapshot, wallet: EvmWallet) => s.provider?.namespace === 'eip155' && s.provider.connectorId === wallet.connectorId

/**
 * Makes the wallet the one Portico uses (its provider then follows it, in every tab), unless it is;
 * rejects with wagmi's `ConnectorNotConnectedError` once it left Portico's list.
 */
async function use(client: PorticoClient, walletId: string): Promise<EvmWallet> {
  const wallet = walletOf(client, walletId)
  if (!wallet) throw new ConnectorNotConnectedError()
  if (wallet.inUse && client.getSnapshot().core?.activeNamespace === 'eip155') return wallet
  await client.switchConnection(walletId)
  const now = walletOf(client, walletId)
  if (!now) throw new ConnectorNotConnectedError()
  return now
}

/**
 * The EIP-1193 provider of one Portico wallet: requests reach that wallet through Portico's provider,
 * the wallet made the one in use first when it is not (its account and chain are answered without).
 */
function walletProvider(client: PorticoClient, walletId: string, timeoutMs: number): Eip1193Provider {
  return {
    async request(args) {
      const wallet = walletOf(client, walletId)
      if (!wallet) throw new ProviderNotFoundError()
      if (!wallet.inUse && args.method === 'eth_accounts') return wallet.accounts
      if (!wallet.inUse && args.method === 'eth_chainId') return numberToHex(wallet.chainId)
      const inUse = await use(client, walletId)
      const provider = await when(
        client,
        (s) => (follows(s, inUse) ? s.provider!.provider : undefined),
        () => (walletOf(client, walletId) ? undefined : new ProviderNotFoundError()),
        timeoutMs,
      )
      return provider.request(args)
    },
  }
}

/**
 * The wagmi connector of one EVM wallet connected in Portico (`syncConnections` makes one per wallet):
 * its id is `portico:` and Portico's id of the wallet, its name and icon the wallet's. What goes
 * through it goes through Portico to that wallet: `connect` and a request make it the wallet in use,
 * `switchChain` is Portico's, `disconnect` ends that wallet alone.
 */
export function walletConnector(client: PorticoClient, wallet: Pick<EvmWallet, 'id' | 'name' | 'icon'>, timeoutMs: number) {
  return createConnector<Eip1193Provider>((config) => {
    const provider = walletProvider(client, wallet.id, timeoutMs)
    const reachedChain = (chainId: number) => (s: ClientSnapshot) => evmWallets(s).find((w) => w.id === wallet.id && w.inUse)?.chainId === chainId
    return {
      id: connectorIdOf(wallet.id),
      name: wallet.name,
      icon: wallet.icon,
      type: PORTICO_TYPE,

      async connect({ chainId, withCapabilities } = {}) {
        let { accounts, chainId: on } = await use(client, wallet.id)
        if (chainId !== undefined && chainId !== on) on = (await this.switchChain!({ chainId })).id
        return { accounts: withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts, chainId: on } as never
      },

      async disconnect() {
        await client.disconnect(wallet.id)
      },

      async getAccounts() {
        return walletOf(client, wallet.id)?.accounts ?? []
      },

      async getChainId() {
        return walletOf(client, wallet.id)?.chainId ?? config.chains[0].id
      },

      async getProvider() {
        return provider
      },

      async isAuthorized() {
        return walletOf(client, wallet.id) !== undefined
      },

      async switchChain({ chainId }) {
        await use(client, wallet.id)
        return switchChainThroughPortico(client, config.chains, chainId, reachedChain(chainId), timeoutMs)
      },

      ...walletEvents(config.emitter),
    }
  })
}
