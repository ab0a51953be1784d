import type { FaultStore } from '../faults/store.ts'
import { RequestLog } from '../http/request-log.ts'
import { createHttpServer } from '../http/server.ts'
import { serviceHandle, type ServiceHandle } from '../http/service-handle.ts'
import { AnalyticsStore, type StoredAnalyticsEvent } from './analytics.ts'
import { createCatalogueApp } from './app.ts'
import { DEFAULT_PHONE_WALLET_URL, sandboxWallets } from './sandbox-wallets.ts'
import { generateWallets, toListing, type CatalogueWallet } from './wallets.ts'
import type { WalletListing } from '@portico/shared-types'

export type AnalyticsHandle = {
  /** Events POST /e accepted, oldest first. */
  events(): StoredAnalyticsEvent[]
  clear(): void
  /** On: POST /e answers 403, as for an origin not allowlisted. */
  forbid(on: boolean): void
  /** What GET /getAnalyticsConfig answers (isAnalyticsEnabled). */
  setEnabled(on: boolean): void
}

export type CatalogueHandle = ServiceHandle & {
  /** Every wallet of the catalogue, in listing order. */
  wallets(): WalletListing[]
}

/** Builds the catalogue (the sandbox's two wallets, then 660 generated ones) and serves it on `port`. */
export async function startCatalogue(
  port: number,
  faults: FaultStore,
  options: { analyticsEnabled: boolean; phoneWalletUrl?: string },
): Promise<{ catalogue: CatalogueHandle; analytics: AnalyticsHandle }> {
  const log = new RequestLog()
  const analytics = new AnalyticsStore()
  analytics.enabled = options.analyticsEnabled
  const wallets: CatalogueWallet[] = [...sandboxWallets(options.phoneWalletUrl ?? DEFAULT_PHONE_WALLET_URL), ...generateWallets()]
  const server = createHttpServer(createCatalogueApp({ wallets, analytics, log, faults }), port, 'wallet catalogue')
  await server.start()
  return {
    catalogue: { ...serviceHandle(server, log), wallets: () => wallets.map(toListing) },
    analytics: {
      events: () => analytics.events(),
      clear: () => void analytics.clear(),
      forbid: (on) => void (analytics.forbidden = on),
      setEnabled: (on) => void (analytics.enabled = on),
    },
  }
}
