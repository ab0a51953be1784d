import { activeConnection } from '@portico/shared-types/light'
import { currentView, route } from '../router.ts'
import type { ClientSnapshot } from '../createClient.ts'
import type { SessionContext, SessionFeature } from './feature.ts'

/** The views that give way to Account once the account is connected. */
const CONNECTING_VIEWS = new Set(['Connect', 'ConnectingExternal', 'ConnectingWalletConnect', 'ConnectingWalletConnectBasic'])

/** Account in place of a connecting view (a connect that answered); other views are left as they are. */
export function accountAfterConnect(modal: ClientSnapshot['modal']): ClientSnapshot['modal'] {
  return CONNECTING_VIEWS.has(currentView(modal.router).name) ? { ...modal, router: route(modal.router, { type: 'reset', view: { name: 'Account' } }) } : modal
}

/**
 * The modal follows the connection: a connection made (here or in another tab) takes a connecting
 * view to Account, unless this tab's attempt failed; the account gone takes Account back to Connect
 * (the QR code in basic mode).
 */
export function startRouting({ config }: Pick<SessionContext, 'config'>): SessionFeature {
  return {
    modal(state, modal, snapshot) {
      const connection = activeConnection(state)
      const isConnected = connection.status === 'connected'
      const view = currentView(modal.router).name
      // A connection that arrives or changes (here or in another tab); Connect opened to add a wallet beside the one in use stays.
      const before = snapshot.core ? activeConnection(snapshot.core) : null
      const arrived = isConnected && (before?.status !== 'connected' || before.caipAddress !== connection.caipAddress || before.connectorId !== connection.connectorId)
      let router = modal.router
      if (arrived && CONNECTING_VIEWS.has(view) && snapshot.attempt?.status !== 'failed') {
        router = route(router, { type: 'reset', view: { name: 'Account' } })
      } else if (!isConnected && connection.status !== 'connecting' && view === 'Account') {
        router = route(router, { type: 'reset', view: config.basic ? { name: 'ConnectingWalletConnectBasic' } : { name: 'Connect' } })
      }
      return { ...modal, router }
    },
  }
}
