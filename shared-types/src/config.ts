import { z } from './zod.ts'
import { caipNetworkIdSchema } from './caip.ts'
import { networkSchema } from './network.ts'
import { coreOptionsSchema } from './core-options.ts'
import { siweConfigSchema, siwxInputSchema, siwxOneClickSchema } from './siwx.ts'
import { CONFIG_DEFAULTS, LOCALES, SOCIAL_PROVIDERS } from './config-defaults.ts'
import { walletConnectConfigSchema } from './walletConnect.ts'
import { safeMobileLinkSchema, safeWebUrlSchema } from './safeUrlSchema.ts'
import { SchemaValidationError } from './errors.ts'
import { unknownKeyMessage } from './suggest.ts'

/**
 * An object of the dapp's configuration: a key it does not know is an error that names the nearest
 * known key ("Unknown key 'themMode'. Did you mean 'themeMode'?"), not silently dropped.
 */
function configObject<const S extends z.core.$ZodLooseShape>(shape: S) {
  const known = Object.keys(shape)
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? issue.keys.map((key) => unknownKeyMessage(key, known)).join(' ') : undefined),
  })
}

export const themeModeSchema = z.enum(['light', 'dark'])
export type ThemeMode = z.infer<typeof themeModeSchema>

/** Theme variables a dapp may set; each becomes a CSS custom property on the modal. */
export const themeVariablesSchema = z
  .object({
    '--portico-accent': z.string().optional(),
    '--portico-font-family': z.string().optional(),
    '--portico-border-radius-master': z.string().optional(),
    '--portico-font-size-master': z.string().optional(),
    '--portico-z-index': z.union([z.number(), z.string()]).optional(),
  })
  .catchall(z.union([z.string(), z.number()]))
export type ThemeVariables = z.infer<typeof themeVariablesSchema>

export const dappMetadataSchema = configObject({
  name: z.string().min(1),
  description: z.string().default(CONFIG_DEFAULTS.metadata.description),
  url: z.string().url(),
  icons: z.array(z.string()).default(() => [...CONFIG_DEFAULTS.metadata.icons]),
})
export type DappMetadata = z.infer<typeof dappMetadataSchema>

const features = CONFIG_DEFAULTS.features

/** Feature switches with the defaults of SPEC.md §1 (`CONFIG_DEFAULTS.features`). */
export const featuresSchema = configObject({
  swaps: z.boolean().default(features.swaps),
  onramp: z.boolean().default(features.onramp),
  receive: z.boolean().default(features.receive),
  send: z.boolean().default(features.send),
  email: z.boolean().default(features.email),
  emailShowWallets: z.boolean().default(features.emailShowWallets),
  socials: z.array(z.enum(SOCIAL_PROVIDERS)).default(() => [...features.socials]),
  history: z.boolean().default(features.history),
  analytics: z.boolean().default(features.analytics),
  allWallets: z.boolean().default(features.allWallets),
  legalCheckbox: z.boolean().default(features.legalCheckbox),
  smartSessions: z.boolean().default(features.smartSessions),
  collapseWallets: z.boolean().default(features.collapseWallets),
  connectMethodsOrder: z.array(z.enum(['email', 'social', 'wallet'])).default(() => [...features.connectMethodsOrder]),
})
export type Features = z.output<typeof featuresSchema>

export const localeSchema = z.enum(LOCALES)
export type Locale = z.infer<typeof localeSchema>

/** What Portico hands the host when a new version of its service worker is installed and waiting. */
export type ServiceWorkerUpdate = {
  /** Activates the waiting version; every open tab of the dapp then reloads onto it. */
  apply(): Promise<void>
}

/**
 * Portico's service worker (image and catalogue caches, the host's shell offline). Registered by
 * `PorticoProvider` on the visitor's first intent unless `false`. `url` defaults to `/portico-service-worker.js`
 * (what `@portico/service-worker/vite` emits), `scope` to `/`.
 */
export const serviceWorkerConfigSchema = z.union([
  z.literal(false),
  configObject({
    url: z.string().min(1).optional(),
    scope: z.string().min(1).optional(),
    /** Called when a new version waits; call `update.apply()` when the visitor agrees (or at once). */
    onUpdate: z.custom<(update: ServiceWorkerUpdate) => void>((v) => typeof v === 'function', 'onUpdate must be a function').optional(),
  }),
])
export type ServiceWorkerConfig = z.infer<typeof serviceWorkerConfigSchema>

/** A wallet the dapp lists itself, outside the catalogue. Selected like a catalogue wallet (by rdns, else WalletConnect). */
export const customWalletSchema = configObject({
  id: z.string().min(1),
  name: z.string().min(1),
  rdns: z.string().nullable().optional(),
  image_url: z.string().optional(),
  /** The wallet's own scheme (`mywallet://`) or an https link. */
  mobile_link: safeMobileLinkSchema().nullable().optional(),
  desktop_link: safeWebUrlSchema().nullable().optional(),
  webapp_link: safeWebUrlSchema().nullable().optional(),
})
export type CustomWalletConfig = z.infer<typeof customWalletSchema>

/** The fields of the configuration (see `porticoConfigSchema`). */
const porticoConfigShape = {
  /** The project's id, sent with every service call. Without it the modal says 'Project ID Not Configured' and offers browser wallets only. */
  projectId: z.string().default(''),
  networks: z.array(networkSchema).min(1, 'At least one network is required'),
  defaultNetwork: caipNetworkIdSchema.optional(),
  metadata: dappMetadataSchema,
  /** Base URL of the blockchain-data API. */
  apiUrl: z.string().url(),
  /** Base URL of the wallet catalogue. */
  catalogueUrl: z.string().url().optional(),
  /** Per-chain RPC override, keyed by CAIP-2 network id. */
  rpcMap: z.record(z.string(), z.string().url()).optional(),
  themeMode: themeModeSchema.default(CONFIG_DEFAULTS.themeMode),
  themeVariables: themeVariablesSchema.default(() => ({ ...CONFIG_DEFAULTS.themeVariables })),
  features: featuresSchema.default(() => featuresSchema.parse({})),
  /** Language of the modal's texts (one of `LOCALES`); absent: the best match of the browser's languages, else English. */
  locale: localeSchema.optional(),
  /** Let the visitor switch networks from the modal (SPEC.md §2 exception when false). */
  enableNetworkSwitch: z.boolean().default(CONFIG_DEFAULTS.enableNetworkSwitch),
  /** Stay on a network the dapp does not list instead of opening UnsupportedChain. */
  allowUnsupportedChain: z.boolean().default(CONFIG_DEFAULTS.allowUnsupportedChain),
  /**
   * Basic mode, as AppKit's `basic`: WalletConnect only, without the features that need more than a
   * connection. Among them, a wallet on a network the dapp does not list never opens UnsupportedChain (SPEC.md §2).
   */
  basic: z.boolean().default(CONFIG_DEFAULTS.basic),
  /** Wallets the dapp adds itself, shown after the featured ones (SPEC.md §1 connector order: custom). */
  customWallets: z.array(customWalletSchema).default(() => [...CONFIG_DEFAULTS.customWallets]),
  /** Catalogue ids of wallets to feature first, to include only, or to leave out. */
  featuredWalletIds: z.array(z.string()).default(() => [...CONFIG_DEFAULTS.featuredWalletIds]),
  includeWalletIds: z.array(z.string()).default(() => [...CONFIG_DEFAULTS.includeWalletIds]),
  excludeWalletIds: z.array(z.string()).default(() => [...CONFIG_DEFAULTS.excludeWalletIds]),
  /** Terms and privacy pages the legal checkbox links to (`features.legalCheckbox`). */
  termsConditionsUrl: safeWebUrlSchema().optional(),
  privacyPolicyUrl: safeWebUrlSchema().optional(),
  /** SPEC.md §7 startup ping: one JSON-RPC test call to the active network's RPC at the visitor's first intent; false leaves it out. */
  startupPing: z.boolean().default(CONFIG_DEFAULTS.startupPing),
  /** WalletConnect (QR code and deep links): where the relay is. The hosted relay when absent. */
  walletConnect: configObject(walletConnectConfigSchema.shape).default(() => walletConnectConfigSchema.parse({})),
  /**
   * Sign in with the wallet (SPEC.md §4 SIWX): the verifier options (`siwxConfigSchema`, against the
   * verifier API), or a dapp's own SIWX configuration (`siwxDappConfigSchema`: createMessage,
   * addSession, getSessions, revokeSession, …). Not with `siweConfig`.
   */
  siwx: siwxInputSchema.optional(),
  /** The older name of `siwx`, with the same options; setting both is rejected (SPEC.md §5). */
  siweConfig: siweConfigSchema.optional(),
  /**
   * Origin of the embedded wallet's secure frame (email, social and Farcaster login; SPEC.md §7), e.g.
   * `https://frame.example.org` (the sandbox: http://127.0.0.1:8790). Unset: the email and social rows say "Coming soon".
   * The host's Content-Security-Policy adds `frame-src` of this origin.
   */
  embeddedWalletUrl: safeWebUrlSchema().optional(),
  /** Portico's service worker, or false to leave it out (see `serviceWorkerConfigSchema`). */
  serviceWorker: serviceWorkerConfigSchema.optional(),
  /** Support lists and services of the core (hosted RPC, swap chains, currency) for a deployment with its own chains. */
  core: configObject(coreOptionsSchema.partial().shape).optional(),
}

/**
 * What a dapp passes to `PorticoProvider`. Its defaults are `CONFIG_DEFAULTS` (`config-defaults.ts`,
 * zod-free). An unknown key is an error that suggests the nearest known one; `parsePorticoConfig`
 * lists every issue.
 */
export const porticoConfigSchema = configObject(porticoConfigShape)
export type PorticoConfigInput = z.input<typeof porticoConfigSchema>
export type PorticoConfig = z.output<typeof porticoConfigSchema>

/** The part of the configuration the core needs; sent to the worker by each tab. */
export const coreConfigSchema = z.object(porticoConfigShape).pick({ projectId: true, networks: true, apiUrl: true, catalogueUrl: true, rpcMap: true, defaultNetwork: true }).extend({
  /** For the WalletConnect client in the core, which cannot read the page. */
  metadata: dappMetadataSchema.optional(),
  walletConnect: walletConnectConfigSchema.optional(),
  /** Sign in within the WalletConnect pairing (one-click auth) against the verifier API; set by the page when `siwx` uses the verifier. */
  siwxOneClick: siwxOneClickSchema.optional(),
})
export type CoreConfig = z.output<typeof coreConfigSchema>

/**
 * Parses the dapp's configuration; a bad one throws a `SchemaValidationError` whose message lists
 * every issue, one line each, unknown keys with the nearest known key.
 *
 * @example
 * parsePorticoConfig({ ...config, themMode: 'dark' })
 * // throws: Invalid PorticoProvider config (1 issue):
 * // - themMode: Unknown key 'themMode'. Did you mean 'themeMode'?
 */
export function parsePorticoConfig(input: unknown, what = 'PorticoProvider config'): PorticoConfig {
  const result = porticoConfigSchema.safeParse(input)
  if (!result.success) throw new SchemaValidationError(what, result.error.issues, { listAll: true })
  return result.data
}
