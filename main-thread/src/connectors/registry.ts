import type { Remote } from 'comlink'
import type { PorticoConfig, PorticoCoreApi } from '@portico/shared-types'
import { createEmitter } from '@portico/shared-types/emitter'
import type { ApprovalHost } from './embedded/types.ts'
import { dedupeWallets } from './combine.ts'
import { eip6963Source } from './eip6963.ts'
import type { Connector, ConnectorSource } from './types.ts'

/**
 * What a source of connectors may use: the parsed configuration (project id, networks, metadata,
 * service URLs), the core (where a WalletConnect client or the embedded wallet's cached login live),
 * and, for connectors whose requests the modal approves, the page's ApproveTransaction.
 */
export type ConnectorSourceContext = { config: PorticoConfig; api: Remote<PorticoCoreApi>; approvals?: ApprovalHost | undefined }

/**
 * Creates one kind of connector. Answers null when the configuration leaves the kind out; may answer
 * a promise, so a kind with a large SDK loads it only when the session starts.
 */
export type ConnectorSourceFactory = (ctx: ConnectorSourceContext) => ConnectorSource | null | Promise<ConnectorSource | null>

/** A factory whose code is in a chunk of its own; `preload` fetches and runs that code without starting the source. */
export type LazyConnectorSourceFactory = ConnectorSourceFactory & { preload(config: PorticoConfig): Promise<unknown> }

/**
 * A kind of connector whose code loads apart from the session's: `load` imports its module, `make`
 * starts it, `offered` (default: always) says whether the configuration includes the kind. The code is
 * fetched once the page is idle (`preloadConnectorCode`), so starting the session does not wait for it.
 */
export function lazySource<M>(
  load: () => Promise<M>,
  make: (module: M, ctx: ConnectorSourceContext) => ConnectorSource | null,
  offered: (config: PorticoConfig) => boolean = () => true,
): LazyConnectorSourceFactory {
  let code: Promise<M> | null = null
  const loadOnce = () =>
    (code ??= load().catch((error: unknown) => {
      code = null
      throw error
    }))
  const factory = (ctx: ConnectorSourceContext) => (offered(ctx.config) ? loadOnce().then((module) => make(module, ctx)) : null)
  return Object.assign(factory, { preload: (config: PorticoConfig) => (offered(config) ? loadOnce().catch(() => undefined) : Promise.resolve()) })
}

/**
 * Every kind of connector the page offers, in the order their connectors are listed. A new kind is one
 * file exporting a source and one line here, for instance:
 *
 * ```ts
 * lazySource(() => import('./walletConnect.ts'), (m, ctx) => m.walletConnectSource(ctx)),     // WALLET_CONNECT, eip155 + solana
 * lazySource(() => import('./walletStandard.ts'), (m) => m.walletStandardSource()),            // ANNOUNCED, solana
 * ```
 */
export const CONNECTOR_SOURCES: readonly ConnectorSourceFactory[] = [
  () => eip6963Source(),
  // ANNOUNCED, solana: Wallet Standard wallets; its code (and Solana's) loads only when the dapp has a Solana network.
  lazySource(
    () => import('./walletStandard.ts'),
    (m, ctx) => m.walletStandardSource(ctx.config),
    (config) => config.networks.some((network) => network.chainNamespace === 'solana'),
  ),
  lazySource(
    () => import('./walletConnect.ts'),
    (m, ctx) => m.walletConnectSource(ctx),
  ), // WALLET_CONNECT, eip155 (+ solana when configured); the session is in the core
  lazySource(
    () => import('./embeddedWallet.ts'),
    (m, ctx) => m.embeddedWalletSource(ctx),
    (config) => !!config.embeddedWalletUrl,
  ), // AUTH, approval 'modal'; the frame loads on use
]

/** Fetches and runs the code of every lazily loaded kind the configuration offers (the page's own files; nothing starts). */
export function preloadConnectorCode(config: PorticoConfig, factories: readonly ConnectorSourceFactory[] = CONNECTOR_SOURCES): Promise<unknown> {
  return Promise.all(factories.map((factory) => ('preload' in factory ? (factory as LazyConnectorSourceFactory).preload(config) : undefined)))
}

/**
 * The sources as one: the connectors of every source in registration order (a connector id seen
 * before is left out, a wallet announced for two namespaces by two protocols is one connector:
 * `dedupeWallets`), one change feed, one destroy. A source that fails to start is skipped.
 */
export function createConnectorRegistry(ctx: ConnectorSourceContext, factories: readonly ConnectorSourceFactory[] = CONNECTOR_SOURCES): ConnectorSource & { settled(): Promise<unknown> } {
  const listeners = createEmitter()
  const sources: (ConnectorSource | null)[] = factories.map(() => null)
  const cleanups: (() => void)[] = []
  let destroyed = false
  let current: readonly Connector[] = []

  const collect = () => {
    const byId = new Map<string, Connector>()
    for (const source of sources) for (const connector of source?.connectors() ?? []) if (!byId.has(connector.id)) byId.set(connector.id, connector)
    current = dedupeWallets([...byId.values()])
  }
  const changed = () => {
    collect()
    listeners.emit()
  }
  const attach = (index: number, source: ConnectorSource | null) => {
    if (!source) return
    if (destroyed) return source.destroy()
    sources[index] = source
    cleanups.push(source.subscribe(changed), () => source.destroy())
  }

  /** The lazily loaded kinds still loading: `settled()` waits for them (each attached or failed). */
  const loading: Promise<unknown>[] = []
  factories.forEach((factory, index) => {
    try {
      const made = factory(ctx)
      if (made instanceof Promise) {
        loading.push(
          made.then(
            (source) => {
              attach(index, source)
              if (source && !destroyed) changed()
            },
            () => undefined,
          ),
        )
      } else attach(index, made)
    } catch {
      /* a kind that cannot start leaves the others working */
    }
  })
  collect()

  return {
    connectors: () => current,
    subscribe(onChange) {
      return listeners.on(onChange)
    },
    settled: () => Promise.all(loading),
    destroy() {
      destroyed = true
      listeners.clear()
      for (const cleanup of cleanups.splice(0)) cleanup()
    },
  }
}
