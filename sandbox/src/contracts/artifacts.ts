import type { Abi, Hex } from 'viem'
import { z } from 'zod'

/** One compiled contract: what viem needs to deploy and call it. */
export type ContractArtifact = { abi: Abi; bytecode: Hex }
export type ContractArtifacts = Record<string, ContractArtifact>

const abiSchema = z.array(z.looseObject({ type: z.string() })).transform((abi) => abi as unknown as Abi)
const bytecodeSchema = z
  .string()
  .regex(/^(0x)?[0-9a-fA-F]*$/, 'Expected hex bytecode')
  .transform((s): Hex => (s.startsWith('0x') ? (s as Hex) : `0x${s}`))

export const contractArtifactSchema = z.object({ abi: abiSchema, bytecode: bytecodeSchema })

/** The file in sandbox/.cache: artifacts keyed by the hash of sources, compiler and settings. */
export const artifactCacheFileSchema = z.object({
  key: z.string(),
  solcVersion: z.string(),
  contracts: z.record(z.string(), contractArtifactSchema),
})
export type ArtifactCacheFile = z.infer<typeof artifactCacheFileSchema>

/** Standard-JSON output of solc, only the parts the sandbox reads. */
export const solcOutputSchema = z.object({
  errors: z.array(z.looseObject({ severity: z.string(), formattedMessage: z.string() })).optional(),
  contracts: z.record(z.string(), z.record(z.string(), z.object({ abi: abiSchema, evm: z.object({ bytecode: z.object({ object: bytecodeSchema }) }) }))).optional(),
})
