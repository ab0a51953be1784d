import { bundlerService } from './bundler.ts'
import { dataApiService } from './data-api.ts'
import { evmChainsService } from './evm-chains.ts'
import { frameService } from './frame.ts'
import { phoneWalletService } from './phone-wallet.ts'
import { relayService } from './relay.ts'
import { signInService } from './sign-in.ts'
import { solanaService } from './solana.ts'
import type { AnyService } from './run-services.ts'
import { walletCatalogueService } from './wallet-catalogue.ts'

/**
 * Every service `startSandbox` runs, in start order (stopped in reverse): the chains first (EVM, then
 * Solana), then the services that need no chain data, then the data API, whose /health answering
 * means all are up. A service may use the handles of those above it. To add one, write `services/<name>.ts` exporting a
 * `SandboxService` (see service.ts) and add it here.
 */
export const SANDBOX_SERVICES: readonly AnyService[] = [
  evmChainsService,
  solanaService,
  bundlerService,
  walletCatalogueService,
  relayService,
  phoneWalletService,
  signInService,
  frameService,
  dataApiService,
]
