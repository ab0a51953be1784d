import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { numberToHex, parseEther } from 'viem'
import { z } from 'zod'
import { DEFAULT_FRAME_LIMITS } from '@portico/frame-service/accounts.ts'
import { FRAME_SERVICE_NAME } from '@portico/frame-service/pages.ts'
import { startFrameService, type FrameServiceHandle } from '@portico/frame-service/server.ts'
import { dataApiUrl, type ResolvedOptions } from '../options.ts'
import { evmChainsService } from './evm-chains.ts'
import { solanaService } from './solana.ts'
import { SOLANA_LOCALNET_NAME } from '../solana/localnet.ts'
import { httpHealth, localEndpoint, servicePort, type SandboxService } from './service.ts'

/** What each new embedded account holds on every chain the sandbox runs (set with anvil_setBalance). */
export const FRAME_ACCOUNT_FUNDING = parseEther('10')
/** What each new user's Solana account gets from the Localnet's faucet: 10 SOL, in lamports. */
export const FRAME_SOLANA_FUNDING = 10_000_000_000n

/**
 * The frame service's port: `ports.frame`, else PORTICO_FRAME_PORT, else the data API's port + 3
 * (8790). Its SMTP server takes `ports.frameSmtp` / PORTICO_FRAME_SMTP_PORT, else a free port.
 */
export function framePort(config: ResolvedOptions): number {
  return servicePort(config, 'frame', 'PORTICO_FRAME_PORT', config.dataApiPort + 3)
}

/** The repository's `.sandbox-data`: what `npm start` / `npm run sandbox` keep between runs (git ignores it). */
export const SANDBOX_DATA_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../.sandbox-data')

const positiveSeconds = z.coerce.number().int().positive()
const mapDefined = <T, U>(value: T | undefined, f: (v: T) => U): U | undefined => (value === undefined ? undefined : f(value))
const limitsSchema = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: 'expected JSON such as {"mailsPerClient":60}' })
      return z.NEVER
    }
  })
  .pipe(z.object(Object.fromEntries(Object.keys(DEFAULT_FRAME_LIMITS).map((k) => [k, z.number().int().positive().optional()]))).strict())

function envValue<T>(config: ResolvedOptions, name: string, schema: z.ZodType<T>): T | undefined {
  const raw = config.env[name]
  if (raw === undefined || raw === '') return undefined
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new Error(`Invalid ${name}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`)
  return parsed.data
}

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

/** Every frame-service setting the env and the sandbox options give (sandbox/README.md "Deploying the frame service"). */
export function frameEnvOptions(config: ResolvedOptions) {
  return {
    port: framePort(config),
    smtpPort: servicePort(config, 'frameSmtp', 'PORTICO_FRAME_SMTP_PORT', 0),
    smtpRelayUrl: envValue(config, 'PORTICO_FRAME_SMTP_URL', z.string().regex(/^smtps?:\/\//, 'expected smtp://… or smtps://…')),
    mailFrom: envValue(config, 'PORTICO_FRAME_MAIL_FROM', z.string().min(3)),
    projects: config.frameProjects,
    cacheDir: config.cacheDir,
    ...frameStorage(config),
    publicUrl: envValue(config, 'PORTICO_FRAME_PUBLIC_URL', z.string().url()),
    // The sandbox's own data API names the addresses an approval shows, unless another is named.
    identityUrl: envValue(config, 'PORTICO_FRAME_IDENTITY_URL', z.string().url()) ?? `${dataApiUrl(config)}/v1`,
    // Smart accounts' user operations go through the sandbox data API's bundler call (its paymaster sponsors the sandbox's projects).
    bundlerUrl: envValue(config, 'PORTICO_FRAME_BUNDLER_URL', z.string().url()) ?? `${dataApiUrl(config)}/v1`,
    trustedProxies: envValue(config, 'PORTICO_FRAME_TRUSTED_PROXIES', z.string().transform((v) => v.split(',').map((p) => p.trim()).filter((p) => p !== ''))),
    limits: envValue(config, 'PORTICO_FRAME_LIMITS', limitsSchema),
    sessionIdleMs: mapDefined(envValue(config, 'PORTICO_FRAME_SESSION_IDLE_SECONDS', positiveSeconds), (s) => s * 1000),
    sessionLifetimeMs: mapDefined(envValue(config, 'PORTICO_FRAME_SESSION_LIFETIME_SECONDS', positiveSeconds), (s) => s * 1000),
  }
}

/** The embedded wallet's secure frame (8790): frame page, its API, mail and mailbox, social and Farcaster sign-in. */
export const frameService: SandboxService<FrameServiceHandle> = {
  id: 'frame',
  name: FRAME_SERVICE_NAME,
  endpoints: (config) => [localEndpoint(FRAME_SERVICE_NAME, framePort(config), 'http', 'secure frame /frame, mailbox /mailbox')],
  start: async ({ config, faults, get }) => {
    const { chains, world } = get(evmChainsService)
    const solana = get(solanaService)
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
    const frame = await startFrameService({
      chainsReady: world.catch(() => undefined),
      chains: chains.map((c) => ({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, viemChain: c.viemChain, external: c.external })),
      faults,
      // Each user's Solana account signs on the sandbox's Solana Localnet (SPEC.md §4: eoa on solana).
      solanaNetworks: [{ caipNetworkId: solana.caipNetworkId, name: SOLANA_LOCALNET_NAME, rpcUrl: solana.rpcUrl }],
      ...frameEnvOptions(config),
      async onNewAccount(address) {
        await fund(address)
      },
      onNewSolanaAccount: fundSolana,
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
    return frame
  },
  stop: (frame) => frame.shutdown(),
  health: (frame) => httpHealth(`${frame.url}/health`),
}

