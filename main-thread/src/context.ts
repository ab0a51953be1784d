import { createContext, useContext, useSyncExternalStore } from 'react'
import type { ClientSnapshot, PorticoClient } from './client/createClient.ts'
import type { PorticoUi, UiSnapshot } from './ui/createUi.ts'

export type PorticoContextValue = { client: PorticoClient; ui: PorticoUi }
export const PorticoContext = createContext<PorticoContextValue | null>(null)

function usePortico(): PorticoContextValue {
  const value = useContext(PorticoContext)
  if (!value) throw new Error('Portico hooks must be used inside <PorticoProvider>')
  return value
}

export function usePorticoClient(): PorticoClient {
  return usePortico().client
}

export function usePorticoUi(): PorticoUi {
  return usePortico().ui
}

/** Subscribes a component to the client's snapshot. */
export function useSnapshot(): ClientSnapshot {
  const client = usePorticoClient()
  return useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot)
}

export function useUiSnapshot(): UiSnapshot {
  const ui = usePorticoUi()
  return useSyncExternalStore(ui.subscribe, ui.getSnapshot, ui.getSnapshot)
}
