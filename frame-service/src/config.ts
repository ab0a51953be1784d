import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { OIDC_SOCIAL_PROVIDERS } from '@portico/shared-types/embedded'
import * as z from 'zod'
import { DEFAULT_FRAME_LIMITS, type FrameLimits } from './accounts.ts'
import { frameProjectsSchema, type FrameProjects } from './allow-list.ts'
import { frameKeySchema } from './store/keys.ts'

/**
 * The frame service's configuration: every setting a deployer gives, from environment variables
 * (or a JSON file of the same names, PORTICO_FRAME_CONFIG_FILE), checked in one schema at start. A
 * missing or bad value stops the start with every issue listed and its variable named. Nothing here
 * can point the service at a stand-in of its own: email goes through the SMTP server named, each
 * social provider is an OpenID Connect issuer named with its client, Farcaster through the relay
 * named; a provider that is not configured is not offered.
 */

export type OidcProvider = (typeof OIDC_SOCIAL_PROVIDERS)[number]
export type OidcProviderConfig = { issuer: string; clientId: string; clientSecret: string }
export type FrameChainConfig = { id: number; name: string; rpcUrl: string; nativeCurrency?: { name: string; symbol: string; decimals: number } | undefined }
export type FrameSolanaNetworkConfig = { caipNetworkId: string; name: string; rpcUrl: string; tokens?: Record<string, string> | undefined }

export type FrameServiceConfig = {
  /** The port the service listens on (PORTICO_FRAME_PORT, default 8790). */
  port: number
  /** The address it binds (PORTICO_FRAME_HOST, default 127.0.0.1: a proxy in front serves the public name). */
  host: string
  /** The origin visitors reach it on (PORTICO_FRAME_PUBLIC_URL); https unless the host is loopback. */
  publicUrl: string
  chains: readonly FrameChainConfig[]
  solanaNetworks: readonly FrameSolanaNetworkConfig[]
  /** Project id -> the origins whose pages may embed the frame (PORTICO_FRAME_PROJECTS). */
  projects: FrameProjects
  /** Where users, sessions and sealed keys are kept: PostgreSQL by URL, or PGlite in a folder. */
  database: { url: string } | { dataDir: string }
  /** The key that seals the users' keys: given (base64 of 32 bytes), or in a file made on first start. */
  key: { value: string } | { file: string }
  mail: { smtpUrl: string; from: string }
  social: Partial<Record<OidcProvider, OidcProviderConfig>>
  farcaster: { relayUrl: string; rpcUrl: string } | undefined
  /** Proxies whose X-Forwarded-For names the client (PORTICO_FRAME_TRUSTED_PROXIES). */
  trustedProxies: readonly string[]
  identityUrl: string | undefined
  bundlerUrl: string | undefined
  /** USD price per native-currency symbol, shown beside values in approvals (PORTICO_FRAME_USD_PRICES). */
  usdPrices: Readonly<Record<string, number>>
  /**
   * Approvals that send out more than this many USD need a fresh second factor (PORTICO_FRAME_STEP_UP_USD;
   * unset: never). Valued with usdPrices, which must then price every network's own coin.
   */
  stepUpUsd: number | undefined
  limits: FrameLimits
  sessionIdleMs: number | undefined
  sessionLifetimeMs: number | undefined
  /** Where the frame page's bundle is cached between starts (PORTICO_FRAME_CACHE_DIR). */
  cacheDir: string | undefined
}

/** A configuration the service refuses to start with: every issue, each naming its variable. */
export class FrameConfigError extends Error {
  override readonly name = 'FrameConfigError'
  constructor(readonly issues: readonly string[]) {
    super(`The frame service's configuration is not valid:\n${issues.map((i) => `  - ${i}`).join('\n')}\nSee frame-service/README.md "Configuration".`)
  }
}

/** The social providers' variables: PORTICO_FRAME_{PROVIDER}_ISSUER, _CLIENT_ID, _CLIENT_SECRET. */
export function socialVariables(provider: OidcProvider): { issuer: string; clientId: string; clientSecret: string } {
  const base = `PORTICO_FRAME_${provider.toUpperCase()}`
  return { issuer: `${base}_ISSUER`, clientId: `${base}_CLIENT_ID`, clientSecret: `${base}_CLIENT_SECRET` }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])
/** True for a URL whose host is this machine (http is accepted there only). */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname) || url.hostname.startsWith('127.') || url.hostname.endsWith('.localhost')
}

const jsonText = z.string().transform((raw, ctx) => {
  try {
    return JSON.parse(raw) as unknown
  } catch {
    ctx.addIssue({ code: 'custom', message: 'expected JSON' })
    return z.NEVER
  }
})
/** An http(s) URL; plain http only for a loopback host (a remote peer is reached over TLS). */
const serviceUrl = z.string().refine(
  (raw) => {
    try {
      const url = new URL(raw)
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url))
    } catch {
      return false
    }
  },
  { message: 'expected an https:// URL (http:// only for this machine: 127.0.0.1, localhost)' },
)
const rpcUrl = z
  .string()
  .url()
  .refine((raw) => /^https?:\/\//.test(raw), { message: 'expected an http:// or https:// JSON-RPC URL' })
const positiveSeconds = z.coerce.number().int().positive()
const usdAmount = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'expected an amount in USD, such as 1000')
  .transform(Number)
  .pipe(z.number().positive('expected an amount above 0'))
const nonEmpty = z.string().trim().min(1)

const chainsSchema = jsonText.pipe(
  z
    .array(
      z.object({
        id: z.number().int().positive(),
        name: z.string().min(1),
        rpcUrl,
        nativeCurrency: z.object({ name: z.string().min(1), symbol: z.string().min(1), decimals: z.number().int().min(0).max(36) }).optional(),
      }),
    )
    .min(1, 'expected at least one chain, e.g. [{"id":1,"name":"Ethereum","rpcUrl":"https://rpc.example"}]')
    .refine((chains) => new Set(chains.map((c) => c.id)).size === chains.length, { message: 'each chain id once' }),
)
const solanaNetworksSchema = jsonText.pipe(
  z.array(
    z.object({
      caipNetworkId: z.string().regex(/^solana:[-_a-zA-Z0-9]{1,32}$/),
      name: z.string().min(1),
      rpcUrl,
      /** The symbols approvals name tokens by (mint -> symbol); a token not named here is shown by its mint. */
      tokens: z.record(z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'expected a mint address'), z.string().min(1).max(16)).optional(),
    }),
  ),
)
const projectsSchema = jsonText.pipe(frameProjectsSchema.refine((p) => Object.keys(p).length > 0, { message: 'expected at least one project, e.g. {"my-dapp":["https://dapp.example"]}' }))
const limitsSchema = jsonText.pipe(z.object(Object.fromEntries(Object.keys(DEFAULT_FRAME_LIMITS).map((k) => [k, z.number().int().positive().optional()]))).strict())
const proxiesSchema = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== ''),
  )
  .pipe(z.array(z.string().refine((ip) => isIP(ip) !== 0, { message: 'expected IP addresses separated by commas' })))
const pricesSchema = jsonText.pipe(z.record(z.string().min(1), z.number().nonnegative()))
const smtpUrl = z.string().regex(/^smtps?:\/\/[^/]+/, 'expected smtp://user:password@host:587 or smtps://user:password@host:465')
const portSchema = z.coerce.number().int().min(0).max(65_535)

type Env = Readonly<Record<string, string | undefined>>

/**
 * The environment with PORTICO_FRAME_CONFIG_FILE's values under it: a JSON object of the same
 * variable names (strings; JSON values may be written as JSON), the environment winning.
 */
export function withConfigFile(env: Env): Env {
  const file = env['PORTICO_FRAME_CONFIG_FILE']
  if (!file) return env
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (err) {
    throw new FrameConfigError([`PORTICO_FRAME_CONFIG_FILE: cannot read ${file} as JSON (${err instanceof Error ? err.message : String(err)})`])
  }
  const object = z.record(z.string().regex(/^PORTICO_FRAME_[A-Z0-9_]+$/, 'expected PORTICO_FRAME_* names'), z.unknown()).safeParse(parsed)
  if (!object.success) throw new FrameConfigError(object.error.issues.map((i) => `PORTICO_FRAME_CONFIG_FILE ${file}: ${i.path.join('.') || 'file'}: ${i.message}`))
  const fromFile = Object.fromEntries(Object.entries(object.data).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))
  return { ...fromFile, ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')) }
}

/**
 * Reads and checks the whole configuration. Throws FrameConfigError with every issue at once.
 *
 * @example
 * const config = loadFrameServiceConfig(process.env)
 */
export function loadFrameServiceConfig(rawEnv: Env): FrameServiceConfig {
  const env = withConfigFile(rawEnv)
  const issues: string[] = []
  const value = (name: string): string | undefined => {
    const raw = env[name]
    return raw === undefined || raw.trim() === '' ? undefined : raw
  }
  function read<T>(name: string, schema: z.ZodType<T>, required: string | false = false): T | undefined {
    const raw = value(name)
    if (raw === undefined) {
      if (required) issues.push(`${name} is missing: ${required}`)
      return undefined
    }
    const parsed = schema.safeParse(raw)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) issues.push(`${name}${issue.path.length > 0 ? ` (${issue.path.join('.')})` : ''}: ${issue.message}`)
    return undefined
  }

  const port = read('PORTICO_FRAME_PORT', portSchema) ?? 8790
  const host = read('PORTICO_FRAME_HOST', nonEmpty) ?? '127.0.0.1'
  const publicUrl = read('PORTICO_FRAME_PUBLIC_URL', serviceUrl) ?? (LOOPBACK_HOSTS.has(host) || host.startsWith('127.') ? `http://127.0.0.1:${port}` : undefined)
  if (publicUrl === undefined && value('PORTICO_FRAME_PUBLIC_URL') === undefined)
    issues.push('PORTICO_FRAME_PUBLIC_URL is missing: the https:// origin visitors reach the service on (needed when PORTICO_FRAME_HOST is not loopback)')
  const chains = read('PORTICO_FRAME_CHAINS', chainsSchema, 'the chains the frame signs on, JSON such as [{"id":1,"name":"Ethereum","rpcUrl":"https://rpc.example"}]')
  const solanaNetworks = read('PORTICO_FRAME_SOLANA_NETWORKS', solanaNetworksSchema) ?? []
  const projects = read('PORTICO_FRAME_PROJECTS', projectsSchema, 'the projects and the origins that may embed the frame, JSON such as {"my-dapp":["https://dapp.example"]}')

  const databaseUrl = read('PORTICO_FRAME_DATABASE_URL', z.string().regex(/^postgres(ql)?:\/\//, 'expected postgres://user:password@host:port/database'))
  const dataDir = read('PORTICO_FRAME_DATA_DIR', nonEmpty)
  if (value('PORTICO_FRAME_DATABASE_URL') === undefined && dataDir === undefined) {
    issues.push(
      'PORTICO_FRAME_DATABASE_URL or PORTICO_FRAME_DATA_DIR is missing: where users and their sealed keys are kept (PostgreSQL by URL, or the embedded database in a folder); without one, every wallet would be lost at the next start',
    )
  }
  const keyValue = read('PORTICO_FRAME_KEY', frameKeySchema)
  const keyFile = read('PORTICO_FRAME_KEY_FILE', nonEmpty)
  if (value('PORTICO_FRAME_KEY') === undefined && keyFile === undefined) {
    issues.push(
      "PORTICO_FRAME_KEY or PORTICO_FRAME_KEY_FILE is missing: the key that seals the users' keys (base64 of 32 bytes: `openssl rand -base64 32`), or a file it is kept in (made on first start, mode 0600)",
    )
  }

  const smtp = read('PORTICO_FRAME_SMTP_URL', smtpUrl, 'the SMTP server login codes are sent through, e.g. smtps://user:password@smtp.example:465')
  const from = read('PORTICO_FRAME_MAIL_FROM', z.string().trim().min(3)) ?? (publicUrl ? `Portico Wallet <wallet@${new URL(publicUrl).hostname}>` : 'Portico Wallet')

  const social: Partial<Record<OidcProvider, OidcProviderConfig>> = {}
  for (const provider of OIDC_SOCIAL_PROVIDERS) {
    const names = socialVariables(provider)
    const given = [names.issuer, names.clientId, names.clientSecret].filter((n) => value(n) !== undefined)
    if (given.length === 0) continue
    const missing = [names.issuer, names.clientId, names.clientSecret].filter((n) => value(n) === undefined)
    if (missing.length > 0) {
      issues.push(`${missing.join(', ')} missing: ${provider} sign-in needs its issuer URL, client id and client secret (or none of the three, and ${provider} is not offered)`)
      continue
    }
    const issuer = read(names.issuer, serviceUrl)
    const clientId = read(names.clientId, nonEmpty)
    const clientSecret = read(names.clientSecret, nonEmpty)
    if (issuer && clientId && clientSecret) social[provider] = { issuer, clientId, clientSecret }
  }

  let farcaster: FrameServiceConfig['farcaster']
  const farcasterRelay = read('PORTICO_FRAME_FARCASTER_RELAY_URL', serviceUrl)
  const farcasterRpc = read('PORTICO_FRAME_FARCASTER_RPC_URL', rpcUrl)
  if ((value('PORTICO_FRAME_FARCASTER_RELAY_URL') === undefined) !== (value('PORTICO_FRAME_FARCASTER_RPC_URL') === undefined)) {
    issues.push(
      'PORTICO_FRAME_FARCASTER_RELAY_URL and PORTICO_FRAME_FARCASTER_RPC_URL go together: the Sign In With Farcaster relay, and an RPC of the chain that holds the ID registry (OP Mainnet); or neither, and Farcaster is not offered',
    )
  } else if (farcasterRelay && farcasterRpc) farcaster = { relayUrl: farcasterRelay, rpcUrl: farcasterRpc }

  const trustedProxies = read('PORTICO_FRAME_TRUSTED_PROXIES', proxiesSchema) ?? []
  const identityUrl = read('PORTICO_FRAME_IDENTITY_URL', serviceUrl)
  const bundlerUrl = read('PORTICO_FRAME_BUNDLER_URL', serviceUrl)
  const usdPrices = read('PORTICO_FRAME_USD_PRICES', pricesSchema) ?? {}
  const stepUpUsd = read('PORTICO_FRAME_STEP_UP_USD', usdAmount)
  if (stepUpUsd !== undefined) {
    // What an approval sends out is valued in the coins of its network: each one needs its price.
    const coins = [...new Set([...(chains ?? []).map((c) => c.nativeCurrency?.symbol ?? 'ETH'), ...(solanaNetworks.length > 0 ? ['SOL'] : [])])]
    const unpriced = coins.filter((symbol) => usdPrices[symbol] === undefined)
    if (unpriced.length > 0) issues.push(`PORTICO_FRAME_STEP_UP_USD values approvals in USD: PORTICO_FRAME_USD_PRICES needs a price for ${unpriced.join(', ')}`)
  }
  const limits = { ...DEFAULT_FRAME_LIMITS, ...read('PORTICO_FRAME_LIMITS', limitsSchema) }
  const idle = read('PORTICO_FRAME_SESSION_IDLE_SECONDS', positiveSeconds)
  const lifetime = read('PORTICO_FRAME_SESSION_LIFETIME_SECONDS', positiveSeconds)
  const cacheDir = read('PORTICO_FRAME_CACHE_DIR', nonEmpty)

  if (issues.length > 0 || !chains || !projects || !smtp || !publicUrl) throw new FrameConfigError(issues)
  return {
    port,
    host,
    publicUrl: new URL(publicUrl).origin,
    chains,
    solanaNetworks,
    projects,
    database: databaseUrl ? { url: databaseUrl } : { dataDir: dataDir as string },
    key: keyValue ? { value: (value('PORTICO_FRAME_KEY') as string).trim() } : { file: keyFile as string },
    mail: { smtpUrl: smtp, from },
    social,
    farcaster,
    trustedProxies,
    identityUrl,
    bundlerUrl,
    usdPrices,
    stepUpUsd,
    limits: limits as FrameLimits,
    sessionIdleMs: idle === undefined ? undefined : idle * 1000,
    sessionLifetimeMs: lifetime === undefined ? undefined : lifetime * 1000,
    cacheDir,
  }
}
