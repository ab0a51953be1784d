import type { GetBalanceErrorType } from 'viem'
import type { RpcClient } from '../../infra/rpc.ts'
import { parseCaipAddress, type CaipAddress, type SchemaValidationError } from '@portico/shared-types'

export type GetNativeBalanceParameters = { caipAddress: CaipAddress }
/** The balance in the smallest unit, as a decimal string. */
export type GetNativeBalanceReturnType = string
export type GetNativeBalanceErrorType = GetBalanceErrorType | SchemaValidationError

/**
 * Reads an account's native balance through the chain RPC (viem; SPEC.md §7 chain RPC routing).
 *
 * @example
 * const wei = await getNativeBalance(client, { caipAddress: 'eip155:31337:0xf39f…2266' })
 */
export async function getNativeBalance(client: RpcClient, { caipAddress }: GetNativeBalanceParameters): Promise<GetNativeBalanceReturnType> {
  const { address } = parseCaipAddress(caipAddress)
  const value = await client.getBalance({ address: address as `0x${string}` })
  return value.toString()
}
