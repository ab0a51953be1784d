import { useCallback, useEffect, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { currentView, type View } from '../client/router.ts'
import { usePorticoClient, useSnapshot } from '../context.ts'
import { useFocusTrap } from './useFocusTrap.ts'
import { AccountView } from './views/AccountView.tsx'
import { ConnectingExternalView } from './views/ConnectingExternalView.tsx'
import { ConnectView } from './views/ConnectView.tsx'
import '../styles/modal.css'

type ViewDefinition = { title: (view: View, walletName: (rdns: string) => string) => string; render: (view: View) => ReactNode }

/** The view registry: later views plug in here. */
const VIEWS: Record<View['name'], ViewDefinition> = {
  Connect: { title: () => 'Connect Wallet', render: () => <ConnectView /> },
  ConnectingExternal: {
    title: (view, walletName) => (view.name === 'ConnectingExternal' ? walletName(view.connectorId) : 'Connecting'),
    render: (view) => (view.name === 'ConnectingExternal' ? <ConnectingExternalView connectorId={view.connectorId} /> : null),
  },
  Account: { title: () => 'Account', render: () => <AccountView /> },
}

/** The dialog: labelled by its view title, focus trapped and returned, closed with Escape. */
export default function Modal() {
  const client = usePorticoClient()
  const { modal, wallets, themeMode } = useSnapshot()
  const dialogRef = useRef<HTMLDivElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const close = useCallback(() => client.close(), [client])
  useFocusTrap(dialogRef, modal.open, close)

  useEffect(() => {
    const root = rootRef.current
    if (!root) return
    for (const [name, value] of Object.entries(client.config.themeVariables ?? {})) {
      if (name.startsWith('--')) root.style.setProperty(name, String(value))
    }
  }, [client.config.themeVariables, modal.open])

  if (!modal.open) return null
  const view = currentView(modal.router)
  const definition = VIEWS[view.name]
  const walletName = (rdns: string) => wallets.find((w) => w.info.rdns === rdns)?.info.name ?? 'Wallet'
  const canGoBack = modal.router.history.length > 1

  return createPortal(
    <div className="portico-root" data-theme={themeMode} ref={rootRef}>
      <div className="portico-overlay" onClick={close} aria-hidden="true" />
      <div className="portico-modal" role="dialog" aria-modal="true" aria-labelledby="portico-title" ref={dialogRef} tabIndex={-1}>
        <header className="portico-header">
          {canGoBack ? (
            <button type="button" className="portico-icon-button" aria-label="Back" onClick={() => client.navigate({ type: 'back' })}>
              <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M10 3 5 8l5 5" /></svg>
            </button>
          ) : (
            <span className="portico-icon-spacer" />
          )}
          <h2 id="portico-title" className="portico-title">{definition.title(view, walletName)}</h2>
          <button type="button" className="portico-icon-button" aria-label="Close" onClick={close}>
            <svg viewBox="0 0 16 16" aria-hidden="true"><path d="m4 4 8 8M12 4l-8 8" /></svg>
          </button>
        </header>
        <div className="portico-body">{definition.render(view)}</div>
      </div>
    </div>,
    document.body,
  )
}
