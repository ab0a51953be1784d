import type { PublicClient } from 'viem'
import type { SandboxChain } from '../chain/sandbox-chain.ts'
import type { ChainDeployment, DeployedToken } from '../contracts/deploy.ts'
import type { FaultStore } from '../faults/store.ts'
import type { RequestLog } from '../http/request-log.ts'
import type { AssetBook } from '../indexer/assets.ts'
import type { HistoryIndex } from '../indexer/history.ts'
import type { NameRegistry } from '../names/registry.ts'
import type { OnrampOrders } from '../onramp/orders.ts'
import type { ServiceDirectoryEntry } from '../services/service.ts'
import type { SessionStore } from '../sessions/store.ts'
import type { DataApiAccountAbstraction } from './bundler.ts'

/** A chain as the data API reads it. */
export type DataApiChain = { chain: SandboxChain; client: PublicClient; tokens: readonly DeployedToken[]; deployment: ChainDeployment }

/** What every route group receives. Add fields here rather than reaching for globals. */
export type DataApiContext = {
  chains: readonly DataApiChain[]
  /** Base URL the API is reachable at, e.g. http://127.0.0.1:8787 (icon, avatar, checkout URLs). */
  publicUrl: string
  log: RequestLog
  faults: FaultStore
  assets: AssetBook
  history: HistoryIndex
  /** The account-name registry, on the names chain. */
  names: NameRegistry | undefined
  /** The suffix names get by default (e.g. `.reown.id`); SPEC.md §5's suffixes are accepted too. */
  nameSuffix: string
  onramp: OnrampOrders
  sessions: SessionStore
  /** The sandbox's services and where they answer (listed by /health). */
  directory: readonly ServiceDirectoryEntry[]
  /** ERC-4337: the bundlers and the paymaster's sponsorship (POST /v1/bundler); absent without bundlers. */
  accountAbstraction?: DataApiAccountAbstraction | undefined
}

export function findChain(ctx: DataApiContext, caipNetworkId: string): DataApiChain | undefined {
  return ctx.chains.find((c) => c.chain.caipNetworkId === caipNetworkId)
}

export function findChainById(ctx: DataApiContext, chainId: number): DataApiChain | undefined {
  return ctx.chains.find((c) => c.chain.chainId === chainId)
}
