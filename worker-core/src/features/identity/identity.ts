import { IDENTITY_CACHE_MS } from '@portico/shared-types/constants'
import {
  emptyIdentity,
  MESSAGES,
  parseCaipAddress,
  PorticoError,
  RECORDS,
  serializeError,
  type CaipAddress,
  type CoreState,
  type GetNamesParameters,
  type Identity,
  type IdentityState,
  type ProfileAccount,
} from '@portico/shared-types'
import { getAccountNameQueryOptions } from '../names/getAccountName.ts'
import { getIdentity } from './getIdentity.ts'
import { getProfileNamesQueryOptions } from './getProfileNames.ts'
import type { CoreContext } from '../../infra/context.ts'
import type { AccountQuery } from '../../infra/query.ts'
import { persisted } from '../../infra/queryCache.ts'

export type IdentityFeature = {
  refresh(params?: { force?: boolean }): Promise<void>
  getNames(params: GetNamesParameters): Promise<ProfileAccount[]>
  restore(caipAddress: CaipAddress): Promise<Pick<CoreState, 'identity'>>
  /**
   * A name the account registered: its identity names it at once (an account without a name takes
   * the new one) and the caches of the name and of the account's names know it, in every tab,
   * instead of after the 5 min cache.
   */
  registered(caipAddress: CaipAddress, account: ProfileAccount): Promise<void>
}

const identityState = (caipAddress: CaipAddress, data: Identity, updatedAt: number): IdentityState => ({
  status: 'success',
  caipAddress,
  name: data.name,
  avatar: data.avatar,
  updatedAt,
  error: null,
})

/** Name and avatar of an account, asked with itself as the sender, cached 5 min; 'unsupported' where names are not offered. */
export function identityQuery(ctx: Pick<CoreContext, 'store'>): AccountQuery<'identity', Identity> {
  return {
    slice: 'identity',
    ttlMs: IDENTITY_CACHE_MS,
    location: (caipAddress) => persisted(RECORDS.identity, parseCaipAddress(caipAddress).address),
    enabled: (_, caipAddress) => ctx.store.get().capabilities.nameNamespaces.includes(parseCaipAddress(caipAddress).namespace),
    fetch(env, caipAddress) {
      const { address } = parseCaipAddress(caipAddress)
      return getIdentity(env.api, { address, sender: address })
    },
    empty: (caipAddress) => ({ ...emptyIdentity, caipAddress }),
    success: identityState,
    error: (cause) => serializeError(cause),
  }
}

/** Name and avatar of the active account, and profile names of any address; both cached 5 min in IndexedDB. */
export function createIdentity(ctx: CoreContext): IdentityFeature {
  const identity = identityQuery(ctx)
  return {
    async refresh({ force = false } = {}) {
      await ctx.ready
      const caipAddress = ctx.activeAccount()
      if (caipAddress) await ctx.queries.sync(identity, caipAddress, { force })
    },

    async getNames(params) {
      try {
        return (await ctx.queries.read(getProfileNamesQueryOptions, params)).data
      } catch (cause) {
        throw new PorticoError(MESSAGES.errorFetchingNames, { cause })
      }
    },

    async restore(caipAddress) {
      return { identity: await ctx.queries.restore(identity, caipAddress) }
    },

    async registered(caipAddress, account) {
      const env = ctx.env()
      if (!env) return
      const { address } = parseCaipAddress(caipAddress)
      await ctx.queries.set(getAccountNameQueryOptions(env, { name: account.name }), account)
      const names = getProfileNamesQueryOptions(env, { address })
      const known = (await ctx.queries.fetch(names).catch(() => undefined))?.data ?? []
      await ctx.queries.set(names, [...known.filter((n) => n.name !== account.name), account])
      const current = ctx.store.get().identity
      const shown = current.caipAddress === caipAddress ? current : await ctx.queries.restore(identity, caipAddress)
      if (shown.name) return
      await ctx.queries.setData(identity, caipAddress, { name: account.name, avatar: shown.avatar })
    },
  }
}
