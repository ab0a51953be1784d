import type { Feature } from '../feature.ts'

/** The account type per namespace and the embedded wallet's cached login. */
export const preferencesApi: Feature<'setPreferredAccountType' | 'setEmbeddedWallet' | 'clearEmbeddedWallet'> = (_ctx, { preferences }) => ({
  setPreferredAccountType: (namespace, type) => preferences.setPreferredAccountType(namespace, type),
  setEmbeddedWallet: (patch) => preferences.setEmbeddedWallet(patch),
  clearEmbeddedWallet: () => preferences.clearEmbeddedWallet(),
})
