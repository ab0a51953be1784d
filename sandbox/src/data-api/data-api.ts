import { createPublicClient, http } from 'viem'
import type { SandboxChain } from '../chain/sandbox-chain.ts'
import type { ChainContracts, DeployedToken } from '../contracts/deploy.ts'
import { createDataApiApp } from './app.ts'
import type { DataApiContext } from './context.ts'
import { RequestLog, type RequestLogEntry } from './request-log.ts'
import { createHttpServer } from './server.ts'

export type DataApiHandle = {
  /** Base URL, e.g. http://127.0.0.1:8787 */
  url: string
  /** Every request received so far (admin routes excepted), oldest first. */
  requests(): RequestLogEntry[]
  clearRequests(): void
  /** Closes only the data API (the chains keep running): the port refuses connections. */
  stop(): Promise<void>
  /** Re-opens the data API after stop(); the request log is kept. */
  start(): Promise<void>
  isRunning(): boolean
}

/** Builds the blockchain-data API over the sandbox chains and starts listening on 127.0.0.1:`port`. */
export async function startDataApi(
  chains: readonly SandboxChain[],
  contracts: Readonly<Record<number, ChainContracts>>,
  port: number,
): Promise<DataApiHandle> {
  const log = new RequestLog()
  const url = `http://127.0.0.1:${port}`
  const ctx: DataApiContext = {
    publicUrl: url,
    log,
    chains: chains.map((chain) => ({
      chain,
      client: createPublicClient({ chain: chain.viemChain, transport: http(chain.rpcUrl, { retryCount: 0, timeout: 5_000 }) }),
      tokens: Object.values(contracts[chain.chainId] ?? {}).filter((t): t is DeployedToken => t !== undefined),
    })),
  }
  const server = createHttpServer(createDataApiApp(ctx), port, 'blockchain-data API')
  await server.start()
  return {
    url: server.url,
    requests: () => log.list(),
    clearRequests: () => void log.clear(),
    stop: () => server.stop(),
    start: () => server.start(),
    isRunning: () => server.isRunning(),
  }
}
