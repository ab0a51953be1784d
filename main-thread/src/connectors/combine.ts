import type { ChainNamespace } from '@portico/shared-types/light'
import type { Connector, ConnectorEvent } from './types.ts'

/** What names one wallet across protocols: its rdns where it has one, and its name (case and spaces aside). */
const keysOf = (connector: Connector): string[] => [...(connector.rdns ? [`rdns:${connector.rdns.toLowerCase()}`] : []), `name:${connector.name.trim().toLowerCase().replace(/\s+/g, ' ')}`]

/** The pairs combined so far, so a combination is the same object while both sides are (followers keep their subscription). */
const combined = new WeakMap<Connector, { other: Connector; connector: Connector }>()

/**
 * One wallet announced twice, its EVM side through EIP-6963 and its Solana side through Wallet
 * Standard, as one connector: the first's id, name, icon and rdns (a returning visitor's stored
 * connection keeps working), both namespaces, each call going to the side serving the namespace.
 */
export function combineConnectors(first: Connector, second: Connector): Connector {
  const cached = combined.get(first)
  if (cached?.other === second) return cached.connector
  const sideOf = (namespace: ChainNamespace | undefined): Connector => (namespace && !first.namespaces.includes(namespace) && second.namespaces.includes(namespace) ? second : first)
  const connector: Connector = {
    id: first.id,
    type: first.type,
    name: first.name,
    icon: first.icon || second.icon,
    rdns: first.rdns ?? second.rdns,
    explorerId: first.explorerId ?? second.explorerId,
    namespaces: [...new Set([...first.namespaces, ...second.namespaces])],
    approval: first.approval,
    connect: (params) => sideOf(params?.namespace).connect(params),
    async disconnect(namespace) {
      if (namespace) return sideOf(namespace).disconnect(namespace)
      await Promise.all([first.disconnect().catch(() => undefined), second.disconnect().catch(() => undefined)])
    },
    getCaipAddress: (namespace) => sideOf(namespace).getCaipAddress(namespace),
    switchChain: (network) => sideOf(network.chainNamespace).switchChain(network),
    getProvider: (namespace) => sideOf(namespace).getProvider(namespace),
    ...(first.calls ? { calls: first.calls.bind(first) } : {}),
    subscribe(listener) {
      // A side that ends its session ends only its own namespaces.
      const forward = (side: Connector) => (event: ConnectorEvent) =>
        listener(event.type === 'disconnect' && !event.namespace && side.namespaces.length === 1 ? { type: 'disconnect', namespace: side.namespaces[0] } : event)
      const stops = [first.subscribe(forward(first)), second.subscribe(forward(second))]
      return () => {
        for (const stop of stops) stop()
      }
    },
  }
  combined.set(first, { other: second, connector })
  return connector
}

/**
 * The page's connectors with each wallet once: an announced connector (ANNOUNCED or INJECTED) whose
 * rdns or name an earlier one of another namespace has is combined into it, in the earlier's place.
 */
export function dedupeWallets(connectors: readonly Connector[]): Connector[] {
  const out: Connector[] = []
  const byKey = new Map<string, number>()
  const mergeable = (c: Connector) => c.type === 'ANNOUNCED' || c.type === 'INJECTED'
  for (const connector of connectors) {
    const keys = keysOf(connector)
    const index = mergeable(connector) ? keys.map((key) => byKey.get(key)).find((i) => i !== undefined) : undefined
    const earlier = index === undefined ? undefined : out[index]
    if (index !== undefined && earlier && !earlier.namespaces.some((ns) => connector.namespaces.includes(ns))) {
      out[index] = combineConnectors(earlier, connector)
      continue
    }
    if (mergeable(connector)) for (const key of keys) if (!byKey.has(key)) byKey.set(key, out.length)
    out.push(connector)
  }
  return out
}
