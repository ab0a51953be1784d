import { startAnvil, type AnvilNode } from '../chain/anvil.ts'
import { buildSandboxChain, type SandboxChain } from '../chain/sandbox-chain.ts'
import { readChainId, waitForRpc } from '../chain/wait-for-rpc.ts'
import { buildChainServices, type ChainServices } from '../chain-services.ts'
import { chainDefinition } from '../chains.ts'
import { compileContracts } from '../contracts/compile.ts'
import type { ChainDeployment } from '../contracts/deploy.ts'
import type { NameRecord } from '../names/registry.ts'
import { dataApiUrl, type ResolvedOptions } from '../options.ts'
import { SETUP_DAYS_AGO } from '../seed/plan.ts'
import { seedChain, type SeedResult } from '../seed/seed.ts'
import { registerSandboxWalletName } from '../seed/wallet-name.ts'
import type { SandboxService, ServiceEndpoint } from './service.ts'

/** The chains once deployed, seeded and indexed: what the data API and the handle serve from. */
export type EvmWorld = {
  seeds: SeedResult[]
  deployments: ReadonlyMap<number, ChainDeployment>
  services: ChainServices
  /** Dev account 0's seeded name; undefined without history or names. */
  walletName: NameRecord | undefined
}

export type EvmChainsHandle = {
  chains: SandboxChain[]
  /**
   * Deploy, seed and index, started as soon as the nodes answer and finished a few seconds later.
   * Services that need it (the data API) await it, so the ones that do not (the catalogue) are up
   * meanwhile: a second start then sees a sandbox that is starting, not a stranger on its ports.
   */
  world: Promise<EvmWorld>
  stop(): Promise<void>
}

function chainsOf(config: ResolvedOptions): SandboxChain[] {
  return config.chains.map((c) => buildSandboxChain(chainDefinition(c.key), c, dataApiUrl(config)))
}

async function prepareWorld(
  chains: readonly SandboxChain[],
  config: ResolvedOptions,
  compiling: ReturnType<typeof compileContracts>,
  anchorSeconds: number,
  stopped: () => boolean,
): Promise<EvmWorld> {
  const compiled = await compiling
  config.log(compiled.fromCache ? `contracts from cache (${compiled.key})` : `contracts compiled (${compiled.key})`)
  const seeds = await Promise.all(chains.map((chain, i) => seedChain(chain, compiled.artifacts, { withNames: i === 0, history: config.seedHistory, anchorSeconds })))
  for (const [i, s] of seeds.entries()) {
    config.log(`chain ${chains[i]?.chainId} seeded: ${s.transactions} transactions in ${s.blocks} blocks${s.timeTravel ? '' : ' (dated now: the node cannot set block times)'}`)
  }
  const deployments = new Map(seeds.map((s) => [s.deployment.chainId, s.deployment] as const))
  const services = await buildChainServices(chains, deployments)
  const walletName = config.seedHistory && services.names ? await registerSandboxWalletName(services.names, config.nameSuffix) : undefined
  if (walletName) config.log(`dev account 0 named ${walletName.name}`)
  if (stopped()) throw new Error('The sandbox was stopped while it was starting')
  for (const indexer of services.history.indexers) indexer.start(config.indexerPollMs)
  config.log(`indexed ${services.history.indexers.map((i) => `${i.transactionCount} transactions on ${i.chainId}`).join(', ')}`)
  return { seeds, deployments, services, walletName }
}

/**
 * The EVM chains 31337 and 31338: an anvil each (or an outside node, `PORTICO_CHAIN_*_RPC`), then
 * the contracts deployed and months of history seeded, then indexed.
 */
export const evmChainsService: SandboxService<EvmChainsHandle> = {
  id: 'chains',
  name: 'EVM chains',
  endpoints: (config) =>
    chainsOf(config).map((chain, i): ServiceEndpoint => {
      const port = config.chains[i]?.port
      const detail = `${chain.name}${chain.external ? ' (external)' : ''}, explorer ${chain.explorerUrl}`
      return chain.external || port === undefined ? { label: `chain ${chain.chainId}`, url: chain.rpcUrl, detail } : { label: `chain ${chain.chainId}`, url: chain.rpcUrl, port, detail }
    }),

  async start({ config }) {
    const chains = chainsOf(config)
    const anchorSeconds = Math.floor(Date.now() / 1000)
    const compiling = compileContracts(config.cacheDir ? { cacheDir: config.cacheDir } : {})
    compiling.catch(() => {}) // awaited by the world; a failure there is reported through it
    const nodes: AnvilNode[] = []
    // allSettled: when one chain fails, wait for the others so every spawned node is stopped.
    const phase = await Promise.allSettled(
      chains.map(async (chain, i) => {
        const port = config.chains[i]?.port
        if (chain.external || port === undefined) await waitForRpc(chain.rpcUrl, chain.chainId, { timeoutMs: 5_000 })
        else nodes.push(await startAnvil({ port, chainId: chain.chainId, genesisTimestamp: anchorSeconds - (SETUP_DAYS_AGO + 1) * 86_400 }))
        config.log(`chain ${chain.chainId} up at ${chain.rpcUrl}`)
      }),
    )
    const failed = phase.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) {
      await Promise.all(nodes.map((n) => n.stop()))
      throw failed.reason
    }

    let stopped = false
    let ready: EvmWorld | undefined
    const world = prepareWorld(chains, config, compiling, anchorSeconds, () => stopped)
    // Awaited by whoever needs it; this branch only keeps a failure from going unhandled.
    world.then((w) => void (ready = w)).catch(() => {})
    return {
      chains,
      world,
      async stop() {
        // A seed still running fails at its next call once the nodes are gone, and starts no indexer.
        stopped = true
        for (const indexer of ready?.services.history.indexers ?? []) indexer.stop()
        await Promise.all(nodes.splice(0).map((n) => n.stop()))
      },
    }
  },

  stop: (handle) => handle.stop(),

  async health(handle) {
    const answers = await Promise.all(handle.chains.map((c) => readChainId(c.rpcUrl)))
    return answers.every((id, i) => id === handle.chains[i]?.chainId)
  },
}
