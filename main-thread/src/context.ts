import { createContext, useContext, useSyncExternalStore } from 'react'
import type { PorticoConfig } from '@portico/shared-types'
import { UsageError } from '@portico/shared-types/errorBase'
import type { ClientSnapshot, PorticoClient } from './client/createClient.ts'
import type { PorticoUi, UiSnapshot } from './ui/createUi.ts'

export type PorticoContextValue = { client: PorticoClient; ui: PorticoUi }
export const PorticoContext = createContext<PorticoContextValue | null>(null)

function usePortico(): PorticoContextValue {
  const value = useContext(PorticoContext)
  if (!value) throw new UsageError('Portico hooks must be used inside <PorticoProvider>')
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

/**
 * The dapp's configuration as the schema parsed it, with every default. For the modal's views, which
 * render once the session has parsed it; code that runs before (buttons, hooks) reads `client.startup`.
 */
export function useConfig(): PorticoConfig {
  const { config } = useSnapshot()
  if (!config) throw new UsageError('The configuration is read before the session parsed it: render the view once `snapshot.config` is set')
  return config
}
