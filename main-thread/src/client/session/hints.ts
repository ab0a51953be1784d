import { activeConnection } from '@portico/shared-types/light'
import { keepAccountHint } from '../keepAccountHint.ts'
import type { SessionContext, SessionFeature } from './feature.ts'

/**
 * What the next page load paints from before the core answers: the session hint (a returning
 * visitor's tab wakes the core at once) and the account button's stored account, kept with each state.
 */
export function startHints({ client }: Pick<SessionContext, 'client'>): SessionFeature {
  return {
    before(state) {
      client.writeHint(activeConnection(state).status === 'connected')
      keepAccountHint(state)
    },
  }
}
