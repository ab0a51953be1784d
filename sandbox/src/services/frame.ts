import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { numberToHex, parseEther } from 'viem'
import { z } from 'zod'
import { DEFAULT_FRAME_PROJECTS, FRAME_SERVICE_NAME, loadFrameServiceConfig, frameServiceOptions, startFrameService, type FrameServiceHandle } from '@portico/frame-service'
import { RequestLog } from '../http/request-log.ts'
import type { ServiceHandle } from '../http/service-handle.ts'
import { dataApiUrl, type ResolvedOptions } from '../options.ts'
import { USD_PRICES } from '../prices.ts'
import type { SignInStandIns } from '../sign-in/server.ts'
import { signInService } from './sign-in.ts'
import { evmChainsService } from './evm-chains.ts'
import { solanaService } from './solana.ts'
import { SOLANA_LOCALNET_NAME } from '../solana/localnet.ts'
import { httpHealth, localEndpoint, type SandboxService } from './service.ts'
import { envValue, framePort, frameServiceUrl } from './frame-address.ts'

/** What each new embedded account holds on every chain the sandbox runs (set with anvil_setBalance). */
export const FRAME_ACCOUNT_FUNDING = parseEther('10')
/** The amount in USD from which the sandbox's frame service asks for a fresh second factor (PORTICO_FRAME_STEP_UP_USD). */
export const SANDBOX_STEP_UP_USD = 1000
/** What each new user's Solana account gets from the Localnet's faucet: 10 SOL, in lamports. */
export const FRAME_SOLANA_FUNDING = 10_000_000_000n

/** The repository's `.sandbox-data`: what `npm start` / `npm run sandbox` keep between runs (git ignores it). */
export const SANDBOX_DATA_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../.sandbox-data')

/**
 * Where the frame keeps its users: PORTICO_FRAME_DATABASE_URL (PostgreSQL), else PGlite in
 * PORTICO_FRAME_DATA_DIR, else in `{PORTICO_SANDBOX_DATA_DIR}/frame-db-{port}` (one folder per frame
 * port, so a test's sandbox never opens `npm start`'s), else in memory (a sandbox started from code,
 * as the tests do, unless they say otherwise). The key: PORTICO_FRAME_KEY, else PORTICO_FRAME_KEY_FILE,
 * else `{PORTICO_SANDBOX_DATA_DIR}/frame-{port}.key` (made on first start, mode 0600), else one for this run.
 */
export function frameStorage(config: ResolvedOptions): { databaseUrl: string | undefined; dataDir: string | undefined; key: string | undefined; keyFile: string | undefined } {
  const port = framePort(config)
  const sandboxData = envValue(config, 'PORTICO_SANDBOX_DATA_DIR', z.string().min(1))
  return {
    databaseUrl: envValue(config, 'PORTICO_FRAME_DATABASE_URL', z.string().regex(/^postgres(ql)?:\/\//, 'expected postgres://user:password@host:port/database')),
    dataDir: envValue(config, 'PORTICO_FRAME_DATA_DIR', z.string().min(1)) ?? (sandboxData === undefined ? undefined : join(sandboxData, `frame-db-${port}`)),
    key: config.env['PORTICO_FRAME_KEY'] || undefined,
    keyFile: envValue(config, 'PORTICO_FRAME_KEY_FILE', z.string().min(1)) ?? (sandboxData === undefined ? undefined : join(sandboxData, `frame-${port}.key`)),
  }
}

/**
 * The frame service's configuration in the sandbox, as a deployer writes it (PORTICO_FRAME_*
 * variables, frame-service/README.md "Configuration"): the sandbox's chains, its projects, its
 * sign-in stand-ins' SMTP server, OpenID providers and Farcaster relay, and its data API, unless the
 * environment names others. Checked by the product's own schema.
 */
export function sandboxFrameEnv(
  config: ResolvedOptions,
  chains: readonly { chainId: number; name: string; rpcUrl: string; viemChain: { nativeCurrency: { name: string; symbol: string; decimals: number } }; external?: boolean | undefined }[],
  standIns: SignInStandIns,
  solana: { caipNetworkId: string; name: string; rpcUrl: string; tokens?: Record<string, string> | undefined },
): Record<string, string | undefined> {
  const storage = frameStorage(config)
  const farcasterChain = chains.find((c) => !c.external)
  const env: Record<string, string | undefined> = {
    PORTICO_FRAME_PORT: String(framePort(config)),
    PORTICO_FRAME_PUBLIC_URL: frameServiceUrl(config),
    PORTICO_FRAME_CHAINS: JSON.stringify(chains.map((c) => ({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, nativeCurrency: c.viemChain.nativeCurrency }))),
    PORTICO_FRAME_SOLANA_NETWORKS: JSON.stringify([solana]),
    PORTICO_FRAME_PROJECTS: JSON.stringify(config.frameProjects ?? DEFAULT_FRAME_PROJECTS),
    PORTICO_FRAME_SMTP_URL: standIns.smtpUrl,
    PORTICO_FRAME_MAIL_FROM: 'Portico Wallet <wallet@portico.localhost>',
    ...(farcasterChain ? { PORTICO_FRAME_FARCASTER_RELAY_URL: standIns.farcaster.relayUrl, PORTICO_FRAME_FARCASTER_RPC_URL: farcasterChain.rpcUrl } : {}),
    // The sandbox's own data API names the addresses an approval shows, and its bundler call serves smart accounts.
    PORTICO_FRAME_IDENTITY_URL: `${dataApiUrl(config)}/v1`,
    PORTICO_FRAME_BUNDLER_URL: `${dataApiUrl(config)}/v1`,
    PORTICO_FRAME_USD_PRICES: JSON.stringify(USD_PRICES),
    // Approvals of 1,000 USD or more need a sign-in, passkey or app code of the last 5 minutes.
    PORTICO_FRAME_STEP_UP_USD: String(SANDBOX_STEP_UP_USD),
    PORTICO_FRAME_DATABASE_URL: storage.databaseUrl,
    PORTICO_FRAME_DATA_DIR: storage.dataDir,
    PORTICO_FRAME_KEY: storage.key,
    PORTICO_FRAME_KEY_FILE: storage.keyFile,
    ...(config.cacheDir ? { PORTICO_FRAME_CACHE_DIR: config.cacheDir } : {}),
  }
  for (const [provider, client] of Object.entries(standIns.social)) {
    const base = `PORTICO_FRAME_${provider.toUpperCase()}`
    env[`${base}_ISSUER`] = client.issuer
    env[`${base}_CLIENT_ID`] = client.clientId
    env[`${base}_CLIENT_SECRET`] = client.clientSecret
  }
  // What the environment says wins (an outside SMTP server, PostgreSQL, limits, trusted proxies, …).
  for (const [name, value] of Object.entries(config.env)) if (name.startsWith('PORTICO_FRAME_') && value !== undefined && value !== '') env[name] = value
  return env
}

/** The sandbox's frame service: the product's handle, the stand-ins it signs in through, and a request log. */
export type SandboxFrameHandle = FrameServiceHandle &
  Pick<ServiceHandle, 'requests' | 'clearRequests'> & {
    /** The mailbox of the sign-in stand-ins (`url` is the stand-ins' origin: `{url}/mailbox`). */
    mail: SignInStandIns['mail']
    /** The Farcaster relay and wallet of the sign-in stand-ins. */
    farcaster: SignInStandIns['farcaster']
    /** The clock the service's cooldowns, codes, links and sessions are judged by (see FrameClock). */
    clock: FrameClock
  }

/**
 * The frame service's clock in the sandbox: the machine's time plus what the tests moved it on by. A
 * test waits out a server-side time (the email resend's 30 s, a code's expiry) with `advance(ms)`
 * instead of sleeping. It is given to the product only through its programmatic API (`now` of
 * startFrameService); nothing in the environment or the deployed service can set it.
 */
export type FrameClock = {
  /** The service's now, in ms since the epoch. */
  now(): number
  /** Moves the service's time on by `ms` (never back). */
  advance(ms: number): void
  /** How far it was moved on, in ms. */
  offset(): number
}

export function createFrameClock(base: () => number = Date.now): FrameClock {
  let offset = 0
  return {
    now: () => base() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`the frame clock moves on only, by a finite number of ms (got ${ms})`)
      offset += ms
    },
    offset: () => offset,
  }
}

/** The embedded wallet's secure frame (8790): the product (@portico/frame-service) configured with the sandbox's chains and its sign-in stand-ins (services/sign-in.ts). */
export const frameService: SandboxService<SandboxFrameHandle> = {
  id: 'frame',
  name: FRAME_SERVICE_NAME,
  needs: [evmChainsService, solanaService, signInService],
  endpoints: (config) => [localEndpoint(FRAME_SERVICE_NAME, framePort(config), 'http', 'secure frame /frame')],
  start: async ({ config, get }) => {
    const { chains, world } = get(evmChainsService)
    const solana = get(solanaService)
    const standIns = get(signInService)
    const fund = (address: string) =>
      Promise.all(
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
    /** The faucet's airdrop (the RPC's requestAirdrop) of FRAME_SOLANA_FUNDING to a new user's Solana account. */
    const fundSolana = (address: string) =>
      fetch(solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [address, Number(FRAME_SOLANA_FUNDING)] }),
      }).then(
        () => undefined,
        () => undefined,
      )
    // Each user's Solana account signs on the sandbox's Solana Localnet (SPEC.md §4: eoa on solana).
    const env = sandboxFrameEnv(config, chains, standIns, {
      caipNetworkId: solana.caipNetworkId,
      name: SOLANA_LOCALNET_NAME,
      rpcUrl: solana.rpcUrl,
      // The approval names the sandbox's tokens by their symbols.
      tokens: Object.fromEntries(solana.tokens.map((t) => [t.mint, t.symbol])),
    })
    // A sandbox started from code with no data folder (the tests): a folder and a key of its own, removed when it stops.
    let scratch: string | undefined
    if (!env['PORTICO_FRAME_DATABASE_URL'] && !env['PORTICO_FRAME_DATA_DIR']) env['PORTICO_FRAME_DATA_DIR'] = scratch = await mkdtemp(join(tmpdir(), 'portico-frame-'))
    if (!env['PORTICO_FRAME_KEY'] && !env['PORTICO_FRAME_KEY_FILE']) env['PORTICO_FRAME_KEY'] = randomBytes(32).toString('base64')
    const log = new RequestLog()
    const clock = createFrameClock()
    const frame = await startFrameService({
      ...frameServiceOptions(loadFrameServiceConfig(env)),
      now: clock.now,
      // The sandbox chains' own definitions (anvil's), and the faucet for each new account.
      chains: chains.map((c) => ({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, viemChain: c.viemChain })),
      async onNewAccount(address) {
        await fund(address)
      },
      onNewSolanaAccount: fundSolana,
      onRequest: (entry) => {
        log.record({ method: entry.method, path: entry.path, query: {}, time: entry.time }).status = entry.status
      },
    })
    // The chains start anew with each sandbox while the frame's users stay (a data folder): their
    // accounts get their funds again once the chains are set up.
    void world
      .then(async () => {
        for (const { address } of await frame.store.db.query<{ address: string }>('SELECT address FROM users')) await fund(address)
        // The Solana Localnet starts anew too.
        for (const { solana_address } of await frame.store.db.query<{ solana_address: string }>('SELECT solana_address FROM users WHERE solana_address IS NOT NULL')) await fundSolana(solana_address)
      })
      .catch(() => undefined)
    return {
      ...frame,
      async shutdown() {
        await frame.shutdown()
        if (scratch) await rm(scratch, { recursive: true, force: true })
      },
      requests: () => log.list(),
      clearRequests: () => void log.clear(),
      mail: standIns.mail,
      farcaster: standIns.farcaster,
      clock,
    }
  },
  stop: (frame) => frame.shutdown(),
  health: (frame) => httpHealth(`${frame.url}/health`),
}
