import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { MESSAGES } from '@portico/shared-types/errors'
import { toPageSafeUrl } from '@portico/shared-types/safeUrl'
import { usePorticoClient, usePorticoUi, useSnapshot } from '../../../context.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { useT } from '../../../i18n/useT.ts'
import type { SocialLoginProvider } from '../../../connectors/embedded/types.ts'
import { SOCIAL_NAMES, useAuthConnector } from '../../EmbeddedLoginRows.tsx'
import { QrCode } from '../../QrCode.tsx'
import { EMBEDDED_MESSAGES } from './embedded.messages.ts'
import { useEmbeddedErrorText } from './embeddedErrors.messages.ts'
import '../../../styles/embedded.css'

/** The frame's own text of a failure (what the wait loop compares); the visitor reads `useEmbeddedErrorText`'s. */
const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause))

/** Shown while the session (and with it the embedded wallet's connector) is still starting. */
function Waiting() {
  const t = useMessages(EMBEDDED_MESSAGES)
  return <div className="portico-skeleton portico-skeleton-block" role="status" aria-busy="true" aria-label={t('loading')} />
}

/** One field for the six digits of an emailed code (SPEC.md §4), sent as soon as six are typed. */
function CodeForm({ intro, onCode, extra }: { intro: string; onCode: (otp: string) => Promise<void>; extra?: ReactNode }) {
  const t = useMessages(EMBEDDED_MESSAGES)
  const errorText = useEmbeddedErrorText()
  const ids = { input: useId(), error: useId() }
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const send = async (otp: string) => {
    if (!/^\d{6}$/.test(otp)) return setError(t('codeInvalid'))
    setError(null)
    setBusy(true)
    try {
      await onCode(otp)
    } catch (cause) {
      setError(errorText(cause))
      setCode('')
      input.current?.focus()
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className="portico-embedded portico-code-form"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault()
        void send(code)
      }}
    >
      <p className="portico-muted">{intro}</p>
      <label className="portico-label" htmlFor={ids.input}>
        {t('code')}
      </label>
      <input
        ref={input}
        id={ids.input}
        className="portico-input portico-code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        value={code}
        disabled={busy}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? ids.error : undefined}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '').slice(0, 6)
          setCode(digits)
          setError(null)
          if (digits.length === 6) void send(digits)
        }}
      />
      {error ? (
        <p className="portico-field-error" id={ids.error} role="alert">
          {error}
        </p>
      ) : null}
      {busy ? (
        <p role="status" className="portico-muted">
          <span className="portico-spinner" aria-hidden="true" /> {t('verify')}…
        </p>
      ) : null}
      <button type="submit" className="portico-button portico-primary" disabled={busy || code.length !== 6}>
        {t('verify')}
      </button>
      {extra}
    </form>
  )
}

/** The code of the login email; "Resend code" asks again (refused within 30 s: 'Please try again after N seconds'). */
export function EmailVerifyOtpView({ email }: { email: string }) {
  const client = usePorticoClient()
  const connector = useAuthConnector()
  const t = useMessages(EMBEDDED_MESSAGES)
  const errorText = useEmbeddedErrorText()
  const [resend, setResend] = useState<{ ok: boolean; text: string } | null>(null)
  if (!connector) return <Waiting />
  const again = async () => {
    setResend(null)
    try {
      await connector.embedded.connectEmail(email)
      setResend({ ok: true, text: t('codeResent') })
    } catch (cause) {
      setResend({ ok: false, text: errorText(cause) })
    }
  }
  return (
    <CodeForm
      intro={t('codeSent', { email })}
      onCode={async (otp) => {
        await connector.embedded.connectOtp(otp)
        await client.connect(connector.id)
      }}
      extra={
        <>
          <button type="button" className="portico-button portico-secondary" onClick={() => void again()}>
            {t('resend')}
          </button>
          {resend ? (
            <p className={resend.ok ? 'portico-muted' : 'portico-field-error'} role={resend.ok ? 'status' : 'alert'} data-testid="resend-result">
              {resend.text}
            </p>
          ) : null}
        </>
      }
    />
  )
}

/** A new device: waits until the visitor opened the emailed confirmation link, then asks for the code. */
export function EmailVerifyDeviceView({ email }: { email: string }) {
  const client = usePorticoClient()
  const connector = useAuthConnector()
  const t = useMessages(EMBEDDED_MESSAGES)
  const errorText = useEmbeddedErrorText()
  const [error, setError] = useState<string | null>(null)
  const [round, setRound] = useState(0)
  useEffect(() => {
    if (!connector) return
    const controller = new AbortController()
    setError(null)
    // Each wait lasts at most 30 s (SPEC.md §9); the view keeps waiting until the link is opened or the visitor leaves.
    const wait = (): Promise<void> =>
      connector.embedded.connectDevice(controller.signal).catch((cause: unknown) => {
        if (!controller.signal.aborted && messageOf(cause) === MESSAGES.somethingWentWrong) return wait()
        throw cause
      })
    wait().then(
      () => client.navigate({ type: 'replace', view: { name: 'EmailVerifyOtp', email } }),
      (cause: unknown) => !controller.signal.aborted && setError(errorText(cause)),
    )
    return () => controller.abort()
  }, [connector, client, email, round])
  if (!connector) return <Waiting />
  return (
    <div className="portico-embedded portico-connecting">
      <h3 className="portico-subtitle">{t('deviceTitle')}</h3>
      <p>{t('deviceSent', { email })}</p>
      {error ? (
        <ErrorWithRetry error={error} retry={() => setRound(round + 1)} />
      ) : (
        <p role="status" className="portico-muted">
          <span className="portico-spinner" aria-hidden="true" /> {t('deviceWaiting')}
        </p>
      )}
    </div>
  )
}

/** A failure of the frame, said as an alert, with another try. */
function ErrorWithRetry({ error, retry }: { error: string; retry: () => void }) {
  const t = useT()
  return (
    <>
      <p className="portico-error" role="alert">
        {error}
      </p>
      <button type="button" className="portico-button" onClick={retry}>
        {t('tryAgain')}
      </button>
    </>
  )
}

/** The social provider's popup is open; its failures (blocked, closed, the socials timeout) show here with another try. */
export function ConnectingSocialView({ provider, error, timedOut }: { provider: string; error?: string | undefined; timedOut?: boolean | undefined }) {
  const client = usePorticoClient()
  const connector = useAuthConnector()
  const t = useMessages(EMBEDDED_MESSAGES)
  const errorText = useEmbeddedErrorText()
  const name = SOCIAL_NAMES[provider as SocialLoginProvider] ?? provider
  if (!connector) return <Waiting />
  const retry = () => {
    const popup = window.open('about:blank', 'portico-social-login', 'popup,width=480,height=640')
    client.navigate({ type: 'replace', view: { name: 'ConnectingSocial', provider } })
    void import('../../../actions/socialLogin.ts').then((m) => m.runSocialLogin(client, connector, provider as SocialLoginProvider, popup))
  }
  const text =
    error === 'blocked'
      ? t('socialBlocked', { provider: name })
      : error === 'closed'
        ? t('socialClosed', { provider: name })
        : timedOut
          ? t('socialTimeout', { provider: name })
          : error && errorText(error)
  return (
    <div className="portico-embedded portico-connecting">
      <div className={error ? 'portico-connecting-icon portico-failed' : 'portico-connecting-icon portico-pending'}>
        <span className="portico-social-big" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      </div>
      {error ? (
        <>
          <div className="portico-alert" role="alert">
            {timedOut ? <strong>{errorText(error)}</strong> : null}
            <p>{text}</p>
          </div>
          <button type="button" className="portico-button" onClick={retry}>
            {t('tryAgain')}
          </button>
        </>
      ) : (
        <p role="status">{t('socialWaiting', { provider: name })}</p>
      )}
    </div>
  )
}

/** Sign In With Farcaster: the frame's channel as a QR code and a link; connected once the Farcaster wallet approved. */
export function ConnectingFarcasterView() {
  const client = usePorticoClient()
  const connector = useAuthConnector()
  const t = useMessages(EMBEDDED_MESSAGES)
  const errorText = useEmbeddedErrorText()
  const [url, setUrl] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const [round, setRound] = useState(0)
  useEffect(() => {
    if (!connector) return
    const controller = new AbortController()
    setError(null)
    setUrl(null)
    void (async () => {
      // Shown as a QR code and a link only if Portico may open it (https; http on loopback for the sandbox).
      const link = toPageSafeUrl(await connector.embedded.getFarcasterUri(controller.signal), { message: MESSAGES.embeddedDefaultError })
      if (!(link instanceof URL)) throw link
      if (controller.signal.aborted) return
      setUrl(link.href)
      await connector.embedded.connectFarcaster(controller.signal)
      if (!controller.signal.aborted) await client.connect(connector.id)
    })().catch((cause: unknown) => !controller.signal.aborted && setError(errorText(cause)))
    return () => controller.abort()
  }, [connector, client, round])
  if (!connector) return <Waiting />
  return (
    <div className="portico-embedded portico-farcaster">
      {error ? (
        <ErrorWithRetry error={error} retry={() => setRound(round + 1)} />
      ) : url ? (
        <>
          <QrCode value={url} label={t('farcasterQr')} size={220} />
          <p className="portico-muted">{t('farcasterScan')}</p>
          <a className="portico-button portico-primary" href={url} target="_blank" rel="noreferrer" data-testid="farcaster-link">
            {t('farcasterLink')}
          </a>
          <button
            type="button"
            className="portico-button portico-secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(url).catch(() => undefined)
              setCopied(true)
            }}
          >
            {copied ? t('linkCopied') : t('copyLink')}
          </button>
        </>
      ) : (
        <div className="portico-skeleton portico-skeleton-block" role="status" aria-busy="true" aria-label={t('loading')} />
      )}
    </div>
  )
}

/** Change email, first step: the new address (SPEC.md §5: a valid email). */
export function UpdateEmailView() {
  const client = usePorticoClient()
  const connector = useAuthConnector()
  const { core } = useSnapshot()
  const t = useMessages(EMBEDDED_MESSAGES)
  const errorText = useEmbeddedErrorText()
  const tModal = useT()
  const ids = { input: useId(), error: useId() }
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!connector) return <Waiting />
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const typed = email.trim()
    if (!connector.embedded.isValidEmail(typed)) return setError(tModal('invalidEmail'))
    if (typed.toLowerCase() === core?.embeddedWallet.email?.toLowerCase()) return setError(t('sameEmail'))
    setBusy(true)
    setError(null)
    try {
      const action = await connector.embedded.updateEmail(typed)
      client.navigate({ type: 'push', view: { name: 'UpdateEmailOtp', email: typed, step: action === 'VERIFY_SECONDARY_OTP' ? 'secondary' : 'primary' } })
    } catch (cause) {
      setError(errorText(cause))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="portico-embedded" noValidate onSubmit={(e) => void submit(e)}>
      <label className="portico-label" htmlFor={ids.input}>
        {t('newEmail')}
      </label>
      <input
        id={ids.input}
        className="portico-input"
        type="email"
        autoComplete="email"
        value={email}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? ids.error : undefined}
        onChange={(e) => {
          setEmail(e.target.value)
          setError(null)
        }}
      />
      {error ? (
        <p className="portico-field-error" id={ids.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="portico-button portico-primary" disabled={busy || !email}>
        {t('verify')}
      </button>
    </form>
  )
}

/** Change email, the codes: to the current email (VERIFY_PRIMARY_OTP), then to the new one (VERIFY_SECONDARY_OTP); then the new email is stored. */
export function UpdateEmailOtpView({ email, step }: { email: string; step: 'primary' | 'secondary' }) {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  const connector = useAuthConnector()
  const t = useMessages(EMBEDDED_MESSAGES)
  if (!connector) return <Waiting />
  return (
    <CodeForm
      key={step}
      intro={step === 'primary' ? t('currentCode') : t('newCode', { email })}
      onCode={async (otp) => {
        if (step === 'primary') {
          await connector.embedded.updateEmailPrimaryOtp(otp)
          client.navigate({ type: 'replace', view: { name: 'UpdateEmailOtp', email, step: 'secondary' } })
          return
        }
        const newEmail = await connector.embedded.updateEmailSecondaryOtp(otp)
        client.navigate({ type: 'reset', view: { name: 'Account' } })
        ui.notify('success', t('emailChanged', { email: newEmail }))
      }}
    />
  )
}
