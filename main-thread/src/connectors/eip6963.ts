import { createStore, type EIP6963ProviderDetail } from 'mipd'
import { eip6963ProviderInfoSchema, type Eip1193Provider } from '@portico/shared-types/eip1193'
import { createEmitter } from '@portico/shared-types/emitter'
import { eip1193Connector } from './eip1193.ts'
import type { Connector, ConnectorSource } from './types.ts'

/**
 * Wallets announced on the page through EIP-6963 (discovered by mipd), one connector each of type
 * ANNOUNCED whose id is the wallet's rdns (the id a returning visitor's connection was stored with).
 * Each announcement is checked against its schema (a wallet is outside code) and de-duplicated by rdns.
 */
/**
 * One connector per announced provider, kept while it is announced, so followers keep their
 * subscription; shared by every source of the page, so the wallets listed before the session starts
 * are the same objects the session's source lists (nothing to re-render when it takes over).
 */
const known = new Map<string, { provider: unknown; connector: Connector }>()

export function eip6963Source(): ConnectorSource {
  const store = createStore()
  const listeners = createEmitter()

  const toConnectors = (details: readonly EIP6963ProviderDetail[]): Connector[] => {
    const byRdns = new Map<string, Connector>()
    for (const detail of details) {
      const info = eip6963ProviderInfoSchema.safeParse(detail.info)
      if (!info.success || byRdns.has(info.data.rdns)) continue
      const { rdns, name, icon } = info.data
      let entry = known.get(rdns)
      if (!entry || entry.provider !== detail.provider || entry.connector.name !== name || entry.connector.icon !== icon) {
        const provider = detail.provider as unknown as Eip1193Provider
        entry = { provider: detail.provider, connector: eip1193Connector({ id: rdns, type: 'ANNOUNCED', name, icon, rdns, provider }) }
        known.set(rdns, entry)
      }
      byRdns.set(rdns, entry.connector)
    }
    return [...byRdns.values()]
  }

  let current = toConnectors(store.getProviders())
  const unsubscribe = store.subscribe((details) => {
    current = toConnectors(details)
    listeners.emit()
  })
  return {
    connectors: () => current,
    subscribe(onChange) {
      return listeners.on(onChange)
    },
    destroy() {
      listeners.clear()
      unsubscribe()
      store.destroy()
    },
  }
}
