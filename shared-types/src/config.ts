import { z } from './zod.ts'
import { caipNetworkIdSchema } from './caip.ts'
import { networkSchema } from './network.ts'
import { coreOptionsSchema } from './core-options.ts'

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

export const dappMetadataSchema = z.object({
  name: z.string().min(1),
  description: z.string().default(''),
  url: z.string().url(),
  icons: z.array(z.string()).default([]),
})
export type DappMetadata = z.infer<typeof dappMetadataSchema>

/** Feature switches with the defaults of SPEC.md §1. */
export const featuresSchema = z.object({
  swaps: z.boolean().default(true),
  onramp: z.boolean().default(true),
  receive: z.boolean().default(true),
  send: z.boolean().default(true),
  email: z.boolean().default(true),
  emailShowWallets: z.boolean().default(true),
  socials: z.array(z.enum(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])).default(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']),
  history: z.boolean().default(true),
  analytics: z.boolean().default(true),
  allWallets: z.boolean().default(true),
  legalCheckbox: z.boolean().default(false),
  smartSessions: z.boolean().default(false),
  collapseWallets: z.boolean().default(false),
  connectMethodsOrder: z.array(z.enum(['email', 'social', 'wallet'])).default(['email', 'social', 'wallet']),
})
export type Features = z.output<typeof featuresSchema>

export const localeSchema = z.enum(['en', 'de'])
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
  z.object({
    url: z.string().min(1).optional(),
    scope: z.string().min(1).optional(),
    /** Called when a new version waits; call `update.apply()` when the visitor agrees (or at once). */
    onUpdate: z.custom<(update: ServiceWorkerUpdate) => void>((v) => typeof v === 'function', 'onUpdate must be a function').optional(),
  }),
])
export type ServiceWorkerConfig = z.infer<typeof serviceWorkerConfigSchema>

/** A wallet the dapp lists itself, outside the catalogue. Selected like a catalogue wallet (by rdns, else WalletConnect). */
export const customWalletSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  rdns: z.string().nullable().optional(),
  image_url: z.string().optional(),
  mobile_link: z.string().nullable().optional(),
  desktop_link: z.string().nullable().optional(),
  webapp_link: z.string().nullable().optional(),
})
export type CustomWalletConfig = z.infer<typeof customWalletSchema>

/** What a dapp passes to `PorticoProvider`. */
export const porticoConfigSchema = z.object({
  projectId: z.string().min(1, 'Project ID Not Configured'),
  networks: z.array(networkSchema).min(1, 'At least one network is required'),
  defaultNetwork: caipNetworkIdSchema.optional(),
  metadata: dappMetadataSchema,
  /** Base URL of the blockchain-data API. */
  apiUrl: z.string().url(),
  /** Base URL of the wallet catalogue. */
  catalogueUrl: z.string().url().optional(),
  /** Per-chain RPC override, keyed by CAIP-2 network id. */
  rpcMap: z.record(z.string(), z.string().url()).optional(),
  themeMode: themeModeSchema.default('light'),
  themeVariables: themeVariablesSchema.default({}),
  features: featuresSchema.default(featuresSchema.parse({})),
  /** Language of the modal's texts. */
  locale: localeSchema.default('en'),
  /** Let the visitor switch networks from the modal (SPEC.md §2 exception when false). */
  enableNetworkSwitch: z.boolean().default(true),
  /** Stay on a network the dapp does not list instead of opening UnsupportedChain. */
  allowUnsupportedChain: z.boolean().default(false),
  /**
   * Basic mode, as AppKit's `basic`: WalletConnect only, without the features that need more than a
   * connection. Among them, a wallet on a network the dapp does not list never opens UnsupportedChain (SPEC.md §2).
   */
  basic: z.boolean().default(false),
  /** Wallets the dapp adds itself, shown after the featured ones (SPEC.md §1 connector order: custom). */
  customWallets: z.array(customWalletSchema).default([]),
  /** Catalogue ids of wallets to feature first, to include only, or to leave out. */
  featuredWalletIds: z.array(z.string()).default([]),
  includeWalletIds: z.array(z.string()).default([]),
  excludeWalletIds: z.array(z.string()).default([]),
  /** Portico's service worker, or false to leave it out (see `serviceWorkerConfigSchema`). */
  serviceWorker: serviceWorkerConfigSchema.optional(),
  /** Support lists and services of the core (hosted RPC, swap chains, currency) for a deployment with its own chains. */
  core: coreOptionsSchema.partial().optional(),
})
export type PorticoConfigInput = z.input<typeof porticoConfigSchema>
export type PorticoConfig = z.output<typeof porticoConfigSchema>

/** The part of the configuration the core needs; sent to the worker by each tab. */
export const coreConfigSchema = porticoConfigSchema.pick({ projectId: true, networks: true, apiUrl: true, catalogueUrl: true, rpcMap: true, defaultNetwork: true })
export type CoreConfig = z.output<typeof coreConfigSchema>
