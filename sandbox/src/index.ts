import type { SandboxChain } from './chain/sandbox-chain.ts'
import type { AnalyticsHandle, CatalogueHandle } from './catalogue/catalogue.ts'
import type { ChainContracts, ChainDeployment } from './contracts/deploy.ts'
import type { DataApiHandle } from './data-api/data-api.ts'
import { DEPLOYER_INDEX, devAccount, devAccounts, type DevAccount } from './dev-accounts.ts'
import type { FaultRuleInput } from './faults/rules.ts'
import { FaultStore, type ActiveFault } from './faults/store.ts'
import type { NameRegistry } from './names/registry.ts'
import type { OnrampOrder } from './onramp/orders.ts'
import { resolveOptions, type SandboxOptions } from './options.ts'
import type { PhoneWalletHandle } from './phone-wallet/server.ts'
import type { RelayHandle } from './relay/relay.ts'
import { dataApiService } from './services/data-api.ts'
import { evmChainsService } from './services/evm-chains.ts'
import { phoneWalletService } from './services/phone-wallet.ts'
import { frameService } from './services/frame.ts'
import type { SandboxFrameHandle } from './services/frame.ts'
import { relayService } from './services/relay.ts'
import { SANDBOX_SERVICES } from './services/registry.ts'
import { runServices, selectServices, type RunningService } from './services/run-services.ts'
import type { SandboxService } from './services/service.ts'
import { walletCatalogueService } from './services/wallet-catalogue.ts'
import type { SessionInput } from './sessions/store.ts'
import type { SmartSession } from '@portico/shared-types'

export type { SandboxChain } from './chain/sandbox-chain.ts'
export type { AnalyticsHandle, CatalogueHandle } from './catalogue/catalogue.ts'
export type { StoredAnalyticsEvent } from './catalogue/analytics.ts'
export { PHONE_WALLET_ID, SANDBOX_WALLET_ID, SANDBOX_WALLET_RDNS } from './catalogue/sandbox-wallets.ts'
export type { ChainKey } from './chains.ts'
export { CHAIN_DEFINITIONS } from './chains.ts'
export { COLLECTION_DEFINITIONS, type CollectionKey } from './contracts/collections.ts'
export type { ChainContracts, ChainDeployment, DeployedCollection, DeployedToken } from './contracts/deploy.ts'
export { DRAINER_NAME, SANDBOX_DRAINER_TARGETS, drainerAbi, type DrainerTargets } from './contracts/drainer.ts'
export { NATIVE_TOKEN_ADDRESS, POOL_DEFINITIONS } from './contracts/pools.ts'
export type { TokenKey } from './contracts/tokens.ts'
export { TOKEN_DEFINITIONS } from './contracts/tokens.ts'
export type { DataApiHandle } from './data-api/data-api.ts'
export { DEV_MNEMONIC, DEPLOYER_INDEX, FUNDED_ACCOUNT_INDEXES, REGISTRAR_INDEX, TREASURY_INDEX, devAccounts, type DevAccount } from './dev-accounts.ts'
export { FAULT_KINDS, type FaultKind, type FaultRule, type FaultRuleInput } from './faults/rules.ts'
export { CHAOS_FAULTS, CHAOS_RATE } from './faults/chaos.ts'
export type { ActiveFault } from './faults/store.ts'
export type { RequestLogEntry } from './http/request-log.ts'
export type { OnrampOrder } from './onramp/orders.ts'
export type { SandboxOptions } from './options.ts'
export { freePort, PortInUseError } from './ports.ts'
export { USD_PRICES } from './prices.ts'
export { HISTORY_DAYS, SEEDED_NAMES } from './seed/plan.ts'
export { SANDBOX_WALLET_NAME_LABEL } from './seed/wallet-name.ts'
export { SEEDED_SESSION_PCI } from './chain-services.ts'
export { dataApiService } from './services/data-api.ts'
export { evmChainsService, type EvmChainsHandle, type EvmWorld } from './services/evm-chains.ts'
export { SANDBOX_SERVICES } from './services/registry.ts'
export { SandboxServiceNotStartedError, type RunningService } from './services/run-services.ts'
export { httpHealth, localEndpoint, servicePort, type SandboxService, type ServiceContext, type ServiceDirectoryEntry, type ServiceEndpoint } from './services/service.ts'
export { walletCatalogueService, type WalletCatalogueHandle } from './services/wallet-catalogue.ts'
export { relayService, relayPort } from './services/relay.ts'
export { solanaService, solanaPort, solanaWsPort } from './services/solana.ts'
export type { SolanaChainHandle, SolanaTokenHolding } from './solana/server.ts'
export type { SolanaDevAccount } from './solana/dev-keys.ts'
export type { SolanaToken, SolanaTokenKey } from './solana/seed.ts'
export { SOLANA_DRAINER_ADDRESS, SOLANA_USDC_MINT, usdcTokenAccount } from './solana/drainer.ts'
export { SOLANA_GENESIS_HASH, SOLANA_LOCALNET_CAIP_ID, SOLANA_LOCALNET_NAME } from './solana/localnet.ts'
export { phoneWalletService, phoneWalletPort } from './services/phone-wallet.ts'
export { frameService, FRAME_ACCOUNT_FUNDING, FRAME_SOLANA_FUNDING } from './services/frame.ts'
export { framePort } from './services/frame-address.ts'
export type { FrameServiceHandle } from '@portico/frame-service/server.ts'
export type { SandboxFrameHandle } from './services/frame.ts'
export type { MailboxMessage } from './sign-in/mailbox.ts'
export { mailboxMessageSchema } from './sign-in/mailbox.ts'
export { signInService, signInPort } from './services/sign-in.ts'
export type { SignInStandIns } from './sign-in/server.ts'
export { FRAME_MESSAGES } from '@portico/frame-service/messages.ts'
export { DEFAULT_FRAME_PROJECTS, type FrameProjects } from '@portico/frame-service/allow-list.ts'
export { CODE_TTL_MS, MAX_CODE_ATTEMPTS } from '@portico/frame-service/accounts.ts'
export type { RelayConnectionInfo, RelayDeliveryLogEntry, RelayHandle, RelayRequestLogEntry } from './relay/relay.ts'
/** The WalletConnect relay alone, without the rest of the sandbox (the bench's QR timing): `await startRelay({ port })`. */
export { startRelay, type RelayOptions } from './relay/relay.ts'
export type { PhoneWalletHandle } from './phone-wallet/server.ts'
export { PHONE_WALLET_NAME } from './phone-wallet/config.ts'

export type FaultsHandle = {
  /** Replaces every rule (shared by the data API, its chain RPC proxy `/rpc/{chainId}` and the catalogue). */
  set(rules: readonly FaultRuleInput[]): ActiveFault[]
  add(rule: FaultRuleInput): ActiveFault
  clear(): void
  list(): ActiveFault[]
}

export type SandboxHandle = {
  chains: SandboxChain[]
  /** Tokens deployed per chain id: `contracts[31337].USDC.address`. */
  contracts: Record<number, ChainContracts>
  /** Everything deployed per chain id: tokens, NFT collections, the AMM, the name registry. */
  deployments: Record<number, ChainDeployment>
  /** The funded dev accounts (index 0..9); 0..4 hold tokens and history. */
  devAccounts: DevAccount[]
  /** The account that deployed the contracts (index 9) and may mint more tokens. */
  deployer: DevAccount
  dataApi: DataApiHandle
  /** The wallet catalogue (with the analytics sink) on its own port. */
  catalogue: CatalogueHandle
  /** The WalletConnect relay: `url` for the clients, `connections()` (one per client socket), `stop()` / `start()`. */
  relay: RelayHandle
  /** The Sandbox Phone Wallet page: `url`, `deepLink(wcUri)`. */
  phoneWallet: PhoneWalletHandle
  /** The embedded-wallet frame service: `url`, `frameUrl(query)`, `mail.messages(to)`, `projects.set(id, origins)`. */
  frame: SandboxFrameHandle
  analytics: AnalyticsHandle
  /** Fault injection for the data API, the chains' RPC proxy and the catalogue. Off unless set. */
  faults: FaultsHandle
  /** The account-name registry (read and register without a signature, for test set-up). */
  names: NameRegistry | undefined
  /** The name seeded for dev account 0, the Sandbox Wallet's (`portico-dev` + the configured suffix); undefined without history or names. */
  sandboxWalletName: string | undefined
  sessions: { create(input: SessionInput): SmartSession; get(pci: string): SmartSession | undefined; list(): SmartSession[] }
  onramp: { orders(): OnrampOrder[] }
  /** Catches the history index up with the chains now (the history route does this itself). */
  syncHistory(): Promise<void>
  /** Seeded transactions per chain id. */
  seeded: Record<number, { transactions: number; blocks: number; timeTravel: boolean }>
  /** Every service of the registry in start order, with its name and URLs (`services[0].endpoints[0].url`). */
  services: readonly RunningService[]
  /** The handle a registry service's start returned: `sandbox.service(evmChainsService).chains`. */
  service<H>(definition: SandboxService<H>): H
  /** Milliseconds from the call to ready. */
  readyInMs: number
  /** Stops the services in reverse start order, anvil nodes last; resolves once they have exited. */
  stop(): Promise<void>
}
/** Short name of the handle (used by e2e fixtures). */
export type Sandbox = SandboxHandle

/**
 * Starts the sandbox's services (services/registry.ts) in order: the chains (deployed, seeded and
 * indexed), the wallet catalogue, the WalletConnect relay, the Sandbox Phone Wallet, the
 * blockchain-data API. Everything binds 127.0.0.1; a busy port fails before anything starts.
 *
 * @example
 * const sandbox = await startSandbox({ chainPorts: { a: 18545, b: 18546 }, dataApiPort: 18787 })
 * sandbox.services.map((s) => `${s.name} ${s.endpoints[0]?.url}`)
 * await sandbox.stop()
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const started = Date.now()
  const config = resolveOptions(options)
  const faults = new FaultStore(config.faults)
  const running = await runServices(selectServices(SANDBOX_SERVICES, config.services === undefined ? undefined : ['chains', ...config.services]), { config, faults })
  try {
    const { chains, world } = running.get(evmChainsService)
    const { seeds, deployments, services, walletName } = await world
    const handle: Omit<SandboxHandle, 'dataApi' | 'catalogue' | 'analytics' | 'relay' | 'phoneWallet' | 'frame'> = {
      chains,
      contracts: Object.fromEntries(seeds.map((s) => [s.deployment.chainId, s.deployment.tokens])),
      deployments: Object.fromEntries(deployments),
      devAccounts: devAccounts(),
      deployer: devAccount(DEPLOYER_INDEX),
      faults: {
        set: (rules) => faults.set(rules),
        add: (rule) => faults.add(rule),
        clear: () => void faults.clear(),
        list: () => faults.list(),
      },
      names: services.names,
      sandboxWalletName: walletName?.name,
      sessions: {
        create: (input) => services.sessions.create(input),
        get: (pci) => services.sessions.get(pci),
        list: () => services.sessions.list(),
      },
      onramp: { orders: () => services.onramp.list() },
      syncHistory: () => services.history.sync(),
      seeded: Object.fromEntries(seeds.map((s) => [s.deployment.chainId, { transactions: s.transactions, blocks: s.blocks, timeTravel: s.timeTravel }])),
      services: running.list,
      service: (definition) => running.get(definition),
      readyInMs: Date.now() - started,
      stop: () => running.stop(),
    }
    // The handles of services a sandbox may leave out (`services`): read when used, so a test that uses one it did not start is told which.
    return Object.defineProperties(handle, {
      dataApi: { get: () => running.get(dataApiService), enumerable: true },
      catalogue: { get: () => running.get(walletCatalogueService).catalogue, enumerable: true },
      analytics: { get: () => running.get(walletCatalogueService).analytics, enumerable: true },
      relay: { get: () => running.get(relayService), enumerable: true },
      phoneWallet: { get: () => running.get(phoneWalletService), enumerable: true },
      frame: { get: () => running.get(frameService), enumerable: true },
    }) as SandboxHandle
  } catch (err) {
    await running.stop().catch(() => {})
    throw err
  }
}
