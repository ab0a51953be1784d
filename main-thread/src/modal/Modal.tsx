import { Activity, useCallback, useEffect, useRef } from 'react'
import { whenIdle } from '../client/idle.ts'
import { startAnalytics } from '../analytics/startAnalytics.ts'
import { createPortal } from 'react-dom'
import { getConnector } from '../client/getConnector.ts'
import { currentView, type View } from '../client/router.ts'
import { usePorticoClient, usePorticoUi, useSnapshot, useUiSnapshot } from '../context.ts'
import type { Locale } from '@portico/shared-types'
import { catalogueLoads, setActiveLocale } from '../i18n/catalogue.ts'
import { intlLocale, localeDirection } from '../i18n/labels.ts'
import { CORE_MESSAGES } from '../i18n/messages.ts'
import { useT } from '../i18n/useT.ts'
import { Icon } from './icons.tsx'
import { NotificationToast } from './Notification.tsx'
import { useFocusTrap } from './useFocusTrap.ts'
import { VIEWS, type TitleContext, type ViewDefinition } from './views/registry.tsx'
import '../styles/modal.css'

/**
 * The modal, rendered ahead while closed: React's `Activity` keeps it hidden (`display: none`, out of
 * the accessibility tree, none of its effects running: no request, no focus) and renders it at idle
 * priority with the view the next open will show, so opening only reveals what is already there.
 */
/** Fetches the modal's texts in `locale` (and those of any feature chunk already running); a failure rejects. */
export async function loadTexts(locale: Locale): Promise<void> {
  setActiveLocale(locale)
  await CORE_MESSAGES.load(locale)
  await catalogueLoads()
}

/**
 * Once two wallets are connected, the notice of one that leaves the list (in every tab) loads with
 * the Wallets view's texts: a visitor with one wallet fetches none of it.
 */
function useWalletDepartures() {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  const several = (useSnapshot().core?.wallets.length ?? 0) > 1
  useEffect(() => {
    if (!several) return
    let stop: (() => void) | undefined
    let gone = false
    void import('./views/account/wallets.messages.ts')
      .then((m) => {
        if (!gone) stop = m.noticeDepartures(client, ui)
      })
      .catch(() => undefined)
    return () => {
      gone = true
      stop?.()
    }
  }, [several, client, ui])
}

export default function Modal() {
  const { modal, config } = useSnapshot()
  useWalletDepartures()
  // Once the configuration is there (the view shows its wallets), lay a copy out while the page is idle.
  const ready = !!config && !modal.open
  useEffect(() => {
    if (!ready) return
    let stop = () => {}
    const cancel = whenIdle(() => void (stop = rehearseLayout()), 1000)
    return () => {
      cancel()
      stop()
    }
  }, [ready])
  return createPortal(
    <Activity mode={modal.open ? 'visible' : 'hidden'}>
      <Dialog />
    </Activity>,
    document.body,
  )
}

/** The modal roots rehearsed (once per page, or per root if the provider mounts a new one). */
const rehearsed = new WeakSet<HTMLElement>()

/** The repeated rows of a view (wallets, tokens, activity): what the rehearsal's parts add a share of at a time. */
const ROWS = 'li, .portico-wallet'

/**
 * The rehearsal's parts, one idle task each (a first layout of the whole dialog is a long task on a
 * slow CPU): the dialog without its rows, with every other row, then whole. Each answers the rows to leave out.
 */
const REHEARSAL_PARTS: ((rows: Element[]) => Element[])[] = [(rows) => rows, (rows) => rows.filter((_, i) => i % 2 === 1), () => []]

/**
 * Lays out copies of the dialog rendered ahead, off screen, invisible and inert, each dropped in the
 * task that made it (nothing is painted, no event can reach it): the browser's first layout of the
 * modal's styles, text and icons is then done while the page is idle, not in the frame of the
 * visitor's first open (measured: that layout shrank from 10–15 ms to 1–6 ms on a desktop CPU).
 * Done in parts (`REHEARSAL_PARTS`), one idle task each, so none is a long task at 4x CPU slowdown
 * (measured: one 50–90 ms task, now three of 10–36 ms). Once per modal root; answers a function that
 * stops the parts not yet done.
 */
export function rehearseLayout(): () => void {
  const first = typeof document === 'undefined' ? null : hiddenModalRoot()
  if (!first || rehearsed.has(first)) return () => {}
  rehearsed.add(first)
  let cancel = () => {}
  const layOut = (part: number) => {
    const root = hiddenModalRoot()
    if (!root) return
    layOutCopy(root, REHEARSAL_PARTS[part]!)
    if (part + 1 < REHEARSAL_PARTS.length) cancel = whenIdle(() => layOut(part + 1), 1000)
  }
  layOut(0)
  return () => cancel()
}

/** The modal's root while React's Activity keeps it hidden, with the dialog rendered in it. */
function hiddenModalRoot(): HTMLElement | null {
  const root = document.querySelector<HTMLElement>('body > .portico-root')
  return root?.querySelector('.portico-modal') ? root : null
}

/** Lays out one copy of `root`, without the rows `leaveOut` picks, and drops it. */
function layOutCopy(root: HTMLElement, leaveOut: (rows: Element[]) => Element[]): void {
  const stage = document.createElement('div')
  stage.setAttribute('aria-hidden', 'true')
  stage.inert = true
  stage.style.cssText = 'position:fixed;top:0;left:-10000px;width:100vw;height:100vh;visibility:hidden;pointer-events:none;overflow:hidden'
  const copy = root.cloneNode(true) as HTMLElement
  copy.style.removeProperty('display')
  copy.removeAttribute('id')
  for (const node of copy.querySelectorAll('[id]')) node.removeAttribute('id')
  // Nothing in the copy may load or run anything of its own: no frame, script or media, and its
  // images keep their box (set by the styles) without a source, so the copy asks nothing of the network.
  for (const node of copy.querySelectorAll('iframe, frame, object, embed, script, video, audio')) node.remove()
  for (const image of copy.querySelectorAll('img, source')) {
    image.removeAttribute('src')
    image.removeAttribute('srcset')
  }
  const rows = [...copy.querySelectorAll(ROWS)]
  // A row is an outermost match (a wallet's button inside its list item is the same row).
  for (const row of leaveOut(rows.filter((row) => !rows.some((other) => other !== row && other.contains(row))))) row.remove()
  stage.append(copy)
  document.body.append(stage)
  copy.querySelector('.portico-modal')?.getBoundingClientRect()
  stage.remove()
}

/** The dialog: labelled by its view title, focus trapped and returned, closed with Escape. */
function Dialog() {
  const client = usePorticoClient()
  const t = useT()
  const snapshot = useSnapshot()
  const { modal, config, fatal, themeMode } = snapshot
  const { shaking, themeVariables } = useUiSnapshot()
  const dialogRef = useRef<HTMLDivElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const routed = modal.open ? currentView(modal.router) : client.firstView()
  // A view of a feature the dapp turned off is never shown, even when asked for by name.
  const switchedOff = (VIEWS[routed.name] as ViewDefinition).feature
  const view: View = switchedOff && config && !config.features[switchedOff] ? { name: 'Account' } : routed
  const definition = VIEWS[view.name] as ViewDefinition
  const closable = typeof definition.closable === 'function' ? definition.closable(snapshot) : definition.closable !== false
  const close = useCallback(() => {
    if (closable) client.close()
  }, [client, closable])
  useFocusTrap(dialogRef, modal.open, close)

  const ui = usePorticoUi()
  const tRef = useRef(t)
  tRef.current = t
  useEffect(() => startAnalytics({ client, ui, onBlocked: () => ui.notify('error', tRef.current('originNotAllowlisted'), { durationMs: 10_000 }) }), [client, ui])

  useEffect(() => {
    const root = rootRef.current
    if (!root) return
    for (const [name, value] of Object.entries(themeVariables)) {
      if (name.startsWith('--')) root.style.setProperty(name, String(value))
    }
  }, [themeVariables, modal.open])

  // Focus the new view's heading on navigation, so screen readers announce it.
  const viewKey = `${modal.router.history.length}:${view.name}`
  const previousKey = useRef(viewKey)
  useEffect(() => {
    if (previousKey.current !== viewKey) {
      previousKey.current = viewKey
      dialogRef.current?.querySelector<HTMLElement>('#portico-title')?.focus()
    }
  }, [viewKey])

  const ctx: TitleContext = {
    t,
    walletName: (connectorId) => getConnector(snapshot, connectorId)?.name ?? t('wallets'),
    networkName: (id) => (config?.networks ?? client.startup.networks).find((n) => n.caipNetworkId === id)?.name ?? t('unknownNetwork'),
  }
  const canGoBack = modal.router.history.length > 1

  return (
    // The modal speaks its language: `lang` for fonts and screen readers, `dir` mirrors it for Arabic.
    <div className="portico-root" data-theme={themeMode} ref={rootRef} lang={intlLocale(client.startup.locale)} dir={localeDirection(client.startup.locale)}>
      <div className="portico-overlay" onClick={close} aria-hidden="true" />
      <div className={shaking ? 'portico-modal portico-shake' : 'portico-modal'} role="dialog" aria-modal="true" aria-labelledby="portico-title" ref={dialogRef} tabIndex={-1} data-view={view.name}>
        <header className="portico-header">
          {canGoBack ? (
            <button type="button" className="portico-icon-button" aria-label={t('back')} onClick={() => client.navigate({ type: 'back' })}>
              <Icon name="back" />
            </button>
          ) : (
            <span className="portico-icon-spacer" />
          )}
          <h2 id="portico-title" className="portico-title" tabIndex={-1}>
            {definition.title(view as never, ctx)}
          </h2>
          {closable ? (
            <button type="button" className="portico-icon-button" aria-label={t('close')} onClick={close}>
              <Icon name="close" />
            </button>
          ) : (
            <span className="portico-icon-spacer" />
          )}
        </header>
        <div className="portico-body">
          {config && !config.projectId ? (
            <div className="portico-config-alert" role="alert">
              <strong>{t('projectIdNotConfigured')}</strong>
              <span>{t('notConfiguredDetail')}</span>
            </div>
          ) : snapshot.core?.originRejected ? (
            <div className="portico-config-alert" role="alert">
              <strong>{t('invalidAppConfiguration')}</strong>
              <span>{t('originRejectedDetail')}</span>
            </div>
          ) : null}
          {snapshot.reconnecting ? (
            <p className="portico-reconnecting" role="status">
              {t('reconnecting')}
            </p>
          ) : null}
          {config ? (
            definition.render(view as never)
          ) : fatal ? (
            <p className="portico-error" role="alert">
              {fatal}
            </p>
          ) : (
            <div className="portico-skeleton portico-skeleton-block" role="status" aria-busy="true" aria-label={t('loadingModal')} />
          )}
        </div>
        <NotificationToast />
      </div>
    </div>
  )
}

export type { View }
