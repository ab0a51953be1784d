import * as z from './zod-mini.ts'
import { caipNetworkIdSchema } from './caip.ts'
import { networkSchema } from './network.ts'
import { coreOptionsSchema } from './core-options.ts'
import { siweConfigSchema, siwxInputSchema, siwxOneClickSchema } from './siwx-config.ts'
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
export const themeVariablesSchema = z.catchall(
  z.object({
    '--portico-accent': z.optional(z.string()),
    '--portico-font-family': z.optional(z.string()),
    '--portico-border-radius-master': z.optional(z.string()),
    '--portico-font-size-master': z.optional(z.string()),
    '--portico-z-index': z.optional(z.union([z.number(), z.string()])),
  }),
  z.union([z.string(), z.number()]),
)
export type ThemeVariables = z.infer<typeof themeVariablesSchema>

export const dappMetadataSchema = configObject({
  name: z.string().check(z.minLength(1)),
  description: z._default(z.string(), CONFIG_DEFAULTS.metadata.description),
  url: z.url(),
  icons: z._default(z.array(z.string()), () => [...CONFIG_DEFAULTS.metadata.icons]),
})
export type DappMetadata = z.infer<typeof dappMetadataSchema>

const features = CONFIG_DEFAULTS.features
/** A feature switch: a boolean, `on` when the dapp leaves it out. */
const flag = (on: boolean) => z._default(z.boolean(), on)

/** Feature switches with the defaults of SPEC.md §1 (`CONFIG_DEFAULTS.features`). */
export const featuresSchema = configObject({
  swaps: flag(features.swaps),
  onramp: flag(features.onramp),
  receive: flag(features.receive),
  send: flag(features.send),
  email: flag(features.email),
  emailShowWallets: flag(features.emailShowWallets),
  socials: z._default(z.array(z.enum(SOCIAL_PROVIDERS)), () => [...features.socials]),
  history: flag(features.history),
  analytics: flag(features.analytics),
  allWallets: flag(features.allWallets),
  legalCheckbox: flag(features.legalCheckbox),
  smartSessions: flag(features.smartSessions),
  collapseWallets: flag(features.collapseWallets),
  connectMethodsOrder: z._default(z.array(z.enum(['email', 'social', 'wallet'])), () => [...features.connectMethodsOrder]),
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
    url: z.optional(z.string().check(z.minLength(1))),
    scope: z.optional(z.string().check(z.minLength(1))),
    /** Called when a new version waits; call `update.apply()` when the visitor agrees (or at once). */
    onUpdate: z.optional(z.custom<(update: ServiceWorkerUpdate) => void>((v) => typeof v === 'function', 'onUpdate must be a function')),
  }),
])
export type ServiceWorkerConfig = z.infer<typeof serviceWorkerConfigSchema>

/** A wallet the dapp lists itself, outside the catalogue. Selected like a catalogue wallet (by rdns, else WalletConnect). */
export const customWalletSchema = configObject({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  rdns: z.optional(z.nullable(z.string())),
  image_url: z.optional(z.string()),
  /** The wallet's own scheme (`mywallet://`) or an https link. */
  mobile_link: z.optional(z.nullable(safeMobileLinkSchema())),
  desktop_link: z.optional(z.nullable(safeWebUrlSchema())),
  webapp_link: z.optional(z.nullable(safeWebUrlSchema())),
})
export type CustomWalletConfig = z.infer<typeof customWalletSchema>

/** The fields of the configuration (see `porticoConfigSchema`). */
const porticoConfigShape = {
  /** The project's id, sent with every service call. Without it the modal says 'Project ID Not Configured' and offers browser wallets only. */
  projectId: z._default(z.string(), ''),
  networks: z.array(networkSchema).check(z.minLength(1, 'At least one network is required')),
  defaultNetwork: z.optional(caipNetworkIdSchema),
  metadata: dappMetadataSchema,
  /** Base URL of the blockchain-data API. */
  apiUrl: z.url(),
  /** Base URL of the wallet catalogue. */
  catalogueUrl: z.optional(z.url()),
  /** Per-chain RPC override, keyed by CAIP-2 network id. */
  rpcMap: z.optional(z.record(z.string(), z.url())),
  themeMode: z._default(themeModeSchema, CONFIG_DEFAULTS.themeMode),
  themeVariables: z._default(themeVariablesSchema, () => ({ ...CONFIG_DEFAULTS.themeVariables })),
  features: z._default(featuresSchema, () => z.parse(featuresSchema, {})),
  /** Language of the modal's texts (one of `LOCALES`); absent: the best match of the browser's languages, else English. */
  locale: z.optional(localeSchema),
  /** Let the visitor switch networks from the modal (SPEC.md §2 exception when false). */
  enableNetworkSwitch: z._default(z.boolean(), CONFIG_DEFAULTS.enableNetworkSwitch),
  /** Stay on a network the dapp does not list instead of opening UnsupportedChain. */
  allowUnsupportedChain: z._default(z.boolean(), CONFIG_DEFAULTS.allowUnsupportedChain),
  /**
   * Basic mode, as AppKit's `basic`: WalletConnect only, without the features that need more than a
   * connection. Among them, a wallet on a network the dapp does not list never opens UnsupportedChain (SPEC.md §2).
   */
  basic: z._default(z.boolean(), CONFIG_DEFAULTS.basic),
  /**
   * Several wallets at once: Account's "Add wallet" connects another without disconnecting, and the
   * Wallets view switches between them (`useConnections`, `useSwitchConnection`). False: connecting
   * another wallet replaces the one of its namespace.
   */
  multiWallet: z._default(z.boolean(), CONFIG_DEFAULTS.multiWallet),
  /** Wallets the dapp adds itself, shown after the featured ones (SPEC.md §1 connector order: custom). */
  customWallets: z._default(z.array(customWalletSchema), () => [...CONFIG_DEFAULTS.customWallets]),
  /** Catalogue ids of wallets to feature first, to include only, or to leave out. */
  featuredWalletIds: z._default(z.array(z.string()), () => [...CONFIG_DEFAULTS.featuredWalletIds]),
  includeWalletIds: z._default(z.array(z.string()), () => [...CONFIG_DEFAULTS.includeWalletIds]),
  excludeWalletIds: z._default(z.array(z.string()), () => [...CONFIG_DEFAULTS.excludeWalletIds]),
  /** Terms and privacy pages the legal checkbox links to (`features.legalCheckbox`). */
  termsConditionsUrl: z.optional(safeWebUrlSchema()),
  privacyPolicyUrl: z.optional(safeWebUrlSchema()),
  /** SPEC.md §7 startup ping: one JSON-RPC test call to the active network's RPC at the visitor's first intent; false leaves it out. */
  startupPing: z._default(z.boolean(), CONFIG_DEFAULTS.startupPing),
  /** WalletConnect (QR code and deep links): where the relay is. The hosted relay when absent. */
  walletConnect: z._default(configObject(walletConnectConfigSchema.shape), () => z.parse(walletConnectConfigSchema, {})),
  /**
   * Sign in with the wallet (SPEC.md §4 SIWX): the verifier options (`siwxConfigSchema`, against the
   * verifier API), or a dapp's own SIWX configuration (`siwxDappConfigSchema`: createMessage,
   * addSession, getSessions, revokeSession, …). Not with `siweConfig`.
   */
  siwx: z.optional(siwxInputSchema),
  /** The older name of `siwx`, with the same options; setting both is rejected (SPEC.md §5). */
  siweConfig: z.optional(siweConfigSchema),
  /**
   * Origin of the embedded wallet's secure frame (email, social and Farcaster login; SPEC.md §7), e.g.
   * `https://frame.example.org` (the sandbox: http://127.0.0.1:8790). Unset: the email and social rows say "Coming soon".
   * The host's Content-Security-Policy adds `frame-src` of this origin.
   */
  embeddedWalletUrl: z.optional(safeWebUrlSchema()),
  /** Portico's service worker, or false to leave it out (see `serviceWorkerConfigSchema`). */
  serviceWorker: z.optional(serviceWorkerConfigSchema),
  /** Support lists and services of the core (hosted RPC, swap chains, currency) for a deployment with its own chains. */
  core: z.optional(configObject(z.partial(coreOptionsSchema).shape)),
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
export const coreConfigSchema = z.object({
  projectId: porticoConfigShape.projectId,
  networks: porticoConfigShape.networks,
  apiUrl: porticoConfigShape.apiUrl,
  catalogueUrl: porticoConfigShape.catalogueUrl,
  rpcMap: porticoConfigShape.rpcMap,
  defaultNetwork: porticoConfigShape.defaultNetwork,
  /** Whether a connection keeps the wallets already connected (`porticoConfigSchema`'s `multiWallet`); absent: it does. */
  multiWallet: z.optional(z.boolean()),
  /** For the WalletConnect client in the core, which cannot read the page. */
  metadata: z.optional(dappMetadataSchema),
  walletConnect: z.optional(walletConnectConfigSchema),
  /** Sign in within the WalletConnect pairing (one-click auth) against the verifier API; set by the page when `siwx` uses the verifier. */
  siwxOneClick: z.optional(siwxOneClickSchema),
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
  const result = z.safeParse(porticoConfigSchema, input)
  if (!result.success) throw new SchemaValidationError(what, result.error.issues, { listAll: true })
  return result.data
}
