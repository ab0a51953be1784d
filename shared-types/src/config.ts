import { z } from './zod.ts'
import { caipNetworkIdSchema } from './caip.ts'
import { networkSchema } from './network.ts'

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
})
export type PorticoConfigInput = z.input<typeof porticoConfigSchema>
export type PorticoConfig = z.output<typeof porticoConfigSchema>

/** The part of the configuration the core needs; sent to the worker by each tab. */
export const coreConfigSchema = porticoConfigSchema.pick({ projectId: true, networks: true, apiUrl: true, catalogueUrl: true, rpcMap: true, defaultNetwork: true })
export type CoreConfig = z.output<typeof coreConfigSchema>
