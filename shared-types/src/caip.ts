import * as z from './zod-mini.ts'
import { parseWith } from './parse.ts'

export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122'] as const
export const chainNamespaceSchema = z.enum(CHAIN_NAMESPACES)
export type ChainNamespace = z.infer<typeof chainNamespaceSchema>

export type CaipNetworkId = `${ChainNamespace}:${string}`
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

const part = /^[^:\s]+$/

/** A CAIP-2 network id: exactly 2 colon-separated non-empty parts with a known namespace (SPEC.md §5). */
export const caipNetworkIdSchema = z.string().check((ctx) => {
  const parts = ctx.value.split(':')
  if (parts.length !== 2 || !parts.every((p) => part.test(p))) {
    ctx.issues.push({ code: 'custom', message: 'Invalid CAIP network id', input: ctx.value })
    return
  }
  if (!(CHAIN_NAMESPACES as readonly string[]).includes(parts[0]!)) {
    ctx.issues.push({ code: 'custom', message: 'Unknown chain namespace', input: ctx.value })
  }
}) as unknown as z.ZodMiniType<CaipNetworkId, CaipNetworkId>

/** A CAIP-10 address: exactly 3 colon-separated non-empty parts with a known namespace (SPEC.md §5). */
export const caipAddressSchema = z.string().check((ctx) => {
  const parts = ctx.value.split(':')
  if (parts.length !== 3 || !parts.every((p) => part.test(p))) {
    ctx.issues.push({ code: 'custom', message: 'Invalid CAIP address', input: ctx.value })
    return
  }
  if (!(CHAIN_NAMESPACES as readonly string[]).includes(parts[0]!)) {
    ctx.issues.push({ code: 'custom', message: 'Unknown chain namespace', input: ctx.value })
  }
}) as unknown as z.ZodMiniType<CaipAddress, CaipAddress>

/** An EVM address: 0x and 40 hex characters. */
export const evmAddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address')) as unknown as z.ZodMiniType<`0x${string}`, `0x${string}`>
/** A Solana address: base58 of 32 to 44 characters. */
export const solanaAddressSchema = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid address'))

/** An address accepted by SPEC.md §5: 40 hex characters, or base58 of 32 to 44 characters for Solana. */
export function isValidAddress(address: string, namespace: ChainNamespace = 'eip155'): boolean {
  if (namespace === 'solana') return solanaAddressSchema.safeParse(address).success
  return /^(0x)?[0-9a-fA-F]{40}$/.test(address)
}

export function toCaipNetworkId(namespace: ChainNamespace, reference: string | number): CaipNetworkId {
  return `${namespace}:${reference}`
}

export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}`
}

/** The parts of a CAIP-2 id; a text that is not one throws `SchemaValidationError`. */
export function parseCaipNetworkId(id: string): { namespace: ChainNamespace; reference: string } {
  const value = parseWith(caipNetworkIdSchema, id, 'CAIP-2 network id')
  const [namespace, reference] = value.split(':') as [ChainNamespace, string]
  return { namespace, reference }
}

/** The parts of a CAIP-10 address; a text that is not one throws `SchemaValidationError`. */
export function parseCaipAddress(caip: string): {
  namespace: ChainNamespace
  reference: string
  address: string
  caipNetworkId: CaipNetworkId
} {
  const value = parseWith(caipAddressSchema, caip, 'CAIP-10 address')
  const [namespace, reference, address] = value.split(':') as [ChainNamespace, string, string]
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}

export { shortenAddress } from './light.ts'
