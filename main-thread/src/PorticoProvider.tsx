import { useEffect, useRef, useState, type ReactNode } from 'react'
import { activeConnection } from '@portico/shared-types/light'
import type { PorticoConfigInput } from '@portico/shared-types'
import { createClient, type PorticoClient } from './client/createClient.ts'
import { currentView } from './client/router.ts'
import { PorticoContext, usePorticoClient, useSnapshot, type PorticoContextValue } from './context.ts'
import { preloadModal, setModalFirstView, setModalLocale, useLoadedModal, warmModal } from './modal/load.ts'
import { whenIdle } from './client/idle.ts'
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
  setModalLocale(value.client.startup.locale)
  setModalFirstView(() => value.client.firstView().name)
  useServiceWorker(value.client)
  useIdlePreload(value.client)
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
 * Once the page is idle after load, fetches and runs the modal's code (in parts, `preloadModal`), then the session's code with
 * the configuration checked: the page's own files only (no worker, no service, nothing before first
 * paint), so the first open renders in the click's frame instead of waiting for the network and the
 * schemas. Skipped when the visitor asked the browser to save data; the visitor's intent then loads them.
 */
function useIdlePreload(client: PorticoClient) {
  useEffect(() => {
    if (typeof window === 'undefined' || (navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return
    let cancel = whenIdle(() => {
      void preloadModal()
        .catch(() => undefined)
        .then(() => {
          cancel = whenIdle(() => void client.prepare(), 2000)
        })
    }, 2000)
    return () => cancel()
  }, [client])
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
 * Renders the modal once its code is there (loaded when the page is idle, on the button's hover or
 * focus, or on the first open): hidden and ahead of time while closed, revealed by an open. No
 * Suspense boundary: React holds back content that replaces a Suspense fallback for up to 300 ms,
 * which the visitor would feel on every first open. Each close starts the next open afresh (a new
 * mount, rendered ahead again), so no view keeps what the visitor typed.
 */
function ModalHost() {
  const { modal } = useSnapshot()
  const Modal = useLoadedModal()
  const [round, setRound] = useState(0)
  const wasOpen = useRef(modal.open)
  useEffect(() => {
    if (wasOpen.current && !modal.open) setRound((r) => r + 1)
    wasOpen.current = modal.open
  }, [modal.open])
  useEffect(() => {
    if (modal.open && !Modal) warmModal()
  }, [modal.open, Modal])
  return Modal ? <Modal key={round} /> : null
}
