import { z } from 'zod'
import { bundlerAnswers, startAlto, type AltoProcess } from '../aa/alto.ts'
import { compileSandboxAaContracts, installAccountAbstraction, type AaChainDeployment } from '../aa/install.ts'
import { chainDefinition, type ChainKey } from '../chains.ts'
import type { ResolvedOptions } from '../options.ts'
import { evmChainsService } from './evm-chains.ts'
import { localEndpoint, servicePort, type SandboxService, type ServiceEndpoint } from './service.ts'

/** One chain's ERC-4337 stack: the alto bundler and the contracts it serves. */
export type ChainBundler = {
  chainId: number
  /** The bundler's own JSON-RPC URL (loopback); dapps go through the data API's /v1/bundler. */
  url: string
  /** The EntryPoint, factory and paymaster once installed (after the seed). */
  deployment: Promise<AaChainDeployment>
  /** Spawns the bundler if it is not running yet; resolves once it answers. Called by /v1/bundler. */
  start(): Promise<void>
  /** The bundler's process once spawned. */
  process(): AltoProcess | undefined
  /** `idle` until started (lazy), `starting`, `ready` once it answers, `failed`. */
  status(): 'idle' | 'starting' | 'ready' | 'failed'
}

export type BundlerMode = 'eager' | 'lazy' | 'off'

export type BundlersHandle = {
  mode: BundlerMode
  /** Per chain the sandbox runs (empty when off). */
  chains: readonly ChainBundler[]
  bundler(chainId: number): ChainBundler | undefined
  /** Eager: every bundler installed and answering. Lazy: ERC-4337 installed (the bundlers start on first use). */
  ready: Promise<void>
  /** Starts every bundler not running yet; resolves once all answer. */
  start(): Promise<void>
  /** Since the service started, until every bundler answered (undefined before). */
  readyInMs(): number | undefined
  stop(): Promise<void>
}

const BUNDLER_PORT_OFFSETS: Record<ChainKey, number> = { a: 6, b: 7 }
const BUNDLER_PORT_ENV: Record<ChainKey, string> = { a: 'PORTICO_BUNDLER_A_PORT', b: 'PORTICO_BUNDLER_B_PORT' }

/** A chain's bundler port: `ports.bundlerA` / `.bundlerB`, else PORTICO_BUNDLER_A_PORT / _B_, else the data API's port + 6 / + 7 (8793, 8794). */
export function bundlerPort(config: ResolvedOptions, key: ChainKey): number {
  return servicePort(config, key === 'a' ? 'bundlerA' : 'bundlerB', BUNDLER_PORT_ENV[key], config.dataApiPort + BUNDLER_PORT_OFFSETS[key])
}

const modeSchema = z.enum(['eager', 'lazy', 'off', '1', '0', 'true', 'false']).transform((v): BundlerMode => (v === '1' || v === 'true' ? 'eager' : v === '0' || v === 'false' ? 'off' : v))

/**
 * PORTICO_SANDBOX_BUNDLER: `eager` starts the bundlers with the sandbox, which is ready once they
 * answer (`npm start` and `npm run sandbox` set it); `lazy`, the default of a sandbox started from
 * code, installs ERC-4337 but spawns a chain's bundler on its first use (a test that sends no user
 * operation pays nothing for it); `off` (or `0`) installs and runs nothing.
 */
export function bundlerMode(config: ResolvedOptions): BundlerMode {
  const raw = config.env.PORTICO_SANDBOX_BUNDLER
  if (raw === undefined || raw === '') return 'lazy'
  const parsed = modeSchema.safeParse(raw)
  if (!parsed.success) throw new Error(`Invalid PORTICO_SANDBOX_BUNDLER='${raw}': expected eager, lazy or off`)
  return parsed.data
}

/**
 * ERC-4337 v0.8 on every chain the sandbox runs, each with its own `@pimlico/alto` bundler (a
 * separate process, on 127.0.0.1). The EntryPoint, the SimpleAccountFactory and the sandbox
 * paymaster are installed once the seed is done. Eager, the bundlers are spawned at once, in
 * parallel with the seed (they take a few seconds of CPU to load), reach their chain only once
 * ERC-4337 is installed, and the data API waits for them; lazy, a bundler is spawned by the first
 * /v1/bundler call for its chain (or `start()`).
 */
export const bundlerService: SandboxService<BundlersHandle> = {
  id: 'bundlers',
  name: 'ERC-4337 bundlers',
  needs: [evmChainsService],
  endpoints: (config) =>
    bundlerMode(config) === 'off'
      ? []
      : config.chains.map((c): ServiceEndpoint => localEndpoint(`bundler ${chainDefinition(c.key).chainId}`, bundlerPort(config, c.key), 'http', 'alto, ERC-4337 v0.8')),

  async start({ config, get }) {
    const startedAt = Date.now()
    const mode = bundlerMode(config)
    const { chains, world } = get(evmChainsService)
    if (mode === 'off') {
      return { mode, chains: [], bundler: () => undefined, ready: Promise.resolve(), start: async () => {}, readyInMs: () => undefined, stop: async () => {} }
    }
    const sandboxCode = compileSandboxAaContracts(config.cacheDir)
    sandboxCode.catch(() => {}) // awaited by each install
    let stopped = false
    const spawned: AltoProcess[] = []

    const bundlers = chains.flatMap((chain, i): ChainBundler[] => {
      const key = config.chains[i]?.key
      if (!key) return []
      const deployment = world.then(() => installAccountAbstraction(chain, sandboxCode))
      deployment
        .then((d) => config.log(`ERC-4337 on ${chain.chainId}: EntryPoint ${d.entryPoint}, factory ${d.factory}, embedded wallet's account factory ${d.accountFactory}, paymaster ${d.paymaster}`))
        .catch(() => {})
      const port = bundlerPort(config, key)
      let alto: AltoProcess | undefined
      let starting: Promise<void> | undefined
      let status: ReturnType<ChainBundler['status']> = 'idle'
      const start = () =>
        (starting ??= (async () => {
          status = 'starting'
          try {
            if (stopped) throw new Error(`The sandbox was stopped: no bundler for chain ${chain.chainId}`)
            alto = await startAlto({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, port, chainReady: deployment })
            spawned.push(alto)
            await deployment
            try {
              await alto.ready
            } catch (first) {
              // alto deploys its simulation contracts when it starts, and on a loaded machine that step
              // has failed once (alto exits). It checks what is already deployed, so one new start finishes it.
              if (stopped || alto.running()) throw first
              await alto.stop()
              alto = await startAlto({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, port, chainReady: deployment })
              spawned.push(alto)
              await alto.ready
            }
            status = 'ready'
          } catch (error) {
            status = 'failed'
            throw error
          }
        })())
      return [{ chainId: chain.chainId, url: `http://127.0.0.1:${port}`, deployment, start, process: () => alto, status: () => status }]
    })

    let readyAt: number | undefined
    const startAll = async () => {
      await Promise.all(bundlers.map((b) => b.start()))
      if (readyAt === undefined) {
        readyAt = Date.now()
        config.log(`bundlers ready in ${((readyAt - startedAt) / 1000).toFixed(1)} s`)
      }
    }
    const ready = mode === 'eager' ? startAll() : Promise.all(bundlers.map((b) => b.deployment)).then(() => undefined)
    ready.catch(() => {})
    return {
      mode,
      chains: bundlers,
      bundler: (chainId) => bundlers.find((b) => b.chainId === chainId),
      ready,
      start: startAll,
      readyInMs: () => (readyAt === undefined ? undefined : readyAt - startedAt),
      stop: async () => {
        stopped = true
        await Promise.all(spawned.map((p) => p.stop()))
      },
    }
  },

  stop: (handle) => handle.stop(),

  /** A started bundler answers; one still loading runs; a lazy one not started yet has nothing to answer. */
  async health(handle) {
    const answers = await Promise.all(
      handle.chains.map(async (b) => {
        const status = b.status()
        if (status === 'idle') return true
        if (status === 'failed') return false
        if (status === 'starting') return b.process()?.running() ?? true
        return bundlerAnswers(b.url)
      }),
    )
    return answers.every(Boolean)
  },
}
