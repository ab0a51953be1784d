import { MESSAGES, PorticoError } from '@portico/shared-types'
import type { Feature } from '../feature.ts'
import { getAccountNameQueryOptions } from './getAccountName.ts'
import { getNameSuggestionsQueryOptions } from './getNameSuggestions.ts'

/** Account names: suggestions, who holds a name, and a receiver's name resolved to an address (its code loads with the first). */
export const namesApi: Feature<'getNameSuggestions' | 'getAccountName' | 'resolveReceiver'> = (ctx) => ({
  getNameSuggestions: async (params) => {
    try {
      return (await ctx.queries.read(getNameSuggestionsQueryOptions, params)).data
    } catch (error) {
      throw new PorticoError(MESSAGES.errorFetchingNameSuggestions, { cause: error })
    }
  },
  getAccountName: async (params) => {
    try {
      return (await ctx.queries.read(getAccountNameQueryOptions, params)).data
    } catch (error) {
      throw new PorticoError(MESSAGES.errorResolvingName, { cause: error })
    }
  },
  resolveReceiver: async (params) => {
    try {
      const { resolveReceiverQueryOptions } = await import('./resolveReceiver.ts')
      return (await ctx.queries.read(resolveReceiverQueryOptions, params)).data
    } catch (error) {
      throw new PorticoError(MESSAGES.errorResolvingName, { cause: error })
    }
  },
})
