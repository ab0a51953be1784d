import { MESSAGES, caipAddressSchema, parseCaipAddress, type CaipAddress } from '@portico/shared-types'
import { getAddress, isAddress, type Address } from 'viem'
import { findSwapAsset, swapAssets, type SwapAsset } from '../amm/swap-assets.ts'
import { findChain, type DataApiChain, type DataApiContext } from './context.ts'

export type ResolvedAsset = { chain: DataApiChain; asset: SwapAsset; caip: CaipAddress }

/** A CAIP-10 token address of a swappable asset on a sandbox chain, or the message why not. */
export function resolveSwapAsset(ctx: DataApiContext, value: string | undefined, field: string): ResolvedAsset | string {
  if (value === undefined || value === '') return `Missing required query parameter: ${field}`
  if (!caipAddressSchema.safeParse(value).success) return `${field}: Expected a CAIP-10 token address (eip155:{chainId}:0x…)`
  const { caipNetworkId, address } = parseCaipAddress(value)
  const chain = findChain(ctx, caipNetworkId)
  if (!chain) return MESSAGES.unsupportedChain
  if (!isAddress(address, { strict: false })) return `${field}: Invalid address`
  const asset = findSwapAsset(swapAssets(chain.chain, chain.deployment), address)
  if (!asset) return `${field}: Token ${address} is not swappable on ${chain.chain.name}`
  return { chain, asset, caip: `${caipNetworkId}:${asset.address}` }
}

/** The user of a convert call: CAIP-10 on `chain`, or a plain 0x address. */
export function resolveUser(value: string | undefined, chain: DataApiChain, field = 'userAddress'): { address: Address } | string {
  if (value === undefined || value === '') return `Missing required query parameter: ${field}`
  let address = value
  if (caipAddressSchema.safeParse(value).success) {
    const parsed = parseCaipAddress(value)
    if (parsed.caipNetworkId !== chain.chain.caipNetworkId) return `${field}: Expected an account on ${chain.chain.caipNetworkId}`
    address = parsed.address
  }
  return isAddress(address, { strict: false }) ? { address: getAddress(address) } : `${field}: Invalid address`
}
