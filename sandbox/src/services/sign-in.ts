import type { ResolvedOptions } from '../options.ts'
import { SIGN_IN_SERVICE_NAME, startSignInStandIns, type SignInStandIns } from '../sign-in/server.ts'
import { evmChainsService } from './evm-chains.ts'
import { frameCallbackUrl } from './frame-address.ts'
import { httpHealth, localEndpoint, servicePort, type SandboxService } from './service.ts'

/** The sign-in stand-ins' port: `ports.signIn`, else PORTICO_SIGN_IN_PORT, else the data API's port + 5 (8792). Their SMTP server: `ports.signInSmtp` / PORTICO_SIGN_IN_SMTP_PORT, else a free port. */
export function signInPort(config: ResolvedOptions): number {
  return servicePort(config, 'signIn', 'PORTICO_SIGN_IN_PORT', config.dataApiPort + 5)
}

/**
 * What a deployed frame service signs visitors in through, stood in for on this machine (8792): the
 * OpenID providers with their login pages, the SMTP server and its mailbox (/mailbox), the Farcaster
 * relay, wallet and ID registry. The frame service is configured with their URLs (services/frame.ts).
 */
export const signInService: SandboxService<SignInStandIns> = {
  id: 'signIn',
  name: SIGN_IN_SERVICE_NAME,
  needs: [evmChainsService],
  endpoints: (config) => [localEndpoint(SIGN_IN_SERVICE_NAME, signInPort(config), 'http', 'mailbox /mailbox, OpenID providers /oidc/{provider}, Farcaster wallet /farcaster/wallet')],
  start: async ({ config, faults, get }) => {
    const { chains, world } = get(evmChainsService)
    const chain = chains.find((c) => !c.external)
    return startSignInStandIns({
      port: signInPort(config),
      smtpPort: servicePort(config, 'signInSmtp', 'PORTICO_SIGN_IN_SMTP_PORT', 0),
      frameCallbackUrl: frameCallbackUrl(config),
      farcasterChain: chain ? { id: chain.chainId, name: chain.name, rpcUrl: chain.rpcUrl, viemChain: chain.viemChain } : undefined,
      chainReady: world.catch(() => undefined),
      faults,
      cacheDir: config.cacheDir,
    })
  },
  stop: (standIns) => standIns.shutdown(),
  health: (standIns) => httpHealth(`${standIns.url}/health`),
}
