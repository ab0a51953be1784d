import { startAnvil, type AnvilNode } from './chain/anvil.ts'
import { buildSandboxChain, type SandboxChain } from './chain/sandbox-chain.ts'
import { waitForRpc } from './chain/wait-for-rpc.ts'
import { chainDefinition } from './chains.ts'
import { compileContracts } from './contracts/compile.ts'
import { deployTokens, type ChainContracts } from './contracts/deploy.ts'
import { startDataApi, type DataApiHandle } from './data-api/data-api.ts'
import { DEPLOYER_INDEX, devAccount, devAccounts, type DevAccount } from './dev-accounts.ts'
import { SANDBOX_HOST, resolveOptions, type SandboxOptions } from './options.ts'
import { assertPortsFree } from './ports.ts'

export type { SandboxChain } from './chain/sandbox-chain.ts'
export type { ChainKey } from './chains.ts'
export { CHAIN_DEFINITIONS } from './chains.ts'
export type { ChainContracts, DeployedToken } from './contracts/deploy.ts'
export type { TokenKey } from './contracts/tokens.ts'
export { TOKEN_DEFINITIONS } from './contracts/tokens.ts'
export type { DataApiHandle } from './data-api/data-api.ts'
export type { RequestLogEntry } from './data-api/request-log.ts'
export { DEV_MNEMONIC, DEPLOYER_INDEX, FUNDED_ACCOUNT_INDEXES, devAccounts, type DevAccount } from './dev-accounts.ts'
export type { SandboxOptions } from './options.ts'
export { PortInUseError } from './ports.ts'
export { USD_PRICES } from './prices.ts'

export type SandboxHandle = {
  chains: SandboxChain[]
  /** Tokens deployed per chain id: `contracts[31337].USDC.address`. */
  contracts: Record<number, ChainContracts>
  /** The funded dev accounts (index 0..9); 0..4 hold tokens. */
  devAccounts: DevAccount[]
  /** The account that deployed the tokens (index 9) and may mint more. */
  deployer: DevAccount
  dataApi: DataApiHandle
  /** Milliseconds from the call to ready. */
  readyInMs: number
  /** Stops the data API and every anvil the sandbox spawned; resolves once they have exited. */
  stop(): Promise<void>
}
/** Short name of the handle (used by e2e fixtures). */
export type Sandbox = SandboxHandle

/** Starts the chains, deploys the tokens, then serves the blockchain-data API. */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const started = Date.now()
  const config = resolveOptions(options)
  const dataApiUrl = `http://${SANDBOX_HOST}:${config.dataApiPort}`
  const chainConfigs = config.chains
  await assertPortsFree([
    ...chainConfigs.filter((c) => c.externalRpcUrl === undefined).map((c) => ({ port: c.port, what: `chain ${chainDefinition(c.key).chainId}` })),
    { port: config.dataApiPort, what: 'blockchain-data API' },
  ])

  const chains = chainConfigs.map((c) => buildSandboxChain(chainDefinition(c.key), c, dataApiUrl))
  const nodes: AnvilNode[] = []
  let dataApi: DataApiHandle | undefined
  const stopAll = async (): Promise<void> => {
    await dataApi?.stop()
    await Promise.all(nodes.splice(0).map((n) => n.stop()))
  }

  try {
    const compiling = compileContracts(config.cacheDir ? { cacheDir: config.cacheDir } : {})
    // allSettled: when one chain fails, wait for the others so stopAll() sees every spawned node.
    const phase = await Promise.allSettled([
      compiling,
      ...chains.map(async (chain, i) => {
        const port = chainConfigs[i]?.port
        if (chain.external || port === undefined) await waitForRpc(chain.rpcUrl, chain.chainId, { timeoutMs: 5_000 })
        else nodes.push(await startAnvil({ port, chainId: chain.chainId }))
        config.log(`chain ${chain.chainId} up at ${chain.rpcUrl}`)
      }),
    ])
    const failed = phase.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason
    const compiled = await compiling
    config.log(compiled.fromCache ? `contracts from cache (${compiled.key})` : `contracts compiled (${compiled.key})`)
    const deployed = await Promise.all(chains.map(async (chain) => [chain.chainId, await deployTokens(chain, compiled.artifacts)] as const))
    const contracts: Record<number, ChainContracts> = Object.fromEntries(deployed)
    dataApi = await startDataApi(chains, contracts, config.dataApiPort)
    config.log(`blockchain-data API at ${dataApi.url}`)

    let stopping: Promise<void> | undefined
    return {
      chains,
      contracts,
      devAccounts: devAccounts(),
      deployer: devAccount(DEPLOYER_INDEX),
      dataApi,
      readyInMs: Date.now() - started,
      stop: () => (stopping ??= stopAll()),
    }
  } catch (err) {
    await stopAll().catch(() => {})
    throw err
  }
}
