import { BALANCE_NAMESPACES, HISTORY_NAMESPACES, NAME_NAMESPACES, SWAP_SUPPORTED_CHAIN_IDS } from '@portico/shared-types/constants'
import type { CaipNetworkId, Capabilities } from '@portico/shared-types'
import { getSupportedChainsQueryOptions } from './getSupportedChains.ts'
import type { CoreContext, CoreEnv } from '../../infra/context.ts'

/** The chains swaps are offered on: SPEC.md §9's list, or the core's options where a deployment has its own. */
export function swapChainsOf(options: CoreEnv['options']): CaipNetworkId[] {
  return options.swapChains ?? SWAP_SUPPORTED_CHAIN_IDS.map((id): CaipNetworkId => `eip155:${id}`)
}

/** The SPEC.md §9 support lists, replaced by the core's options where a deployment has its own chains. */
export function computeCapabilities(env: Pick<CoreEnv, 'config' | 'options' | 'rpc'>, supportedChains: readonly CaipNetworkId[] | null): Capabilities {
  const { config, options, rpc } = env
  const balanceNamespaces = options.balanceNamespaces ?? [...BALANCE_NAMESPACES]
  const historyNamespaces = options.historyNamespaces ?? [...HISTORY_NAMESPACES]
  const nameNamespaces = options.nameNamespaces ?? [...NAME_NAMESPACES]
  const swapChains = swapChainsOf(options)
  const networks: Capabilities['networks'] = {}
  for (const n of config.networks) {
    networks[n.caipNetworkId] = {
      balance: balanceNamespaces.includes(n.chainNamespace) && (supportedChains === null || supportedChains.includes(n.caipNetworkId)),
      history: historyNamespaces.includes(n.chainNamespace),
      names: nameNamespaces.includes(n.chainNamespace),
      swaps: swapChains.includes(n.caipNetworkId),
      rpc: rpc.source(n.caipNetworkId) ?? 'default',
    }
  }
  return { balanceNamespaces, historyNamespaces, nameNamespaces, swapChains, supportedChains: supportedChains ? [...supportedChains] : null, networks }
}

export type CapabilitiesFeature = {
  /** Recomputes the lists after `configure` (no request). */
  reset(): void
  /** Reads the data API's supported chains (cached 1 h; a failure is remembered 30 s) and answers the capabilities. */
  get(): Promise<Capabilities>
  /** False when the network's namespace has no balances, or the data API is known not to serve it. */
  isBalanceSupported(caipNetworkId: CaipNetworkId): Promise<boolean>
}

export function createCapabilities(ctx: CoreContext): CapabilitiesFeature {
  let supported: CaipNetworkId[] | null = null

  async function loadSupportedChains(): Promise<void> {
    const env = ctx.env()
    if (!env) return
    try {
      const { data } = await ctx.queries.fetch(getSupportedChainsQueryOptions(env))
      if (JSON.stringify(data.http) !== JSON.stringify(supported)) {
        supported = data.http
        ctx.store.set({ capabilities: computeCapabilities(env, supported) })
      }
    } catch {
      // Unknown support is not a failure: the balance call itself answers for the network.
    }
  }

  return {
    reset() {
      const env = ctx.env()
      if (env) ctx.store.set({ capabilities: computeCapabilities(env, supported) })
    },
    async get() {
      await loadSupportedChains()
      return ctx.store.get().capabilities
    },
    async isBalanceSupported(caipNetworkId) {
      await loadSupportedChains()
      return ctx.store.get().capabilities.networks[caipNetworkId]?.balance === true
    },
  }
}
