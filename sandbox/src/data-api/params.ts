import { MESSAGES, caipAddressSchema, parseCaipAddress } from '@portico/shared-types'
import { getAddress, isAddress, type Address } from 'viem'
import { findChain, type DataApiChain, type DataApiContext } from './context.ts'

export type AccountParam = { address: Address; chain: DataApiChain | undefined }
export type ParamError = { error: string }

/**
 * An account given as `0x…` or as CAIP-10 `eip155:31337:0x…`. A CAIP-10 account must be on a
 * sandbox chain; a plain address has no chain.
 */
export function parseAccount(ctx: DataApiContext, value: string): AccountParam | ParamError {
  if (isAddress(value, { strict: false })) return { address: getAddress(value), chain: undefined }
  if (!caipAddressSchema.safeParse(value).success) return { error: 'Invalid address' }
  const { namespace, caipNetworkId, address } = parseCaipAddress(value)
  if (namespace !== 'eip155' || !isAddress(address, { strict: false })) return { error: 'Invalid address' }
  const chain = findChain(ctx, caipNetworkId)
  if (!chain) return { error: MESSAGES.unsupportedChain }
  return { address: getAddress(address), chain }
}

/** A CAIP-10 account that must name its chain. */
export function parseChainAccount(ctx: DataApiContext, value: string): { address: Address; chain: DataApiChain } | ParamError {
  const parsed = parseAccount(ctx, value)
  if ('error' in parsed) return parsed
  if (!parsed.chain) return { error: `Expected a CAIP-10 address (eip155:{chainId}:0x…), got ${value}` }
  return { address: parsed.address, chain: parsed.chain }
}

export function isParamError<T extends object>(value: T | ParamError): value is ParamError {
  return 'error' in value
}
