import type { ResolvedOptions } from '../options.ts'
import { startRelay, type RelayHandle } from '../relay/relay.ts'
import { httpHealth, localEndpoint, servicePort, type SandboxService } from './service.ts'

/**
 * The relay's port: `ports.relay`, else PORTICO_RELAY_PORT, else the data API's port + 2 (8789). Like
 * the catalogue's, the default follows the data API's, so a test's sandbox on its own ports never
 * meets another's relay.
 */
export function relayPort(config: ResolvedOptions): number {
  return servicePort(config, 'relay', 'PORTICO_RELAY_PORT', config.dataApiPort + 2)
}

/** The WalletConnect v2 relay (websocket, 8789), with `/health` and `/__admin/*` on the same port. */
export const relayService: SandboxService<RelayHandle> = {
  id: 'relay',
  name: 'WalletConnect relay',
  endpoints: (config) => [localEndpoint('WalletConnect relay', relayPort(config), 'ws')],
  start: ({ config }) => startRelay({ port: relayPort(config) }),
  stop: (relay) => relay.stop(),
  health: (relay) => httpHealth(`${relay.httpUrl}/health`),
}
