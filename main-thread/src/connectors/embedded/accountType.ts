import { DEFAULT_ACCOUNT_TYPES } from '@portico/shared-types/constants'
import type { EmbeddedUser } from '@portico/shared-types/embedded'
import type { ConnectorSourceContext } from '../registry.ts'
import type { FrameClient } from './frame.ts'

/**
 * The embedded wallet's account type (SPEC.md §3/§4): the core keeps the preferred type per namespace,
 * the frame keeps the one in effect. Loaded with the frame, never before the visitor uses the wallet.
 */

type SourceApi = ConnectorSourceContext['api']
type AccountType = 'eoa' | 'smartAccount'

/** The account type the visitor prefers on eip155 (SPEC.md §3, kept by the core per namespace; a smart account by default, SPEC.md §4). */
export async function preferredType(api: SourceApi): Promise<AccountType> {
  const type = (await api.getState()).accountTypes.eip155 ?? DEFAULT_ACCOUNT_TYPES.eip155
  return type === 'smartAccount' ? 'smartAccount' : 'eoa'
}

/**
 * At login: the frame's user with the preferred account type in effect. The frame is asked for it
 * when its user has the other one; when that fails (SPEC.md §4), the EOA, and the core keeps eoa as
 * the preference.
 */
export async function userWithPreferredType(api: SourceApi, f: FrameClient, chainId: number): Promise<EmbeddedUser> {
  const wanted = await preferredType(api)
  let user = await f.request('GET_USER', { chainId, preferredAccountType: wanted })
  if ((user.preferredAccountType ?? 'eoa') !== wanted) {
    try {
      await f.request('SET_PREFERRED_ACCOUNT', { type: wanted })
      user = await f.request('GET_USER', { chainId })
    } catch {
      /* the fallback below */
    }
  }
  if ((user.preferredAccountType ?? 'eoa') !== wanted) await api.setPreferredAccountType('eip155', 'eoa')
  return user
}

/**
 * A returning session keeps the type the frame holds (another tab may have just switched it): the
 * core's preference follows it, so no tab sets back a type it read before the switch.
 */
export async function followHeldType(api: SourceApi, user: EmbeddedUser): Promise<void> {
  const held = user.preferredAccountType ?? 'eoa'
  if (held !== (await preferredType(api))) await api.setPreferredAccountType('eip155', held)
}

/**
 * The account type switch: the frame's choice (a type it cannot set falls back to the EOA, SPEC.md
 * §4), the core's preference for eip155, and the user as the frame answers it then.
 */
export async function switchAccountType(api: SourceApi, f: FrameClient, chainId: number, type: AccountType): Promise<{ user: EmbeddedUser; effective: AccountType }> {
  let effective: AccountType = type
  try {
    await f.request('SET_PREFERRED_ACCOUNT', { type })
  } catch {
    effective = 'eoa'
    await f.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' })
  }
  await api.setPreferredAccountType('eip155', effective)
  return { user: await f.request('GET_USER', { chainId }), effective }
}
