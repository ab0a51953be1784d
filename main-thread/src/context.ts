import { createContext, useContext, useSyncExternalStore } from 'react'
import type { ClientSnapshot, PorticoClient } from './client/createClient.ts'

export const PorticoContext = createContext<PorticoClient | null>(null)

export function usePorticoClient(): PorticoClient {
  const client = useContext(PorticoContext)
  if (!client) throw new Error('Portico hooks must be used inside <PorticoProvider>')
  return client
}

/** Subscribes a component to the client's snapshot. */
export function useSnapshot(): ClientSnapshot {
  const client = usePorticoClient()
  return useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot)
}
