import { proxy, type Remote } from 'comlink'
import type { CaipAddress, CoreState, PorticoConfig, PorticoCoreApi } from '@portico/shared-types'
import { coreConfigSchema, porticoConfigSchema } from '@portico/shared-types/config'
import { coreOptionsSchema } from '@portico/shared-types/core-options'
import { UserRejectedRequestError } from '@portico/shared-types/errors'
import { activeConnection } from '@portico/shared-types/light'
import { parseWith } from '@portico/shared-types/parse'
import { discoverWallets, type DiscoveredWallet } from '../connectors/eip6963.ts'
import { currentAccount, requestAccount, revokeAccount, toProviderError } from '../connectors/injected.ts'
import type { ClientInternals } from './createClient.ts'
import { currentView, route } from './router.ts'
import { spawnCore } from './spawnCore.ts'
import { createWalletAssetsReader } from './walletAssets.ts'

export type Session = {
  config: PorticoConfig
  api: Remote<PorticoCoreApi>
  refresh(): Promise<void>
  connect(connectorId: string): Promise<void>
  disconnect(): Promise<void>
  destroy(): void
}

/**
 * The part of the client that wakes on intent: validates the configuration, spawns the core, follows
 * its pushes, and speaks to the page's wallets (which cannot leave the page).
 */
export async function startSession(client: ClientInternals): Promise<Session> {
  const config = parseWith(porticoConfigSchema, client.config, 'PorticoProvider config')
  const spawned = (client.spawn ?? spawnCore)()
  const api: Remote<PorticoCoreApi> = spawned.api
  let subscriptionId: number | null = null
  let attached: { rdns: string; detach: () => void } | null = null
  let verified = false
  const tabId = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `tab-${Date.now()}-${performance.now()}`
  const walletAssets = createWalletAssetsReader()

  const walletFor = (rdns: string | null): DiscoveredWallet | undefined =>
    rdns ? client.get().wallets.find((w) => w.info.rdns === rdns) : undefined

  function onCoreState(state: CoreState) {
    const snapshot = client.get()
    if (snapshot.core && state.revision <= snapshot.core.revision) return
    const connection = activeConnection(state)
    const connected = connection.status === 'connected'
    client.writeHint(connected)
    let router = snapshot.modal.router
    const view = currentView(router).name
    if (connected && (view === 'Connect' || view === 'ConnectingExternal') && snapshot.attempt?.status !== 'failed') {
      router = route(router, { type: 'reset', view: { name: 'Account' } })
    } else if (!connected && connection.status !== 'connecting' && view === 'Account') {
      router = route(router, { type: 'reset', view: { name: 'Connect' } })
    }
    client.set({ core: state, modal: { ...snapshot.modal, router } })
    followWallet()
  }

  /** Follows the connected wallet's events, and checks once that it still knows this page. */
  function followWallet() {
    const core = client.get().core
    const connection = core ? activeConnection(core) : null
    const rdns = connection?.status === 'connected' ? connection.connectorId : null
    if (attached && attached.rdns !== rdns) {
      attached.detach()
      attached = null
    }
    const wallet = walletFor(rdns)
    if (!wallet || !rdns || attached) return
    const { provider } = wallet
    const sync = () =>
      void currentAccount(provider)
        .then((caipAddress) =>
          caipAddress ? api.setConnected({ caipAddress, connectorId: rdns, connectorName: wallet.info.name }) : api.setDisconnected('eip155'),
        )
        .catch(() => undefined)
    const onDisconnect = () => void api.setDisconnected('eip155')
    provider.on?.('accountsChanged', sync as never)
    provider.on?.('chainChanged', sync as never)
    provider.on?.('disconnect', onDisconnect as never)
    attached = {
      rdns,
      detach: () => {
        provider.removeListener?.('accountsChanged', sync as never)
        provider.removeListener?.('chainChanged', sync as never)
        provider.removeListener?.('disconnect', onDisconnect as never)
      },
    }
    if (!verified) {
      verified = true
      sync()
    }
  }

  async function subscribe() {
    const id = await api.subscribe(proxy(onCoreState))
    if (subscriptionId !== null) void api.unsubscribe(subscriptionId)
    subscriptionId = id
  }

  const discovery = discoverWallets((wallets) => {
    client.set({ wallets })
    followWallet()
  })
  client.set({ wallets: discovery.wallets() })

  /** ERC-7811: where the connected wallet offers its assets, the tab asks it and hands the answer to the core. */
  async function handOverWalletAssets(known?: { wallet: DiscoveredWallet; caipAddress: CaipAddress }) {
    let target = known
    if (!target) {
      const core = client.get().core
      const connection = core ? activeConnection(core) : null
      const wallet = walletFor(connection?.connectorId ?? null)
      if (connection?.status !== 'connected' || !connection.caipAddress || !wallet) return
      target = { wallet, caipAddress: connection.caipAddress }
    }
    const answer = await walletAssets.read(target.wallet.provider, target.caipAddress).catch(() => null)
    if (answer !== null && answer !== undefined) await api.setWalletAssets(target.caipAddress, answer)
  }

  const coreOptions = parseWith(
    coreOptionsSchema,
    { ...config.core, featuredWalletIds: config.featuredWalletIds, includeWalletIds: config.includeWalletIds, excludeWalletIds: config.excludeWalletIds, ...client.coreOptions },
    'core options',
  )
  await api.configure(parseWith(coreConfigSchema, config, 'core config'), coreOptions)
  await subscribe()

  // The worker has no window: online state and visibility come from the tabs (TanStack-style managers in the core).
  const online = () => void api.setOnline(true)
  const offline = () => void api.setOnline(false)
  const isVisible = () => document.visibilityState === 'visible'
  const visibility = () => {
    void api.setVisibility(tabId, isVisible())
    if (isVisible()) void subscribe()
  }
  const gone = () => void api.setVisibility(tabId, false)
  window.addEventListener('online', online)
  window.addEventListener('offline', offline)
  window.addEventListener('pagehide', gone)
  document.addEventListener('visibilitychange', visibility)
  if (!navigator.onLine) offline()
  void api.setVisibility(tabId, isVisible())

  return {
    config,
    api,
    async refresh() {
      await handOverWalletAssets().catch(() => undefined)
      await api.refresh()
    },
    async connect(connectorId) {
      const wallet = walletFor(connectorId)
      try {
        if (!wallet) throw new Error('This wallet is no longer available on the page')
        await api.setConnecting('eip155', connectorId)
        const caipAddress = await requestAccount(wallet.provider)
        verified = true
        client.set({ attempt: null })
        await api.setConnected({ caipAddress, connectorId, connectorName: wallet.info.name })
        void handOverWalletAssets({ wallet, caipAddress }).catch(() => undefined)
      } catch (cause) {
        const error = toProviderError(cause)
        await api.setDisconnected('eip155')
        client.set({
          attempt: { connectorId, status: 'failed', error: error instanceof UserRejectedRequestError ? 'Connection declined' : error.shortMessage },
        })
      }
    },
    async disconnect() {
      const core = client.get().core
      const wallet = walletFor(core ? activeConnection(core).connectorId : null)
      if (wallet) await revokeAccount(wallet.provider)
      await api.setDisconnected('eip155')
    },
    destroy() {
      discovery.destroy()
      attached?.detach()
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
      window.removeEventListener('pagehide', gone)
      document.removeEventListener('visibilitychange', visibility)
      void api.setVisibility(tabId, false).catch(() => undefined)
      if (subscriptionId !== null) void api.unsubscribe(subscriptionId)
      spawned.close()
    },
  }
}
