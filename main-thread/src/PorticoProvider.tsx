import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import type { PorticoConfigInput } from '@portico/shared-types'
import { createClient, type PorticoClient } from './client/createClient.ts'
import { PorticoContext, useSnapshot } from './context.ts'
import { loadModal } from './modal/load.ts'

const Modal = lazy(loadModal)

export type PorticoProviderProps = {
  config: PorticoConfigInput
  children?: ReactNode
  /** Use an existing client (tests, or several providers sharing one). */
  client?: PorticoClient
}

/**
 * Makes Portico available to the dapp: hooks, buttons and the modal.
 *
 * @example
 * <PorticoProvider config={{ projectId, networks, metadata, apiUrl }}>
 *   <ConnectButton />
 * </PorticoProvider>
 */
export function PorticoProvider({ config, children, client: given }: PorticoProviderProps) {
  const [client] = useState(() => given ?? createClient({ config }))
  useEffect(() => (given ? undefined : () => client.destroy()), [client, given])
  return (
    <PorticoContext.Provider value={client}>
      {children}
      <ModalHost />
    </PorticoContext.Provider>
  )
}

function ModalHost() {
  const { modal } = useSnapshot()
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    if (modal.open) setMounted(true)
  }, [modal.open])
  if (!mounted && !modal.open) return null
  return (
    <Suspense fallback={null}>
      <Modal />
    </Suspense>
  )
}
