import { profileReverseResponseSchema, type ProfileAccount } from '@portico/shared-types'
import type { HttpClient, HttpClientErrorType } from '../http.ts'

export type GetProfileNamesParameters = { address: string }
export type GetProfileNamesReturnType = ProfileAccount[]
export type GetProfileNamesErrorType = HttpClientErrorType

/**
 * Account names registered for an address (GET /v1/profile/reverse/{address}, SPEC.md §7).
 *
 * @example
 * const names = await getProfileNames(http, { address })
 */
export async function getProfileNames(http: HttpClient, { address }: GetProfileNamesParameters): Promise<GetProfileNamesReturnType> {
  return http.get(`v1/profile/reverse/${address}`, { schema: profileReverseResponseSchema, what: 'profile names' })
}
