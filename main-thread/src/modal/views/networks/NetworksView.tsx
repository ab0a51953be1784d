import { activeConnection } from '@portico/shared-types/light'
import { useConfig, usePorticoClient, useSnapshot } from '../../../context.ts'
import { useT } from '../../../i18n/useT.ts'
import { Icon } from '../../icons.tsx'
import { NetworkBadge } from '../../NetworkBadge.tsx'
import { loadView, preloadView } from '../../../client/viewPreloads.ts'

/** The dapp's networks; picking one switches (through the wallet when one is connected). */
export function NetworksView() {
  const client = usePorticoClient()
  const t = useT()
  const { core } = useSnapshot()
  const { networks } = useConfig()
  const active = core?.activeCaipNetworkId
  // A wallet is in play when the active namespace's connection is, or another namespace's (a status per namespace, SPEC.md §4): the switch goes through SwitchNetwork, which finds the wallet for the network's namespace.
  const connected = core ? activeConnection(core).status === 'connected' || Object.values(core.connections).some((c) => c?.status === 'connected') : false
  return (
    <ul className="portico-list" aria-label={t('networks')}>
      {networks.map((network) => {
        const isActive = network.caipNetworkId === active
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="portico-wallet"
              aria-current={isActive ? 'true' : undefined}
              onPointerEnter={connected && !isActive ? () => preloadView('SwitchNetwork') : undefined}
              onFocus={connected && !isActive ? () => preloadView('SwitchNetwork') : undefined}
              onClick={() => {
                if (isActive) client.navigate({ type: 'back' })
                // The switch starts as the view mounts: its code is there first, so the view and its
                // request come in one step (UnsupportedChain would otherwise take the modal back meanwhile).
                else if (connected) void loadView('SwitchNetwork').then(() => client.navigate({ type: 'push', view: { name: 'SwitchNetwork', caipNetworkId: network.caipNetworkId } }))
                else void client.withCore((api) => api.setActiveNetwork(network.caipNetworkId)).then(() => client.navigate({ type: 'back' }))
              }}
            >
              <NetworkBadge name={network.name} caipNetworkId={network.caipNetworkId} />
              <span className="portico-wallet-name">
                {network.name}
                {network.testnet ? <span className="portico-subtle"> · {t('testnet')}</span> : null}
              </span>
              {isActive ? (
                <span className="portico-tag">
                  <Icon name="check" /> {t('activeNetwork')}
                </span>
              ) : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
