import type { PublicClient } from 'viem'
import type { SandboxChain } from '../chain/sandbox-chain.ts'
import type { DeployedToken } from '../contracts/deploy.ts'
import type { RequestLog } from './request-log.ts'

/** A chain as the data API reads it. */
export type DataApiChain = { chain: SandboxChain; client: PublicClient; tokens: readonly DeployedToken[] }

/** What every route group receives. Add fields here rather than reaching for globals. */
export type DataApiContext = {
  chains: readonly DataApiChain[]
  /** Base URL the API is reachable at, e.g. http://127.0.0.1:8787 (used for icon URLs). */
  publicUrl: string
  log: RequestLog
}

export function findChain(ctx: DataApiContext, caipNetworkId: string): DataApiChain | undefined {
  return ctx.chains.find((c) => c.chain.caipNetworkId === caipNetworkId)
}
