import { z } from 'zod/mini'
import { entryPoint08Address } from 'viem/account-abstraction'
import type { CaipAddress } from '@portico/shared-types'
import { splitCaipAddress } from '@portico/shared-types/light'
import type { CoreEnv } from '../../infra/context.ts'
import { BUNDLER_NAME } from '../writes/userOperation.ts'

const answerSchema = z.object({ result: z.nullish(z.looseObject({ paymaster: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)) })), error: z.optional(z.object({ message: z.string() })) })

/**
 * Whether the project's paymaster sponsors the gas of `caipAddress`'s user operations (ERC-7677
 * `pm_getPaymasterStubData` through SPEC.md §7's bundler call): the Send view then says "Gas
 * sponsored" instead of a fee. Any failure answers false (the fee is shown).
 */
export async function isGasSponsored(env: CoreEnv, caipAddress: CaipAddress): Promise<boolean> {
  const { caipNetworkId, reference, address } = splitCaipAddress(caipAddress)
  try {
    const answer = await env.api.post('v1/bundler', {
      query: { chainId: caipNetworkId, bundler: BUNDLER_NAME },
      body: { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [{ sender: address, nonce: '0x0', callData: '0x' }, entryPoint08Address, `0x${Number(reference).toString(16)}`, null] },
      schema: answerSchema,
      what: 'gas sponsorship',
      retries: 0,
      reportForbidden: false,
    })
    return !answer.error && !!answer.result?.paymaster
  } catch {
    return false
  }
}
