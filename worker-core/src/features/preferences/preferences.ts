import {
  accountTypeSchema,
  chainNamespaceSchema,
  embeddedWalletStateSchema,
  emptyEmbeddedWallet,
  parseWith,
  RECORDS,
  type AccountType,
  type ChainNamespace,
  type EmbeddedWalletState,
} from '@portico/shared-types'
import type { CoreContext } from '../../infra/context.ts'

export type PreferencesFeature = {
  setPreferredAccountType(namespace: ChainNamespace, type: AccountType): Promise<void>
  setEmbeddedWallet(patch: Partial<EmbeddedWalletState>): Promise<void>
  clearEmbeddedWallet(): Promise<void>
}

/** Preferred account types per namespace and the embedded wallet's cached login data, persisted. */
export function createPreferences(ctx: CoreContext): PreferencesFeature {
  return {
    async setPreferredAccountType(namespace, type) {
      await ctx.ready
      const accountTypes = { ...ctx.store.get().accountTypes, [parseWith(chainNamespaceSchema, namespace, 'namespace')]: parseWith(accountTypeSchema, type, 'account type') }
      ctx.store.set({ accountTypes })
      await ctx.records.write(RECORDS.accountTypes, accountTypes)
    },
    async setEmbeddedWallet(patch) {
      await ctx.ready
      const embeddedWallet = parseWith(embeddedWalletStateSchema, { ...ctx.store.get().embeddedWallet, ...patch }, 'embedded wallet')
      ctx.store.set({ embeddedWallet })
      await ctx.records.write(RECORDS.embeddedWallet, embeddedWallet)
    },
    async clearEmbeddedWallet() {
      await ctx.ready
      ctx.store.set({ embeddedWallet: emptyEmbeddedWallet })
      await ctx.records.remove(RECORDS.embeddedWallet)
    },
  }
}
