import { numberToHex, parseEther } from 'viem'
import { FRAME_SERVICE_NAME } from '../frame/pages.ts'
import { startFrameService, type FrameServiceHandle } from '../frame/server.ts'
import type { ResolvedOptions } from '../options.ts'
import { evmChainsService } from './evm-chains.ts'
import { httpHealth, localEndpoint, servicePort, type SandboxService } from './service.ts'

/** What each new embedded account holds on every chain the sandbox runs (set with anvil_setBalance). */
export const FRAME_ACCOUNT_FUNDING = parseEther('10')

/**
 * The frame service's port: `ports.frame`, else PORTICO_FRAME_PORT, else the data API's port + 3
 * (8790). Its SMTP server takes `ports.frameSmtp` / PORTICO_FRAME_SMTP_PORT, else a free port.
 */
export function framePort(config: ResolvedOptions): number {
  return servicePort(config, 'frame', 'PORTICO_FRAME_PORT', config.dataApiPort + 3)
}

/** The embedded wallet's secure frame (8790): frame page, its API, mail and mailbox, social and Farcaster sign-in. */
export const frameService: SandboxService<FrameServiceHandle> = {
  id: 'frame',
  name: FRAME_SERVICE_NAME,
  endpoints: (config) => [localEndpoint(FRAME_SERVICE_NAME, framePort(config), 'http', 'secure frame /frame, mailbox /mailbox')],
  start: ({ config, faults, get }) => {
    const { chains, world } = get(evmChainsService)
    return startFrameService({
      chainsReady: world.catch(() => undefined),
      port: framePort(config),
      smtpPort: servicePort(config, 'frameSmtp', 'PORTICO_FRAME_SMTP_PORT', 0),
      chains: chains.map((c) => ({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, viemChain: c.viemChain, external: c.external })),
      faults,
      projects: config.frameProjects,
      cacheDir: config.cacheDir,
      async onNewAccount(address) {
        await Promise.all(
          chains
            .filter((c) => !c.external)
            .map((c) =>
              fetch(c.rpcUrl, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, numberToHex(FRAME_ACCOUNT_FUNDING)] }),
              }).catch(() => undefined),
            ),
        )
      },
    })
  },
  stop: (frame) => frame.shutdown(),
  health: (frame) => httpHealth(`${frame.url}/health`),
}
