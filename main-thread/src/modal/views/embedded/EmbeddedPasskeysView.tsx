import { useCallback, useEffect, useRef, useState } from 'react'
import type { EmbeddedPasskey } from '@portico/shared-types/embedded'
import { USER_REJECTED_CODE } from '@portico/shared-types/embedded-rpc'
import type { EmbeddedWalletApi } from '../../../connectors/embedded/types.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { useIntlLocale } from '../../../i18n/useT.ts'
import { useAuthConnector } from '../../EmbeddedLoginRows.tsx'
import { EMBEDDED_MESSAGES } from './embedded.messages.ts'
import { useEmbeddedErrorText } from './embeddedErrors.messages.ts'
import { dateTime, relativeTime } from './EmbeddedSessionsView.tsx'
import '../../../styles/embedded.css'
import '../../../styles/sessions.css'

/** What the view asks of the embedded wallet: its passkeys, and asking its frame to add or remove one. */
export type PasskeysApi = Pick<EmbeddedWalletApi, 'passkeys' | 'addPasskey' | 'removePasskey' | 'exportKey' | 'totpEnabled' | 'setupTotp'>

/** Whether an error is the visitor's own cancel in the frame's panel (nothing to report). */
const cancelled = (cause: unknown) => typeof cause === 'object' && cause !== null && (cause as { code?: unknown }).code === USER_REJECTED_CODE

/**
 * What an add or remove says once done, to the view shown then: the frame's panel is laid over
 * ApproveTransaction, which replaces this view while it shows, so the view that comes back says it.
 */
const listeners = new Set<(said: string | null) => void>()

/**
 * The visitor's passkeys of the embedded wallet (name, added, last used), next to the signed-in
 * devices. Adding or removing one only asks the wallet's frame: it shows its own panel, and only the
 * visitor's click there (and the device's own passkey prompt) does it.
 */
export function PasskeysPanel({ api }: { api: PasskeysApi }) {
  const t = useMessages(EMBEDDED_MESSAGES)
  const errorText = useEmbeddedErrorText()
  const locale = useIntlLocale()
  const [passkeys, setPasskeys] = useState<EmbeddedPasskey[] | null>(null)
  const [totp, setTotp] = useState<boolean | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const heading = useRef<HTMLParagraphElement>(null)
  const now = Date.now()

  const load = useCallback(async () => {
    try {
      const [list, enabled] = await Promise.all([api.passkeys(), api.totpEnabled()])
      setPasskeys(list)
      setTotp(enabled)
      setError(null)
    } catch (cause) {
      setError(errorText(cause))
    }
  }, [api])
  useEffect(() => {
    void load()
    const listener = (said: string | null) => {
      setStatus(said)
      void load()
    }
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }, [load])

  const act = async (key: string, run: () => Promise<string | null>) => {
    setBusy(key)
    setStatus(null)
    setError(null)
    try {
      const said = await run()
      for (const listener of listeners) listener(said)
      heading.current?.focus()
    } catch (cause) {
      if (!cancelled(cause)) setError(errorText(cause))
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="portico-embedded" aria-busy={passkeys === null && !error ? 'true' : undefined}>
      <p className="portico-muted" ref={heading} tabIndex={-1}>
        {t('passkeysIntro')}
      </p>
      {error ? (
        <p className="portico-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="portico-muted" role="status" data-testid="passkeys-status">
        {busy === 'add' ? t('passkeyInFrame') : status}
      </p>
      {passkeys === null ? (
        error ? null : (
          <div className="portico-skeleton portico-skeleton-block" role="status" aria-busy="true" aria-label={t('loading')} />
        )
      ) : passkeys.length === 0 ? (
        <p className="portico-muted" data-testid="passkeys-empty">
          {t('noPasskeys')}
        </p>
      ) : (
        <ul className="portico-sessions" aria-label={t('passkeysList')} data-testid="passkeys-list">
          {passkeys.map((p) => (
            <li key={p.id} className="portico-session" data-testid="passkey-row">
              <div className="portico-session-text">
                <span className="portico-session-device">{p.name}</span>
                <span className="portico-muted" title={dateTime(p.createdAt, locale)}>
                  {t('passkeyCreated', { time: relativeTime(p.createdAt, now, locale) })}
                </span>
                <span className="portico-muted">{p.lastUsedAt === null ? t('passkeyNeverUsed') : t('passkeyLastUsed', { time: relativeTime(p.lastUsedAt, now, locale) })}</span>
              </div>
              <button
                type="button"
                className="portico-button portico-secondary portico-session-end"
                disabled={busy !== null}
                onClick={() => void act(p.id, async () => ((await api.removePasskey(p.id)) ? t('passkeyRemoved') : null))}
              >
                {t('removePasskey', { name: p.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="portico-button portico-primary"
        disabled={busy !== null || passkeys === null}
        onClick={() => void act('add', async () => (await api.addPasskey(), t('passkeyAdded')))}
      >
        {busy === 'add' ? <span className="portico-spinner" aria-hidden="true" /> : null}
        {t('addPasskey')}
      </button>
      <p className="portico-muted">{t('addPasskeyHint')}</p>
      <p className="portico-muted">{t('totpIntro')}</p>
      {totp ? (
        <p className="portico-muted" data-testid="totp-status">
          {t('totpEnabled')}
        </p>
      ) : (
        <button
          type="button"
          className="portico-button portico-secondary"
          disabled={busy !== null || totp === null}
          onClick={() => void act('totp', async () => ((await api.setupTotp()) ? t('totpTurnedOn') : null))}
        >
          {t('setUpTotp')}
        </button>
      )}
      <p className="portico-muted">{t('exportIntro')}</p>
      <button type="button" className="portico-button portico-secondary" disabled={busy !== null} onClick={() => void act('evm', async () => ((await api.exportKey('evm')) ? t('keyShown') : null))}>
        {t('exportEvmKey')}
      </button>
      <button
        type="button"
        className="portico-button portico-secondary"
        disabled={busy !== null}
        onClick={() => void act('solana', async () => ((await api.exportKey('solana')) ? t('keyShown') : null))}
      >
        {t('exportSolanaKey')}
      </button>
    </div>
  )
}

/** The embedded wallet's passkeys, from the Account view's settings. */
export function EmbeddedPasskeysView() {
  const connector = useAuthConnector()
  const t = useMessages(EMBEDDED_MESSAGES)
  if (!connector) return <div className="portico-skeleton portico-skeleton-block" role="status" aria-busy="true" aria-label={t('loading')} />
  return <PasskeysPanel api={connector.embedded} />
}
