import type { Feature } from '../feature.ts'
import { getOnrampOptionsQueryOptions } from './getOnrampOptions.ts'
import { getOnrampQuoteQueryOptions } from './getOnrampQuote.ts'
import { getOnrampUrlQueryOptions } from './getOnrampUrl.ts'

/** Buy: the onramp's options, quotes and the provider's page. */
export const onrampApi: Feature<'getOnrampOptions' | 'getOnrampQuote' | 'getOnrampUrl'> = (ctx) => ({
  getOnrampOptions: async (params = {}) => (await ctx.queries.read(getOnrampOptionsQueryOptions, params)).data,
  getOnrampQuote: async (params) => (await ctx.queries.read((env, p) => getOnrampQuoteQueryOptions(env, p, ctx.store.get().balances.data), params)).data,
  getOnrampUrl: async (params) => (await ctx.queries.read(getOnrampUrlQueryOptions, params)).data,
})
