import { startCatalogue, type AnalyticsHandle, type CatalogueHandle } from '../catalogue/catalogue.ts'
import { phoneWalletUrl } from '../phone-wallet/server.ts'
import { phoneWalletPort } from './phone-wallet.ts'
import { localEndpoint, httpHealth, type SandboxService } from './service.ts'

export type WalletCatalogueHandle = { catalogue: CatalogueHandle; analytics: AnalyticsHandle }

/**
 * The wallet catalogue and the analytics sink (8788). It needs no chain, so it answers while the
 * chains are still being seeded: that is how a second start recognises a sandbox that is starting.
 */
export const walletCatalogueService: SandboxService<WalletCatalogueHandle> = {
  id: 'catalogue',
  name: 'wallet catalogue, analytics',
  endpoints: (config) => [localEndpoint('wallet catalogue', config.cataloguePort)],
  start: ({ config, faults }) => startCatalogue(config.cataloguePort, faults, { analyticsEnabled: config.analyticsEnabled, phoneWalletUrl: phoneWalletUrl(phoneWalletPort(config)) }),
  stop: ({ catalogue }) => catalogue.stop(),
  health: ({ catalogue }) => httpHealth(`${catalogue.url}/health`),
}
