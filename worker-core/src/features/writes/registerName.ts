import type { Address } from 'viem'
import { coinTypeForChainId, HttpRequestError, parseAccountNameInput, parseCaipAddress, profileAccountSchema, type ProfileAccount, type RegisterNameMessage } from '@portico/shared-types'
import type { WriteIntent } from '@portico/shared-types/write'
import { getAccountName } from '../names/getAccountName.ts'
import type { HttpClient } from '../../infra/http.ts'
import { WriteFailure } from './classifyError.ts'

type RegisterNameIntent = Extract<WriteIntent, { kind: 'registerName' }>

export type PreparedRegistration = { name: string; address: Address; coinType: number; message: string }

/**
 * Checks a name registration before the wallet is asked (SPEC.md §5): letters, digits and hyphens,
 * at least 4, under a known suffix; an EVM chain id below 2^31 for the coin type (ENSIP-11); a name
 * nobody holds. Answers the JSON message the account signs (name, address, unix seconds).
 */
export async function prepareRegistration(api: HttpClient, intent: RegisterNameIntent, nowMs: number): Promise<PreparedRegistration> {
  const typed = parseAccountNameInput(intent.name)
  if (typeof typed === 'string') throw new WriteFailure(typed, { field: 'name' })
  const { address, reference } = parseCaipAddress(intent.caipAddress)
  let coinType: number
  try {
    coinType = coinTypeForChainId(Number(reference))
  } catch {
    throw new WriteFailure('UNSUPPORTED_NAMESPACE', { details: 'The chain id must be below 2^31 for the name coin type' })
  }
  const holder = await getAccountName(api, { name: typed.name }).catch((cause: unknown) => {
    throw new WriteFailure('NAME_REGISTER_FAILED', { values: { name: typed.name }, details: cause instanceof Error ? cause.message : String(cause) })
  })
  if (holder) throw new WriteFailure('NAME_TAKEN', { field: 'name', values: { name: typed.name } })
  const message: RegisterNameMessage = { name: typed.name, address, timestamp: Math.floor(nowMs / 1000) }
  return { name: typed.name, address: address as Address, coinType, message: JSON.stringify(message) }
}

/**
 * Posts a signed registration (POST /v1/profile/account: coin_type, address, message, signature);
 * the API checks the signature before it stores the name. A name taken meanwhile is NAME_TAKEN,
 * any other refusal 'Error registering name {name}'.
 */
export async function submitRegistration(api: HttpClient, prepared: PreparedRegistration, signature: string): Promise<ProfileAccount> {
  try {
    return await api.post('v1/profile/account', {
      body: { coin_type: prepared.coinType, address: prepared.address, message: prepared.message, signature },
      schema: profileAccountSchema,
      what: 'name registration',
    })
  } catch (cause) {
    if (cause instanceof HttpRequestError && cause.status === 409) throw new WriteFailure('NAME_TAKEN', { field: 'name', values: { name: prepared.name } })
    throw new WriteFailure('NAME_REGISTER_FAILED', { values: { name: prepared.name }, details: cause instanceof Error ? cause.message : String(cause) })
  }
}
