import { siwxNonceResponseSchema } from '@portico/shared-types'
import type { HttpClient, HttpClientErrorType } from '../../infra/http.ts'

export type GetSiwxNonceReturnType = string
export type GetSiwxNonceErrorType = HttpClientErrorType

/**
 * A fresh nonce from the SIWX verifier (GET /v1/siwx/nonce): made by its CSPRNG, accepted once. Never
 * cached, never joined to another sign-in's request in flight: every sign-in asks for its own.
 *
 * @example
 * const nonce = await getSiwxNonce(api)
 */
export async function getSiwxNonce(api: HttpClient): Promise<GetSiwxNonceReturnType> {
  const { nonce } = await api.get('v1/siwx/nonce', { schema: siwxNonceResponseSchema, what: 'SIWX nonce', shared: false })
  return nonce
}
