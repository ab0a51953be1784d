import { supportedChainsResponseSchema, type SupportedChainsResponse } from '@portico/shared-types'
import type { HttpClient, HttpClientErrorType } from '../http.ts'

export type GetSupportedChainsReturnType = SupportedChainsResponse
export type GetSupportedChainsErrorType = HttpClientErrorType

/**
 * Networks the data API serves (GET v1/supported-chains, SPEC.md §7).
 *
 * @example
 * const { http: chains } = await getSupportedChains(http)
 */
export async function getSupportedChains(http: HttpClient): Promise<GetSupportedChainsReturnType> {
  return http.get('v1/supported-chains', { schema: supportedChainsResponseSchema, what: 'supported chains' })
}
