import type { Feature } from '../feature.ts'

/** The active account's name and avatar, and the profile names of any address. */
export const identityApi: Feature<'refreshIdentity' | 'getNames'> = (_ctx, { identity, account }) => ({
  refreshIdentity(params) {
    account.asked()
    return identity.refresh(params)
  },
  getNames: (params) => identity.getNames(params),
})
