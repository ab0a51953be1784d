import { z } from 'zod'
import { bundlerAnswers, startAlto, type AltoProcess } from '../aa/alto.ts'
import { compilePaymaster, installAccountAbstraction, type AaChainDeployment } from '../aa/install.ts'
import { chainDefinition, type ChainKey } from '../chains.ts'
import type { ResolvedOptions } from '../options.ts'
import { evmChainsService } from './evm-chains.ts'
import { localEndpoint, servicePort, type SandboxService, type ServiceEndpoint } from './service.ts'

/** One chain's ERC-4337 stack: the alto bundler and the contracts it serves. */
export type ChainBundler = {
  chainId: number
  /** The bundler's own JSON-RPC URL (loopback); dapps go through the data API's /v1/bundler. */
  url: string
  process: AltoProcess
  /** The EntryPoint, factory and paymaster once installed (after the seed). */
  deployment: Promise<AaChainDeployment>
  /** Installed and answering. */
  ready: Promise<void>
}

export type BundlersHandle = {
  /** Per chain the sandbox runs (empty with PORTICO_SANDBOX_BUNDLER=0). */
  chains: readonly ChainBundler[]
  bundler(chainId: number): ChainBundler | undefined
  /** Every bundler installed and answering (how long that took: `readyInMs`). */
  ready: Promise<void>
  /** `starting` until every bundler answers (or one failed). */
  status(): 'starting' | 'ready' | 'failed'
  readyInMs(): number | undefined
  stop(): Promise<void>
}

const BUNDLER_PORT_OFFSETS: Record<ChainKey, number> = { a: 6, b: 7 }
const BUNDLER_PORT_ENV: Record<ChainKey, string> = { a: 'PORTICO_BUNDLER_A_PORT', b: 'PORTICO_BUNDLER_B_PORT' }

/** A chain's bundler port: `ports.bundlerA` / `.bundlerB`, else PORTICO_BUNDLER_A_PORT / _B_, else the data API's port + 6 / + 7 (8793, 8794). */
export function bundlerPort(config: ResolvedOptions, key: ChainKey): number {
  return servicePort(config, key === 'a' ? 'bundlerA' : 'bundlerB', BUNDLER_PORT_ENV[key], config.dataApiPort + BUNDLER_PORT_OFFSETS[key])
}

const enabledSchema = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')

/** PORTICO_SANDBOX_BUNDLER=0 runs no bundler (no ERC-4337 either): a lighter sandbox for tests that need none. */
export function bundlersEnabled(config: ResolvedOptions): boolean {
  const raw = config.env.PORTICO_SANDBOX_BUNDLER
  if (raw === undefined || raw === '') return true
  const parsed = enabledSchema.safeParse(raw)
  if (!parsed.success) throw new Error(`Invalid PORTICO_SANDBOX_BUNDLER='${raw}': expected 1 or 0`)
  return parsed.data
}

/**
 * ERC-4337 v0.8 on every chain the sandbox runs, each with its own `@pimlico/alto` bundler (a
 * separate process, on 127.0.0.1). The bundlers are spawned at once, in parallel with the seed (they
 * take a few seconds to load); the EntryPoint, the SimpleAccountFactory and the sandbox paymaster
 * are installed once the seed is done, and only then does a bundler reach its chain. The data API
 * waits for `ready` before it answers, so a ready sandbox has answering bundlers.
 */
export const bundlerService: SandboxService<BundlersHandle> = {
  id: 'bundlers',
  name: 'ERC-4337 bundlers',
  endpoints: (config) =>
    bundlersEnabled(config)
      ? config.chains.map((c): ServiceEndpoint => localEndpoint(`bundler ${chainDefinition(c.key).chainId}`, bundlerPort(config, c.key), 'http', 'alto, ERC-4337 v0.8'))
      : [],

  async start({ config, get }) {
    const started = Date.now()
    const { chains, world } = get(evmChainsService)
    if (!bundlersEnabled(config)) {
      return { chains: [], bundler: () => undefined, ready: Promise.resolve(), status: () => 'ready', readyInMs: () => 0, stop: async () => {} }
    }
    const paymasterCode = compilePaymaster(config.cacheDir)
    paymasterCode.catch(() => {}) // awaited by each install
    const bundlers: ChainBundler[] = []
    try {
      for (const [i, chain] of chains.entries()) {
        const key = config.chains[i]?.key
        if (!key) continue
        const deployment = world.then(() => installAccountAbstraction(chain, paymasterCode))
        deployment.then((d) => config.log(`ERC-4337 on ${chain.chainId}: EntryPoint ${d.entryPoint}, factory ${d.factory}, paymaster ${d.paymaster}`)).catch(() => {})
        const process = await startAlto({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, port: bundlerPort(config, key), chainReady: deployment })
        const ready = Promise.all([deployment, process.ready]).then(() => undefined)
        ready.catch(() => {})
        bundlers.push({ chainId: chain.chainId, url: process.url, process, deployment, ready })
      }
    } catch (error) {
      await Promise.all(bundlers.map((b) => b.process.stop()))
      throw error
    }
    let readyAt: number | undefined
    let failed = false
    const ready = Promise.all(bundlers.map((b) => b.ready)).then(() => {
      readyAt = Date.now()
      config.log(`bundlers ready in ${((readyAt - started) / 1000).toFixed(1)} s`)
    })
    ready.catch(() => void (failed = true))
    return {
      chains: bundlers,
      bundler: (chainId) => bundlers.find((b) => b.chainId === chainId),
      ready,
      status: () => (readyAt !== undefined ? 'ready' : failed ? 'failed' : 'starting'),
      readyInMs: () => (readyAt === undefined ? undefined : readyAt - started),
      stop: async () => void (await Promise.all(bundlers.map((b) => b.process.stop()))),
    }
  },

  stop: (handle) => handle.stop(),

  /** Once ready: every bundler answers. While still starting (it loads during the seed): every process runs. */
  async health(handle) {
    const status = handle.status()
    if (status === 'failed') return false
    if (status === 'starting') return handle.chains.every((b) => b.process.running())
    const answers = await Promise.all(handle.chains.map((b) => bundlerAnswers(b.url)))
    return answers.every(Boolean)
  },
}
