import { identityResponseSchema, type Identity } from '@portico/shared-types'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'

export type GetIdentityParameters = { address: string; sender?: string | undefined }
export type GetIdentityReturnType = Identity
export type GetIdentityErrorType = HttpClientErrorType

/**
 * Name and avatar of an address (GET /v1/identity/{address}?sender=, SPEC.md §7).
 *
 * @example
 * const { name, avatar } = await getIdentity(http, { address, sender: address })
 */
export async function getIdentity(http: HttpClient, { address, sender }: GetIdentityParameters): Promise<GetIdentityReturnType> {
  return http.get(`v1/identity/${address}`, { query: { sender }, schema: identityResponseSchema, what: 'identity' })
}
