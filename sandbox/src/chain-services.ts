import type { CaipAddress } from '@portico/shared-types'
import { createPublicClient, http, type PublicClient } from 'viem'
import { SANDBOX_RPC_TIMEOUT_MS } from './chain/rpc-timeout.ts'
import { LiveSender } from './chain/live-sender.ts'
import type { SandboxChain } from './chain/sandbox-chain.ts'
import type { ChainDeployment } from './contracts/deploy.ts'
import type { DataApiChain } from './data-api/context.ts'
import { REGISTRAR_INDEX, TREASURY_INDEX, devAccount } from './dev-accounts.ts'
import { AssetBook } from './indexer/assets.ts'
import { ChainIndexer } from './indexer/chain-indexer.ts'
import { HistoryIndex } from './indexer/history.ts'
import { NameRegistry } from './names/registry.ts'
import { onrampNetworkName, type OnrampNetwork } from './onramp/catalogue.ts'
import { OnrampOrders } from './onramp/orders.ts'
import { SessionStore } from './sessions/store.ts'

/** The smart session every sandbox starts with: account 0 on the first chain. */
export const SEEDED_SESSION_PCI = '00000000-0000-4000-8000-000000000001'

export type ChainServices = {
  chains: DataApiChain[]
  assets: AssetBook
  history: HistoryIndex
  names: NameRegistry | undefined
  onramp: OnrampOrders
  sessions: SessionStore
}

function publicClient(chain: SandboxChain): PublicClient {
  return createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl, { retryCount: 3, timeout: SANDBOX_RPC_TIMEOUT_MS, batch: { wait: 0 } }) })
}

/**
 * What the data API serves from, built over the seeded chains: the indexer (caught up before this
 * resolves), the name registry, the onramp's orders and treasury, the smart sessions.
 */
export async function buildChainServices(chains: readonly SandboxChain[], deployments: ReadonlyMap<number, ChainDeployment>): Promise<ChainServices> {
  const assets = new AssetBook()
  const apiChains: DataApiChain[] = chains.map((chain) => {
    const deployment = deployments.get(chain.chainId)
    if (!deployment) throw new Error(`No deployment on chain ${chain.chainId}`)
    assets.registerDeployment(deployment)
    return { chain, client: publicClient(chain), deployment, tokens: Object.values(deployment.tokens).filter((t) => t !== undefined) }
  })
  const indexers = apiChains.map((c) => new ChainIndexer({ chainId: c.chain.chainId, client: c.client, assets, amms: [c.deployment.amm] }))
  await Promise.all(indexers.map((i) => i.sync()))

  const namesChain = apiChains.find((c) => c.deployment.names !== undefined)
  const names =
    namesChain?.deployment.names === undefined
      ? undefined
      : new NameRegistry(namesChain.chain.chainId, namesChain.deployment.names, namesChain.client, new LiveSender(namesChain.chain, namesChain.client, devAccount(REGISTRAR_INDEX)))

  const networks: OnrampNetwork[] = apiChains.map((c) => ({ name: onrampNetworkName(c.chain), displayName: c.chain.name, chain: c.chain, deployment: c.deployment }))
  const treasuries = new Map(apiChains.map((c) => [c.chain.chainId, new LiveSender(c.chain, c.client, devAccount(TREASURY_INDEX))] as const))
  const onramp = new OnrampOrders(networks, treasuries)

  const sessions = new SessionStore(async ({ chainId, address, message, signature }) => {
    const client = apiChains.find((c) => c.chain.chainId === chainId)?.client
    return client ? client.verifyMessage({ address, message, signature }) : false
  })
  const first = apiChains[0]
  if (first) {
    const account: CaipAddress = `${first.chain.caipNetworkId}:${devAccount(0).address}`
    sessions.create({
      pci: SEEDED_SESSION_PCI,
      account,
      permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x2386f26fc10000', start: Math.floor(Date.now() / 1000), period: 86_400 } }],
    })
  }
  return { chains: apiChains, assets, history: new HistoryIndex(indexers), names, onramp, sessions }
}
