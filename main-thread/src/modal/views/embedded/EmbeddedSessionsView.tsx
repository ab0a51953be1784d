import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { EmbeddedSession } from '@portico/shared-types/embedded'
import type { EmbeddedWalletApi } from '../../../connectors/embedded/types.ts'
import { usePorticoUi } from '../../../context.ts'
import { useDisconnect } from '../../../hooks/index.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { useIntlLocale, useT } from '../../../i18n/useT.ts'
import { useAuthConnector } from '../../EmbeddedLoginRows.tsx'
import { EMBEDDED_MESSAGES } from './embedded.messages.ts'
import { useEmbeddedErrorText } from './embeddedErrors.messages.ts'
import '../../../styles/embedded.css'
import '../../../styles/sessions.css'

/** What the view asks of the embedded wallet: its sessions, and ending one or all. */
export type SessionsApi = Pick<EmbeddedWalletApi, 'sessions' | 'endSession' | 'endAllSessions'>

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** How long ago `at` was, in the visitor's language and abbreviated (SPEC.md §9): '5 min. ago', 'yesterday', 'now'. */
export function relativeTime(at: number, now: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' })
  const diff = at - now
  for (const [unit, size] of UNITS) if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit)
  return format.format(0, 'second')
}

/** A date and time in the visitor's language: 'Nov 29, 2026, 4:50 AM'. */
export function dateTime(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at)
}

/**
 * The visitor's sessions of the embedded wallet (every device and dapp): device, when it signed in
 * and when it was last active, this device marked; any other one signed out with its button, or
 * every one at once ("Sign out everywhere", after a confirmation: this device too, which then
 * disconnects here).
 */
export function SessionsPanel({ api, onSignedOutHere }: { api: SessionsApi; onSignedOutHere: () => Promise<void> }) {
  const t = useMessages(EMBEDDED_MESSAGES)
  const errorText = useEmbeddedErrorText()
  const tModal = useT()
  const locale = useIntlLocale()
  const ids = { intro: useId(), confirm: useId() }
  const [sessions, setSessions] = useState<EmbeddedSession[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [now, setNow] = useState(() => Date.now())
  const cancelButton = useRef<HTMLButtonElement>(null)
  const everywhereButton = useRef<HTMLButtonElement>(null)
  const heading = useRef<HTMLParagraphElement>(null)

  const load = useCallback(async () => {
    try {
      const listed = await api.sessions()
      setSessions(listed)
      setNow(Date.now())
      setError(null)
    } catch (cause) {
      setError(errorText(cause))
    }
    // Asked for once per api (errorText is made again at each render).
  }, [api])
  useEffect(() => {
    void load()
    const tick = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(tick)
  }, [load])
  useEffect(() => {
    if (confirming) cancelButton.current?.focus()
  }, [confirming])

  const nameOf = (session: EmbeddedSession) => session.device ?? t('unknownDevice')
  const endOne = async (session: EmbeddedSession) => {
    setBusy(session.id)
    setStatus(null)
    try {
      const ended = await api.endSession(session.id)
      setStatus(ended ? t('deviceSignedOut', { device: nameOf(session) }) : t('sessionGone'))
      await load()
      // The row and its button are gone: focus stays in the view.
      heading.current?.focus()
    } catch (cause) {
      setError(errorText(cause))
    } finally {
      setBusy(null)
    }
  }
  const endAll = async () => {
    setBusy('all')
    setStatus(null)
    try {
      await api.endAllSessions(false)
      setConfirming(false)
      await onSignedOutHere()
    } catch (cause) {
      setError(errorText(cause))
      setBusy(null)
    }
  }

  return (
    <div className="portico-embedded" aria-busy={sessions === null && !error ? 'true' : undefined}>
      <p className="portico-muted" id={ids.intro} ref={heading} tabIndex={-1}>
        {t('sessionsIntro')}
      </p>
      {error ? (
        <p className="portico-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="portico-muted" role="status" data-testid="sessions-status">
        {status}
      </p>
      {sessions === null ? (
        error ? null : (
          <div className="portico-skeleton portico-skeleton-block" role="status" aria-busy="true" aria-label={t('loading')} />
        )
      ) : (
        <ul className="portico-sessions" aria-label={t('sessionsList')} aria-describedby={ids.intro} data-testid="sessions">
          {sessions.map((session) => (
            <li key={session.id} className="portico-session" data-current={session.current ? 'true' : undefined}>
              <div className="portico-session-text">
                <span className="portico-session-name">
                  {nameOf(session)}
                  {session.current ? <span className="portico-badge">{t('thisDevice')}</span> : null}
                  {session.thisSite ? null : <span className="portico-badge">{t('otherSite')}</span>}
                </span>
                <span className="portico-muted">
                  {t('firstSeen', { time: '\u0000' })
                    .split('\u0000')
                    .flatMap((part, i) =>
                      i === 0
                        ? [part]
                        : [
                            <time key={i} dateTime={new Date(session.firstSeen).toISOString()}>
                              {dateTime(session.firstSeen, locale)}
                            </time>,
                            part,
                          ],
                    )}
                </span>
                <span className="portico-muted">
                  {t('lastSeen', { time: '\u0000' })
                    .split('\u0000')
                    .flatMap((part, i) =>
                      i === 0
                        ? [part]
                        : [
                            <time key={i} dateTime={new Date(session.lastSeen).toISOString()} title={dateTime(session.lastSeen, locale)}>
                              {relativeTime(session.lastSeen, Math.max(now, session.lastSeen), locale)}
                            </time>,
                            part,
                          ],
                    )}
                </span>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className="portico-button portico-secondary"
                  disabled={busy !== null}
                  aria-label={t('signOutDevice', { device: nameOf(session) })}
                  onClick={() => void endOne(session)}
                >
                  {busy === session.id ? <span className="portico-spinner" aria-hidden="true" /> : null}
                  {tModal('signOut')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {confirming ? (
        <div className="portico-session-confirm" role="group" aria-labelledby={ids.confirm}>
          <p id={ids.confirm}>{t('confirmEverywhere')}</p>
          <div className="portico-session-actions">
            <button
              ref={cancelButton}
              type="button"
              className="portico-button portico-secondary"
              disabled={busy === 'all'}
              onClick={() => {
                setConfirming(false)
                // Back to the button that opened the confirmation.
                setTimeout(() => everywhereButton.current?.focus(), 0)
              }}
            >
              {t('cancel')}
            </button>
            <button type="button" className="portico-button portico-primary" disabled={busy === 'all'} onClick={() => void endAll()} data-testid="sessions-confirm-all">
              {busy === 'all' ? <span className="portico-spinner" aria-hidden="true" /> : null}
              {t('signOutEverywhere')}
            </button>
          </div>
        </div>
      ) : (
        <button ref={everywhereButton} type="button" className="portico-button portico-secondary" disabled={busy !== null || sessions === null} onClick={() => setConfirming(true)}>
          {t('signOutEverywhere')}
        </button>
      )}
    </div>
  )
}

/** The embedded wallet's signed-in devices, from the Account view's settings. Signed out everywhere, the modal disconnects. */
export function EmbeddedSessionsView() {
  const connector = useAuthConnector()
  const { disconnect } = useDisconnect()
  const ui = usePorticoUi()
  const tModal = useT()
  const t = useMessages(EMBEDDED_MESSAGES)
  if (!connector) return <div className="portico-skeleton portico-skeleton-block" role="status" aria-busy="true" aria-label={t('loading')} />
  return <SessionsPanel api={connector.embedded} onSignedOutHere={() => disconnect().catch(() => ui.notify('error', tModal('failedToDisconnect')))} />
}
