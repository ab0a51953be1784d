import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { activeConnection } from '@portico/shared-types/light'
import type { PorticoConfigInput } from '@portico/shared-types'
import { createClient, type PorticoClient } from './client/createClient.ts'
import { currentView } from './client/router.ts'
import { PorticoContext, usePorticoClient, useSnapshot, type PorticoContextValue } from './context.ts'
import { loadModal } from './modal/load.ts'
import { useServiceWorker } from './service-worker/useServiceWorker.ts'
import { createUi } from './ui/createUi.ts'

export type PorticoProviderProps = { children?: ReactNode } & (
  | { config: PorticoConfigInput; client?: undefined }
  /** Use an existing client (tests, or several providers sharing one); it holds its configuration. */
  | { client: PorticoClient; config?: undefined }
)

/**
 * Makes Portico available to the dapp: hooks, buttons and the modal.
 *
 * @example
 * <PorticoProvider config={{ projectId, networks, metadata, apiUrl }}>
 *   <ConnectButton />
 * </PorticoProvider>
 */
export function PorticoProvider({ config, children, client: given }: PorticoProviderProps) {
  const [value] = useState<PorticoContextValue>(() => {
    const client = given ?? createClient({ config: config! })
    return { client, ui: createUi(client) }
  })
  useServiceWorker(value.client)
  useEffect(
    () => () => {
      value.ui.destroy()
      if (!given) value.client.destroy()
    },
    [value, given],
  )
  return (
    <PorticoContext.Provider value={value}>
      {children}
      <UnsupportedChainWatcher />
      <ModalHost />
    </PorticoContext.Provider>
  )
}

/**
 * SPEC.md §2: a wallet on a network the dapp does not list opens UnsupportedChain, unless network
 * switching is disabled, unsupported chains are allowed, or basic (WalletConnect-only) mode is on.
 */
function UnsupportedChainWatcher() {
  const client = usePorticoClient()
  const { core, modal, config } = useSnapshot()
  const connection = core ? activeConnection(core) : null
  const chain = connection?.status === 'connected' ? core?.activeCaipNetworkId : null
  // A connection exists only once the session has parsed the configuration.
  const unsupported = !!chain && !!config && !config.networks.some((n) => n.caipNetworkId === chain)
  const opens = !!config && config.enableNetworkSwitch && !config.allowUnsupportedChain && !config.basic
  const showing = modal.open && currentView(modal.router).name === 'UnsupportedChain'
  useEffect(() => {
    if (unsupported && opens && !showing) client.open({ name: 'UnsupportedChain' })
    if (!unsupported && showing) client.navigate({ type: 'reset', view: { name: connection?.status === 'connected' ? 'Account' : 'Connect' } })
  }, [unsupported, showing, opens, client, connection?.status])
  return null
}

/**
 * Loads the modal's code on the first open (the button's hover or focus usually has it loaded
 * already) and renders it as soon as it is there. No Suspense boundary: React holds back content
 * that replaces a Suspense fallback for up to 300 ms, which the visitor would feel on every first open.
 */
function ModalHost() {
  const { modal } = useSnapshot()
  const [Modal, setModal] = useState<ComponentType | null>(null)
  useEffect(() => {
    if (!modal.open || Modal) return
    let alive = true
    void loadModal().then((module) => {
      if (alive) setModal(() => module.default)
    })
    return () => {
      alive = false
    }
  }, [modal.open, Modal])
  return Modal ? <Modal /> : null
}
