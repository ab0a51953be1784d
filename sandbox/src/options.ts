import { DEFAULT_NAME_SUFFIX } from '@portico/shared-types'
import { z } from 'zod'
import { CHAIN_DEFINITIONS, type ChainKey } from './chains.ts'
import { faultRuleSchema, parseFaultsEnv, type FaultRule } from './faults/rules.ts'
import { frameProjectsSchema, type FrameProjects } from '@portico/frame-service/allow-list.ts'

/** Where the sandbox listens unless told otherwise. Everything binds this host only. */
export const SANDBOX_HOST = '127.0.0.1'
export const DEFAULT_DATA_API_PORT = 8787
/** The catalogue listens on the data API's port + 1 unless told otherwise (8788 by default). */
export const CATALOGUE_PORT_OFFSET = 1
export const DEFAULT_INDEXER_POLL_MS = 500

const portSchema = z.coerce.number().int().min(1).max(65535)
const urlSchema = z.string().url()

const chainOverridesSchema = z.object({ a: portSchema.optional(), b: portSchema.optional() }).strict()
const chainUrlsSchema = z.object({ a: urlSchema.optional(), b: urlSchema.optional() }).strict()

/** What a caller may pass to `startSandbox`. Options win over env variables, which win over defaults. */
export const sandboxOptionsSchema = z
  .object({
    /** Ports of the local anvil nodes, by chain key (a = 31337, b = 31338). */
    chainPorts: chainOverridesSchema.optional(),
    /** Use an already running node for a chain instead of spawning anvil (see README). */
    rpcUrls: chainUrlsSchema.optional(),
    /** Block explorer base URLs, by chain key. Default: `{dataApiUrl}/explorer/{chainId}`. */
    explorerUrls: chainUrlsSchema.optional(),
    dataApiPort: portSchema.optional(),
    /** Port of the wallet catalogue and analytics sink. Default: dataApiPort + 1. */
    cataloguePort: portSchema.optional(),
    /** Ports of the other services by registry id (`{ relay: 18789 }`); see services/registry.ts. */
    ports: z.record(z.string(), portSchema).optional(),
    /** Suffix new names get (`.reown.id`); SPEC.md §5's `.reown.id` and `.wcn.id` are accepted too. */
    nameSuffix: z
      .string()
      .regex(/^\.[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'Expected a suffix such as .reown.id')
      .optional(),
    /**
     * The embedded-wallet frame's allow-list: project id -> origins whose pages may load the frame
     * (`https://dapp.example`, or `http://127.0.0.1:*` for any port). Default: PORTICO_FRAME_PROJECTS
     * (the same as JSON), else `{ 'portico-demo': ['http://127.0.0.1:*'] }`.
     */
    frameProjects: frameProjectsSchema.optional(),
    /**
     * The registry's services to run, by id (`['dataApi']`, `['frame', 'relay']`), with the services they
     * need and the EVM chains always; a handle field of a service left out throws SandboxServiceNotStartedError.
     * Default: every service (npm start). Tests start what they use.
     */
    services: z.array(z.string().min(1)).optional(),
    /** Fault rules active from the start (see faults/rules.ts). Default: none. */
    faults: z.array(faultRuleSchema).optional(),
    /** Seed months of history (default true); false deploys the contracts and pools only. */
    seedHistory: z.boolean().optional(),
    /** What GET /getAnalyticsConfig answers. Default true. */
    analyticsEnabled: z.boolean().optional(),
    /** How often the indexer polls the chains for new blocks, in ms. Default 500. */
    indexerPollMs: z.number().int().min(50).optional(),
    /** Folder of the compiled-contract cache. Default: sandbox/.cache. */
    cacheDir: z.string().min(1).optional(),
    /** Env to read PORTICO_* variables from. Default: process.env. */
    env: z.record(z.string(), z.string().optional()).optional(),
    /** Progress lines (compiling, deploying…). Default: silent. */
    log: z.custom<(line: string) => void>((v) => typeof v === 'function').optional(),
  })
  .strict()
export type SandboxOptions = z.input<typeof sandboxOptionsSchema>

export type ResolvedChainConfig = { key: ChainKey; port: number; externalRpcUrl: string | undefined; explorerUrl: string | undefined }

export type ResolvedOptions = {
  chains: ResolvedChainConfig[]
  dataApiPort: number
  cataloguePort: number
  nameSuffix: string
  faults: FaultRule[]
  seedHistory: boolean
  analyticsEnabled: boolean
  indexerPollMs: number
  cacheDir: string | undefined
  /** The frame's allow-list when one was given (options or PORTICO_FRAME_PROJECTS). */
  frameProjects: FrameProjects | undefined
  /** The services asked for (`SandboxOptions.services`), or undefined for all. */
  services: readonly string[] | undefined
  /** Ports given by registry id (`SandboxOptions.ports`); a service reads its own with servicePort(). */
  ports: Record<string, number>
  /** The PORTICO_* variables in effect (options.env or process.env). */
  env: Record<string, string | undefined>
  log: (line: string) => void
}

/** Where the blockchain-data API answers (the chains' explorer links and the images point there). */
export function dataApiUrl(config: Pick<ResolvedOptions, 'dataApiPort'>): string {
  return `http://${SANDBOX_HOST}:${config.dataApiPort}`
}

const booleanEnvSchema = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true')

const frameProjectsEnvSchema = z.string().transform((raw, ctx) => {
  try {
    return frameProjectsSchema.parse(JSON.parse(raw))
  } catch {
    ctx.addIssue({ code: 'custom', message: 'expected JSON such as {"my-project":["https://dapp.example"]}' })
    return z.NEVER
  }
})

const envSchema = z.record(z.string(), z.string().optional())

function fromEnv<T>(env: Record<string, string | undefined>, name: string, schema: z.ZodType<T>): T | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new Error(`Invalid ${name}='${raw}': ${parsed.error.issues[0]?.message ?? 'invalid value'}`)
  return parsed.data
}

/** Merges options, PORTICO_* env variables and defaults into one validated configuration. */
export function resolveOptions(input: unknown = {}): ResolvedOptions {
  const options = sandboxOptionsSchema.parse(input)
  const env = envSchema.parse({ ...(options.env ?? process.env) })
  const chains = CHAIN_DEFINITIONS.map(
    (def): ResolvedChainConfig => ({
      key: def.key,
      port: options.chainPorts?.[def.key] ?? fromEnv(env, `${def.envPrefix}_PORT`, portSchema) ?? def.defaultPort,
      externalRpcUrl: options.rpcUrls?.[def.key] ?? fromEnv(env, `${def.envPrefix}_RPC`, urlSchema),
      explorerUrl: options.explorerUrls?.[def.key] ?? fromEnv(env, `${def.envPrefix}_EXPLORER`, urlSchema),
    }),
  )
  const dataApiPort = options.dataApiPort ?? fromEnv(env, 'PORTICO_DATA_API_PORT', portSchema) ?? DEFAULT_DATA_API_PORT
  return {
    chains,
    dataApiPort,
    cataloguePort: options.cataloguePort ?? fromEnv(env, 'PORTICO_CATALOGUE_PORT', portSchema) ?? dataApiPort + CATALOGUE_PORT_OFFSET,
    nameSuffix: options.nameSuffix ?? fromEnv(env, 'PORTICO_NAME_SUFFIX', z.string().regex(/^\.[a-z0-9.-]+$/)) ?? DEFAULT_NAME_SUFFIX,
    faults: options.faults ?? parseFaultsEnv(env.PORTICO_SANDBOX_FAULTS),
    seedHistory: options.seedHistory ?? fromEnv(env, 'PORTICO_SANDBOX_SEED_HISTORY', booleanEnvSchema) ?? true,
    analyticsEnabled: options.analyticsEnabled ?? true,
    indexerPollMs: options.indexerPollMs ?? DEFAULT_INDEXER_POLL_MS,
    cacheDir: options.cacheDir ?? fromEnv(env, 'PORTICO_SANDBOX_CACHE_DIR', z.string().min(1)),
    frameProjects: options.frameProjects ?? fromEnv(env, 'PORTICO_FRAME_PROJECTS', frameProjectsEnvSchema),
    services: options.services,
    ports: options.ports ?? {},
    env,
    log: options.log ?? (() => {}),
  }
}
