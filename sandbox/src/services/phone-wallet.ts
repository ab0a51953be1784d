import type { ResolvedOptions } from '../options.ts'
import { startPhoneWallet, type PhoneWalletHandle } from '../phone-wallet/server.ts'
import { evmChainsService } from './evm-chains.ts'
import { relayService } from './relay.ts'
import { SOLANA_LOCALNET_CAIP_ID, SOLANA_LOCALNET_NAME } from '../solana/localnet.ts'
import { solanaService } from './solana.ts'
import { httpHealth, localEndpoint, servicePort, type SandboxService } from './service.ts'

/**
 * The phone wallet's port: `ports.phoneWallet`, else PORTICO_PHONE_WALLET_PORT, else the data API's
 * port + 4 (8791; 8790 is kept for the embedded-wallet frame).
 */
export function phoneWalletPort(config: ResolvedOptions): number {
  return servicePort(config, 'phoneWallet', 'PORTICO_PHONE_WALLET_PORT', config.dataApiPort + 4)
}

/** The Sandbox Phone Wallet (8791): a WalletConnect wallet page on the relay, the sandbox's EVM chains and its Solana Localnet. */
export const phoneWalletService: SandboxService<PhoneWalletHandle> = {
  id: 'phoneWallet',
  name: 'Sandbox Phone Wallet',
  needs: [relayService, evmChainsService, solanaService],
  endpoints: (config) => [localEndpoint('Sandbox Phone Wallet', phoneWalletPort(config), 'http', 'WalletConnect wallet page; deep link /wc?uri=…')],
  start: ({ config, faults, get }) =>
    startPhoneWallet({
      port: phoneWalletPort(config),
      relayUrl: get(relayService).url,
      chains: get(evmChainsService).chains.map((c) => ({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, nativeCurrency: c.nativeCurrency, blockExplorerUrl: c.explorerUrl })),
      solanaChains: [{ caipNetworkId: SOLANA_LOCALNET_CAIP_ID, name: SOLANA_LOCALNET_NAME, rpcUrl: get(solanaService).rpcUrl }],
      faults,
      cacheDir: config.cacheDir,
    }),
  stop: (wallet) => wallet.stop(),
  health: (wallet) => httpHealth(`${wallet.url}/health`),
}
