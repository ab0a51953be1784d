import * as z from './zod-mini.ts'
import { evmAddressSchema } from './caip.ts'
import { safeHref } from './safeUrl.ts'

/** Answers of an EIP-1193 wallet, parsed before use: wallets are outside code. */
export const ethAccountsSchema = z.array(evmAddressSchema)
export const ethChainIdSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'Expected a hex chain id'))
export const providerRpcErrorSchema = z.object({ code: z.number(), message: z.string() })

/** EIP-6963 provider info announced by a wallet. */
export const eip6963ProviderInfoSchema = z.object({
  uuid: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  /** A data URI (EIP-6963); shown only when it passes the image gate (png, jpeg, gif, webp or svg+xml), else ''. */
  icon: z.pipe(
    z.string().check(z.regex(/^data:image\//, 'Expected a data URI')),
    z.transform((icon: string) => safeHref(icon, { kind: 'image', allowDataImage: true }) ?? ''),
  ),
  rdns: z.string().check(z.minLength(1)),
})
export type Eip6963ProviderInfo = z.infer<typeof eip6963ProviderInfoSchema>

export type Eip1193RequestArguments = { method: string; params?: readonly unknown[] | object }
export interface Eip1193Provider {
  request(args: Eip1193RequestArguments): Promise<unknown>
  on?(event: string, listener: (...args: never[]) => void): void
  removeListener?(event: string, listener: (...args: never[]) => void): void
}
