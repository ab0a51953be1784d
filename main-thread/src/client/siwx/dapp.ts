import type { PorticoCoreApi, SiwxSession } from '@portico/shared-types'
import { MESSAGES, PorticoError, UnansweredRequestError } from '@portico/shared-types/errors'
import { splitCaipAddress, type CaipAddress, type CaipNetworkId } from '@portico/shared-types/light'
import {
  siwxDappMessageSchema as dappMessageSchema,
  siwxDappSessionsSchema,
  siwxDappVerdictSchema,
  siwxMessageInputSchema as messageInputSchema,
  siwxSessionSchema,
  type SiwxCreatedMessage,
  type SiwxDappConfig,
} from '@portico/shared-types/siwx-config'
import type { WalletRequest } from '@portico/shared-types/write'
import type { DappAnswerer } from '../write.ts'
import { hasSiwxSession } from './rules.ts'

/** A dapp function's answer that its schema refused, as the typed error of SPEC.md §8's message. */
function refused(what: string, message: string, error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): PorticoError {
  const issue = error.issues[0]
  return new PorticoError(message, { details: `${what} answered ${issue ? `${issue.path.map(String).join('.') || 'a value'}: ${issue.message}` : 'an invalid value'}` })
}

/** The data of a message (AppKit's `SIWXMessage.Data`), without its methods, so it can cross to the core. */
function dataOf(message: SiwxCreatedMessage['data'] & { toString: unknown }): SiwxCreatedMessage['data'] {
  const { toString: _toString, ...data } = message
  return JSON.parse(JSON.stringify(data)) as SiwxCreatedMessage['data']
}

/**
 * Answers the sign-in write's dapp steps with a dapp's own SIWX configuration: `siwx_createMessage`
 * calls `createMessage` (its answer checked, its text from `toString()`), `siwx_addSession` calls
 * `verify` when given (false refuses) and then `addSession`. What a function answers is parsed here;
 * a wrong shape is 'A problem occurred while trying initialize authentication' (or 'Signature
 * declined' for a session), with the detail for the developer.
 */
export function siwxDappAnswerer(config: SiwxDappConfig): DappAnswerer {
  return async ({ method, params }: WalletRequest) => {
    if (method === 'siwx_createMessage') {
      const input = messageInputSchema.parse(params[0])
      const answer = dappMessageSchema.safeParse(await config.createMessage({ accountAddress: input.accountAddress, chainId: input.chainId as CaipNetworkId }))
      if (!answer.success) throw refused('siwx.createMessage', MESSAGES.siwxInitFailed, answer.error)
      const text = answer.data.toString()
      if (typeof text !== 'string' || text.length === 0) throw new PorticoError(MESSAGES.siwxInitFailed, { details: 'siwx.createMessage answered a message whose toString() is not a text' })
      return { data: dataOf(answer.data), message: text } satisfies SiwxCreatedMessage
    }
    if (method === 'siwx_addSession') {
      const session = siwxSessionSchema.parse(params[0])
      if (config.verify) {
        const verdict = siwxDappVerdictSchema.safeParse(await config.verify(session))
        if (!verdict.success) throw refused('siwx.verify', MESSAGES.signatureDeclined, verdict.error)
        if (!verdict.data) throw new PorticoError(MESSAGES.signatureDeclined, { details: 'siwx.verify refused the signed message' })
      }
      await config.addSession(session)
      return null
    }
    throw new UnansweredRequestError(method)
  }
}

/**
 * SPEC.md §4, on connect: the sessions the dapp already holds for the account (`getSessions`) count as
 * signed in: the valid ones are kept by the core for every tab, and nothing is asked. Answers whether
 * there was one. An answer of the wrong shape is the typed initialisation error.
 */
export async function adoptDappSessions(config: SiwxDappConfig, api: Pick<PorticoCoreApi, 'addSiwxSession'>, caipAddress: CaipAddress, now = Date.now()): Promise<boolean> {
  const { address, caipNetworkId } = splitCaipAddress(caipAddress)
  const parsed = siwxDappSessionsSchema.safeParse(await config.getSessions(caipNetworkId, address))
  if (!parsed.success) throw refused('siwx.getSessions', MESSAGES.siwxInitFailed, parsed.error)
  const valid = parsed.data.filter((session: SiwxSession) => hasSiwxSession([session], caipAddress, now))
  // The core refuses a session that does not hold together (its CACAO, message and signature): that one does not count.
  let kept = 0
  for (const session of valid)
    kept += await api.addSiwxSession(session).then(
      () => 1,
      () => 0,
    )
  return kept > 0
}

/** The chains `caipAddress`'s account is signed in on, as its sessions say. */
export function signedInChains(caipAddress: CaipAddress, sessions: readonly SiwxSession[]): CaipNetworkId[] {
  const { address } = splitCaipAddress(caipAddress)
  return sessions.filter((s) => s.data.accountAddress.toLowerCase() === address.toLowerCase()).map((s) => s.data.chainId)
}

/**
 * Disconnecting revokes the account's sessions at the dapp (`revokeSession`, on the connection's chain
 * and each chain in `chainIds`), best effort.
 */
export async function revokeDappSessions(config: SiwxDappConfig, caipAddress: CaipAddress, chainIds: readonly CaipNetworkId[]): Promise<void> {
  if (!config.signOutOnDisconnect) return
  const { address, caipNetworkId } = splitCaipAddress(caipAddress)
  const chains = new Set([caipNetworkId, ...chainIds])
  await Promise.all([...chains].map((chainId) => config.revokeSession(chainId, address).catch(() => undefined)))
}
