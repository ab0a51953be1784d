import { startAnvil, type AnvilNode } from './chain/anvil.ts'
import { buildSandboxChain, type SandboxChain } from './chain/sandbox-chain.ts'
import { waitForRpc } from './chain/wait-for-rpc.ts'
import { startCatalogue, type AnalyticsHandle, type CatalogueHandle } from './catalogue/catalogue.ts'
import { chainDefinition } from './chains.ts'
import { compileContracts } from './contracts/compile.ts'
import type { ChainContracts, ChainDeployment } from './contracts/deploy.ts'
import { startDataApi, type DataApiHandle } from './data-api/data-api.ts'
import { DEPLOYER_INDEX, devAccount, devAccounts, type DevAccount } from './dev-accounts.ts'
import type { FaultRuleInput } from './faults/rules.ts'
import { FaultStore, type ActiveFault } from './faults/store.ts'
import { RequestLog } from './http/request-log.ts'
import type { NameRegistry } from './names/registry.ts'
import type { OnrampOrder } from './onramp/orders.ts'
import { SANDBOX_HOST, resolveOptions, type SandboxOptions } from './options.ts'
import { assertPortsFree } from './ports.ts'
import { SETUP_DAYS_AGO } from './seed/plan.ts'
import { seedChain } from './seed/seed.ts'
import { registerSandboxWalletName } from './seed/wallet-name.ts'
import { buildChainServices } from './services.ts'
import type { SessionInput } from './sessions/store.ts'
import type { SmartSession } from '@portico/shared-types'

export type { SandboxChain } from './chain/sandbox-chain.ts'
export type { AnalyticsHandle, CatalogueHandle } from './catalogue/catalogue.ts'
export type { StoredAnalyticsEvent } from './catalogue/analytics.ts'
export { SANDBOX_WALLET_ID, SANDBOX_WALLET_RDNS } from './catalogue/sandbox-wallets.ts'
export type { ChainKey } from './chains.ts'
export { CHAIN_DEFINITIONS } from './chains.ts'
export { COLLECTION_DEFINITIONS, type CollectionKey } from './contracts/collections.ts'
export type { ChainContracts, ChainDeployment, DeployedCollection, DeployedToken } from './contracts/deploy.ts'
export { NATIVE_TOKEN_ADDRESS, POOL_DEFINITIONS } from './contracts/pools.ts'
export type { TokenKey } from './contracts/tokens.ts'
export { TOKEN_DEFINITIONS } from './contracts/tokens.ts'
export type { DataApiHandle } from './data-api/data-api.ts'
export { DEV_MNEMONIC, DEPLOYER_INDEX, FUNDED_ACCOUNT_INDEXES, REGISTRAR_INDEX, TREASURY_INDEX, devAccounts, type DevAccount } from './dev-accounts.ts'
export { FAULT_KINDS, type FaultKind, type FaultRule, type FaultRuleInput } from './faults/rules.ts'
export type { ActiveFault } from './faults/store.ts'
export type { RequestLogEntry } from './http/request-log.ts'
export type { OnrampOrder } from './onramp/orders.ts'
export type { SandboxOptions } from './options.ts'
export { PortInUseError } from './ports.ts'
export { USD_PRICES } from './prices.ts'
export { HISTORY_DAYS, SEEDED_NAMES } from './seed/plan.ts'
export { SANDBOX_WALLET_NAME_LABEL } from './seed/wallet-name.ts'
export { SEEDED_SESSION_PCI } from './services.ts'

export type FaultsHandle = {
  /** Replaces every rule (shared by the data API and the catalogue). */
  set(rules: readonly FaultRuleInput[]): ActiveFault[]
  add(rule: FaultRuleInput): ActiveFault
  clear(): void
  list(): ActiveFault[]
}

export type SandboxHandle = {
  chains: SandboxChain[]
  /** Tokens deployed per chain id: `contracts[31337].USDC.address`. */
  contracts: Record<number, ChainContracts>
  /** Everything deployed per chain id: tokens, NFT collections, the AMM, the name registry. */
  deployments: Record<number, ChainDeployment>
  /** The funded dev accounts (index 0..9); 0..4 hold tokens and history. */
  devAccounts: DevAccount[]
  /** The account that deployed the contracts (index 9) and may mint more tokens. */
  deployer: DevAccount
  dataApi: DataApiHandle
  /** The wallet catalogue (with the analytics sink) on its own port. */
  catalogue: CatalogueHandle
  analytics: AnalyticsHandle
  /** Fault injection for the data API and the catalogue. Off unless set. */
  faults: FaultsHandle
  /** The account-name registry (read and register without a signature, for test set-up). */
  names: NameRegistry | undefined
  /** The name seeded for dev account 0, the Sandbox Wallet's (`portico-dev` + the configured suffix); undefined without history or names. */
  sandboxWalletName: string | undefined
  sessions: { create(input: SessionInput): SmartSession; get(pci: string): SmartSession | undefined; list(): SmartSession[] }
  onramp: { orders(): OnrampOrder[] }
  /** Catches the history index up with the chains now (the history route does this itself). */
  syncHistory(): Promise<void>
  /** Seeded transactions per chain id. */
  seeded: Record<number, { transactions: number; blocks: number; timeTravel: boolean }>
  /** Milliseconds from the call to ready. */
  readyInMs: number
  /** Stops the services and every anvil the sandbox spawned; resolves once they have exited. */
  stop(): Promise<void>
}
/** Short name of the handle (used by e2e fixtures). */
export type Sandbox = SandboxHandle

/**
 * Starts the chains, deploys and seeds them, indexes them, then serves the blockchain-data API and
 * the wallet catalogue. Everything binds 127.0.0.1; a busy port fails before anything starts.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const started = Date.now()
  const config = resolveOptions(options)
  const dataApiUrl = `http://${SANDBOX_HOST}:${config.dataApiPort}`
  const chainConfigs = config.chains
  await assertPortsFree([
    ...chainConfigs.filter((c) => c.externalRpcUrl === undefined).map((c) => ({ port: c.port, what: `chain ${chainDefinition(c.key).chainId}` })),
    { port: config.dataApiPort, what: 'blockchain-data API' },
    { port: config.cataloguePort, what: 'wallet catalogue' },
  ])

  const chains = chainConfigs.map((c) => buildSandboxChain(chainDefinition(c.key), c, dataApiUrl))
  const anchorSeconds = Math.floor(Date.now() / 1000)
  const nodes: AnvilNode[] = []
  const faults = new FaultStore(config.faults)
  let dataApi: DataApiHandle | undefined
  let catalogue: CatalogueHandle | undefined
  let stopIndexers = (): void => {}
  const stopAll = async (): Promise<void> => {
    stopIndexers()
    await Promise.all([dataApi?.stop(), catalogue?.stop()])
    await Promise.all(nodes.splice(0).map((n) => n.stop()))
  }

  try {
    const compiling = compileContracts(config.cacheDir ? { cacheDir: config.cacheDir } : {})
    const catalogueStarting = startCatalogue(config.cataloguePort, faults, { analyticsEnabled: config.analyticsEnabled })
    // allSettled: when one part fails, wait for the others so stopAll() sees every spawned node.
    const phase = await Promise.allSettled([
      compiling,
      catalogueStarting.then((started) => void (catalogue = started.catalogue)),
      ...chains.map(async (chain, i) => {
        const port = chainConfigs[i]?.port
        if (chain.external || port === undefined) await waitForRpc(chain.rpcUrl, chain.chainId, { timeoutMs: 5_000 })
        else nodes.push(await startAnvil({ port, chainId: chain.chainId, genesisTimestamp: anchorSeconds - (SETUP_DAYS_AGO + 1) * 86_400 }))
        config.log(`chain ${chain.chainId} up at ${chain.rpcUrl}`)
      }),
    ])
    const failed = phase.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason
    const compiled = await compiling
    const { analytics } = await catalogueStarting
    config.log(compiled.fromCache ? `contracts from cache (${compiled.key})` : `contracts compiled (${compiled.key})`)

    const seeds = await Promise.all(
      chains.map((chain, i) => seedChain(chain, compiled.artifacts, { withNames: i === 0, history: config.seedHistory, anchorSeconds })),
    )
    for (const [i, s] of seeds.entries()) {
      config.log(`chain ${chains[i]?.chainId} seeded: ${s.transactions} transactions in ${s.blocks} blocks${s.timeTravel ? '' : ' (dated now: the node cannot set block times)'}`)
    }
    const deployments = new Map(seeds.map((s) => [s.deployment.chainId, s.deployment] as const))
    const services = await buildChainServices(chains, deployments)
    const walletName = config.seedHistory && services.names ? await registerSandboxWalletName(services.names, config.nameSuffix) : undefined
    if (walletName) config.log(`dev account 0 named ${walletName.name}`)
    for (const indexer of services.history.indexers) indexer.start(config.indexerPollMs)
    stopIndexers = () => services.history.indexers.forEach((i) => i.stop())
    config.log(`indexed ${services.history.indexers.map((i) => `${i.transactionCount} transactions on ${i.chainId}`).join(', ')}`)

    dataApi = await startDataApi({ ...services, publicUrl: dataApiUrl, log: new RequestLog(), faults, nameSuffix: config.nameSuffix }, config.dataApiPort)
    config.log(`blockchain-data API at ${dataApi.url}, wallet catalogue at ${catalogue?.url ?? '?'}`)
    if (!catalogue) throw new Error('The wallet catalogue did not start')

    let stopping: Promise<void> | undefined
    return {
      chains,
      contracts: Object.fromEntries(seeds.map((s) => [s.deployment.chainId, s.deployment.tokens])),
      deployments: Object.fromEntries(deployments),
      devAccounts: devAccounts(),
      deployer: devAccount(DEPLOYER_INDEX),
      dataApi,
      catalogue,
      analytics,
      faults: {
        set: (rules) => faults.set(rules),
        add: (rule) => faults.add(rule),
        clear: () => void faults.clear(),
        list: () => faults.list(),
      },
      names: services.names,
      sandboxWalletName: walletName?.name,
      sessions: {
        create: (input) => services.sessions.create(input),
        get: (pci) => services.sessions.get(pci),
        list: () => services.sessions.list(),
      },
      onramp: { orders: () => services.onramp.list() },
      syncHistory: () => services.history.sync(),
      seeded: Object.fromEntries(seeds.map((s) => [s.deployment.chainId, { transactions: s.transactions, blocks: s.blocks, timeTravel: s.timeTravel }])),
      readyInMs: Date.now() - started,
      stop: () => (stopping ??= stopAll()),
    }
  } catch (err) {
    await stopAll().catch(() => {})
    throw err
  }
}
