import { IDENTITY_CACHE_MS, NAME_CACHE_MS } from '@portico/shared-types/constants'
import {
  emptyIdentity,
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
import { getIdentity } from './actions/getIdentity.ts'
import { getProfileNames } from './actions/getProfileNames.ts'
import type { CoreContext } from './context.ts'

export type IdentityFeature = {
  refresh(params?: { force?: boolean }): Promise<void>
  getNames(params: GetNamesParameters): Promise<ProfileAccount[]>
  restore(caipAddress: CaipAddress): Promise<Pick<CoreState, 'identity'>>
}

const identityState = (caipAddress: CaipAddress, data: Identity, updatedAt: number): IdentityState => ({
  status: 'success',
  caipAddress,
  name: data.name,
  avatar: data.avatar,
  updatedAt,
  error: null,
})

/** Name and avatar of the active account, and profile names of any address; both cached 5 min in IndexedDB. */
export function createIdentity(ctx: CoreContext): IdentityFeature {
  const inFlight = new Map<string, Promise<void>>()

  async function load(caipAddress: CaipAddress, force: boolean): Promise<void> {
    const env = ctx.env()
    if (!env) return
    const { namespace, address } = parseCaipAddress(caipAddress)
    if (!ctx.store.get().capabilities.nameNamespaces.includes(namespace)) {
      ctx.store.set({ identity: { ...emptyIdentity, status: 'unsupported', caipAddress } })
      return
    }
    const key = RECORDS.identity.key(address)
    const state = ctx.store.get().identity
    const current: IdentityState = state.caipAddress === caipAddress ? state : { ...emptyIdentity, caipAddress }
    const cached = await ctx.cache.peek(key, RECORDS.identity.schema)
    if (cached && !force && ctx.now() - cached.updatedAt < IDENTITY_CACHE_MS) {
      if (current.updatedAt !== cached.updatedAt || current.status !== 'success') ctx.store.set({ identity: identityState(caipAddress, cached.data, cached.updatedAt) })
      return
    }
    const shown = current.updatedAt !== null || !cached ? current : identityState(caipAddress, cached.data, cached.updatedAt)
    if (!ctx.online.isOnline()) {
      if (shown !== state) ctx.store.set({ identity: shown })
      return
    }
    ctx.store.set({ identity: { ...shown, status: 'loading' } })
    try {
      const { data, updatedAt } = await ctx.cache.fetch({
        key,
        ttlMs: IDENTITY_CACHE_MS,
        schema: RECORDS.identity.schema,
        force,
        fetch: () => getIdentity(env.api, { address, sender: address }),
      })
      if (ctx.activeAccount() === caipAddress) ctx.store.set({ identity: identityState(caipAddress, data, updatedAt) })
    } catch (cause) {
      if (ctx.activeAccount() === caipAddress) ctx.store.set((s) => ({ identity: { ...s.identity, status: 'error', error: serializeError(cause) } }))
    }
  }

  return {
    async refresh({ force = false } = {}) {
      await ctx.ready
      const caipAddress = ctx.activeAccount()
      if (!caipAddress) return
      const key = `${caipAddress}:${force}`
      const existing = inFlight.get(key)
      if (existing) return existing
      const run = load(caipAddress, force).finally(() => inFlight.delete(key))
      inFlight.set(key, run)
      return run
    },

    async getNames({ address, force = false }) {
      await ctx.ready
      const env = ctx.env()
      if (!env) throw new PorticoError('Error fetching names for address', { details: 'The core is not configured' })
      try {
        const { data } = await ctx.cache.fetch({
          key: RECORDS.names.key(address),
          ttlMs: NAME_CACHE_MS,
          schema: RECORDS.names.schema,
          force,
          fetch: () => getProfileNames(env.api, { address }),
        })
        return data
      } catch (cause) {
        throw new PorticoError('Error fetching names for address', { cause })
      }
    },

    async restore(caipAddress) {
      const { address } = parseCaipAddress(caipAddress)
      const cached = await ctx.cache.peek(RECORDS.identity.key(address), RECORDS.identity.schema)
      return { identity: cached ? identityState(caipAddress, cached.data, cached.updatedAt) : { ...emptyIdentity, caipAddress } }
    },
  }
}
