import type { CoreConfig, CoreOptions, PorticoConfig, PorticoConfigInput } from '@portico/shared-types'
import { coreConfigSchema, parsePorticoConfig, porticoConfigSchema } from '@portico/shared-types/config'
import { safeParse } from 'zod/mini'
import { coreOptionsSchema } from '@portico/shared-types/core-options'
import { parseWith } from '@portico/shared-types/parse'
import { siwxOptions } from '@portico/shared-types/siwx-config'
import type { ClientInternals } from '../createClient.ts'
import { isSiwxDappConfig } from '../siwx/rules.ts'

const parsedConfigs = new WeakMap<PorticoConfigInput, PorticoConfig>()

/**
 * The dapp's configuration as the schema parses it (with every default), parsed once per input: the
 * client parses it ahead of the session once the page is idle (`client.prepare()`). Throws the
 * schema's typed error for a bad configuration.
 */
export function parseConfig(input: PorticoConfigInput): PorticoConfig {
  let config = parsedConfigs.get(input)
  if (!config) {
    config = parsePorticoConfig(input)
    parsedConfigs.set(input, config)
  }
  return config
}

/**
 * Parses the configuration's networks alone and drops the answer: the first parse runs zod's parsing
 * code for the first time (V8 compiles it then), which on a slow CPU made the whole configuration's
 * first parse one long task; `prepareSession` runs this in an idle task before `parseConfig`.
 */
export function warmConfigParse(input: PorticoConfigInput): void {
  if (typeof input !== 'object' || input === null || parsedConfigs.has(input)) return
  safeParse(porticoConfigSchema.shape.networks, (input as { networks?: unknown }).networks)
}

export type CoreSettings = { core: CoreConfig; options: CoreOptions }

/** What the core is configured with, parsed ahead with the configuration (see `prepareSession`). */
const coreSettings = new WeakMap<ClientInternals, CoreSettings>()

/** The core's configuration and options from the dapp's, checked against the core's schemas; once per client. */
export function coreSettingsOf(client: ClientInternals, config: PorticoConfig): CoreSettings {
  let settings = coreSettings.get(client)
  if (settings) return settings
  const options = parseWith(
    coreOptionsSchema,
    { ...config.core, featuredWalletIds: config.featuredWalletIds, includeWalletIds: config.includeWalletIds, excludeWalletIds: config.excludeWalletIds, ...client.coreOptions },
    'core options',
  )
  const siwx = siwxOptions(config)
  // One-click sign-in through WalletConnect (SPEC.md §5) uses the verifier, with the page's domain and URI.
  const siwxOneClick =
    siwx && !isSiwxDappConfig(siwx) ? { domain: window.location.host, uri: window.location.origin, expiresInMs: siwx.expiresInMs, ...(siwx.statement ? { statement: siwx.statement } : {}) } : undefined
  const core = parseWith(coreConfigSchema, { ...config, ...(siwxOneClick ? { siwxOneClick } : {}) }, 'core config')
  settings = { core, options }
  coreSettings.set(client, settings)
  return settings
}
