import { activeConnection } from '@portico/shared-types/light'
import { currentView, route } from '../router.ts'
import type { SessionContext, SessionFeature } from './feature.ts'

/** The views that give way to Account once the account is connected. */
const CONNECTING_VIEWS = new Set(['Connect', 'ConnectingExternal', 'ConnectingWalletConnect', 'ConnectingWalletConnectBasic'])

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
      let router = modal.router
      if (isConnected && CONNECTING_VIEWS.has(view) && snapshot.attempt?.status !== 'failed') {
        router = route(router, { type: 'reset', view: { name: 'Account' } })
      } else if (!isConnected && connection.status !== 'connecting' && view === 'Account') {
        router = route(router, { type: 'reset', view: config.basic ? { name: 'ConnectingWalletConnectBasic' } : { name: 'Connect' } })
      }
      return { ...modal, router }
    },
  }
}
