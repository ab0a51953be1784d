import { z } from 'zod'
import { evmAddressSchema } from '@portico/shared-types'
import type { Address, Hex } from 'viem'
import { invalidParams } from './errors.ts'

/** Schemas of the params a dapp sends; dapps are outside code, so every one is parsed. */
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'Expected hex') as unknown as z.ZodType<Hex>
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/, 'Expected a hex quantity')
  .transform((v) => BigInt(v))
const address = z.string().pipe(evmAddressSchema) as unknown as z.ZodType<Address>

export const personalSignParams = z.tuple([z.string(), address]).rest(z.unknown())
export const chainIdParams = z.tuple([z.object({ chainId: z.string() })]).rest(z.unknown())

export const typedDataSchema = z.object({
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  domain: z.record(z.string(), z.unknown()),
  message: z.record(z.string(), z.unknown()),
})
export type TypedDataInput = z.infer<typeof typedDataSchema>

const jsonOrObject = z
  .union([
    z.string().transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Expected JSON typed data' })
        return z.NEVER
      }
    }),
    z.record(z.string(), z.unknown()),
  ])
  .pipe(typedDataSchema)
export const signTypedDataParams = z.tuple([address, jsonOrObject]).rest(z.unknown())

export const transactionParams = z
  .tuple([
    z.object({
      from: address.optional(),
      to: address.nullish(),
      value: quantity.optional(),
      data: hex.optional(),
      input: hex.optional(),
      gas: quantity.optional(),
      nonce: quantity.optional(),
      gasPrice: quantity.optional(),
      maxFeePerGas: quantity.optional(),
      maxPriorityFeePerGas: quantity.optional(),
      chainId: z.string().optional(),
    }),
  ])
  .rest(z.unknown())

export const addChainParams = z
  .tuple([
    z.object({
      chainId: z.string(),
      chainName: z.string().min(1),
      rpcUrls: z.array(z.url()).min(1),
      nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int().nonnegative() }).optional(),
      blockExplorerUrls: z.array(z.url()).nullish(),
    }),
  ])
  .rest(z.unknown())

/** `[{ eth_accounts: {} }]`: the only permission this wallet knows. */
export const permissionParams = z.tuple([z.record(z.string(), z.unknown())]).rest(z.unknown())

/** Parses params or throws EIP-1193's -32602 with zod's first message. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown, method: string): z.output<T> {
  const result = schema.safeParse(params ?? [])
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
  throw invalidParams(`${method}: ${issue?.message ?? 'invalid'}${where}`)
}
