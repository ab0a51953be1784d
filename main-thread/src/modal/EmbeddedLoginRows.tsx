import { useId, useState, type FormEvent } from 'react'
import { AUTH_CONNECTOR_ID } from '@portico/shared-types/connectors'
import { USER_REJECTED_CODE } from '@portico/shared-types/embedded-rpc'
import { getConnector } from '../client/getConnector.ts'
import { preloadView } from '../client/viewPreloads.ts'
import { isAuthConnector, type AuthConnector, type SocialLoginProvider } from '../connectors/embedded/types.ts'
import { usePorticoClient, useSnapshot } from '../context.ts'
import { useT } from '../i18n/useT.ts'
import { siApple, siDiscord, siFacebook, siFarcaster, siGithub, siGoogle, siX } from 'simple-icons'
import { useEmbeddedErrorText } from './views/embedded/embeddedErrors.messages.ts'
import { Icon, Mark } from './icons.tsx'

/** The embedded wallet's connector, when the dapp configured `embeddedWalletUrl` and the session has it. */
export function useAuthConnector(): AuthConnector | undefined {
  const connector = getConnector(useSnapshot(), AUTH_CONNECTOR_ID)
  return isAuthConnector(connector) ? connector : undefined
}

/** Social providers' names as people write them. */
export const SOCIAL_NAMES: Record<SocialLoginProvider, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}
/** Each provider's mark (simple-icons' path: only these few icons are bundled, with this view). */
export const SOCIAL_MARKS: Record<SocialLoginProvider, string> = {
  google: siGoogle.path,
  x: siX.path,
  discord: siDiscord.path,
  farcaster: siFarcaster.path,
  github: siGithub.path,
  apple: siApple.path,
  facebook: siFacebook.path,
}
/** How many social buttons show before "More" (SPEC.md §1: the first few). */
const SOCIALS_SHOWN = 3

/**
 * The email row of the Connect view: the address, checked (SPEC.md §5) before the frame is asked to
 * send the code; the frame loads as soon as the visitor heads for the field.
 */
export function EmailLoginRow({ connector }: { connector: AuthConnector }) {
  const client = usePorticoClient()
  const t = useT()
  const errorText = useEmbeddedErrorText()
  const ids = { input: useId(), error: useId() }
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const typed = email.trim()
    if (!connector.embedded.isValidEmail(typed)) return setError(t('invalidEmail'))
    setError(null)
    setBusy(true)
    try {
      const action = await connector.embedded.connectEmail(typed)
      if (action === 'VERIFY_OTP') client.navigate({ type: 'push', view: { name: 'EmailVerifyOtp', email: typed } })
      else if (action === 'VERIFY_DEVICE') client.navigate({ type: 'push', view: { name: 'EmailVerifyDevice', email: typed } })
      else await client.connect(connector.id)
    } catch (cause) {
      setError(errorText(cause))
    } finally {
      setBusy(false)
    }
  }
  /** Signs in with a passkey in the wallet's own frame (its panel, then the device's prompt); the visitor's cancel there says nothing. */
  const withPasskey = async () => {
    setError(null)
    setBusy(true)
    try {
      await connector.embedded.connectPasskey()
      await client.connect(connector.id)
    } catch (cause) {
      if ((cause as { code?: unknown } | null)?.code !== USER_REJECTED_CODE) setError(errorText(cause))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="portico-email-login" noValidate onSubmit={(e) => void submit(e)}>
      <label className="portico-visually-hidden" htmlFor={ids.input}>
        {t('email')}
      </label>
      <div className="portico-email-row">
        <span className="portico-email-icon" aria-hidden="true">
          <Icon name="mail" />
        </span>
        <input
          id={ids.input}
          className="portico-email-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('email')}
          value={email}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? ids.error : undefined}
          onFocus={() => {
            // The frame, and the code view the answer leads to: shown at once, never a suspended view's wait.
            connector.embedded.preload()
            preloadView('EmailVerifyOtp')
          }}
          onChange={(e) => {
            setEmail(e.target.value)
            setError(null)
          }}
        />
        <button type="submit" className="portico-email-submit" disabled={busy} aria-label={t('emailContinue')}>
          {busy ? <span className="portico-spinner" aria-hidden="true" /> : <Icon name="chevron" />}
        </button>
      </div>
      {error ? (
        <p className="portico-email-error" id={ids.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="portico-button portico-secondary portico-passkey-login" disabled={busy} onPointerEnter={() => connector.embedded.preload()} onClick={() => void withPasskey()}>
        {t('continueWithPasskey')}
      </button>
    </form>
  )
}

/**
 * The social row of the Connect view: the first few providers, then "More". The popup opens in the
 * click itself (a popup opened later is blocked), then goes to the provider once the frame gave its URL.
 */
export function SocialLoginRow({ connector, providers }: { connector: AuthConnector; providers: readonly SocialLoginProvider[] }) {
  const client = usePorticoClient()
  const t = useT()
  const [all, setAll] = useState(false)
  const shown = all ? providers : providers.slice(0, SOCIALS_SHOWN)
  const start = (provider: SocialLoginProvider) => {
    if (provider === 'farcaster') {
      client.navigate({ type: 'push', view: { name: 'ConnectingFarcaster' } })
      return
    }
    const popup = window.open('about:blank', 'portico-social-login', 'popup,width=480,height=640')
    client.navigate({ type: 'push', view: { name: 'ConnectingSocial', provider } })
    void import('../actions/socialLogin.ts').then((m) => m.runSocialLogin(client, connector, provider, popup))
  }
  return (
    <ul className="portico-socials" aria-label={t('socialLogin')} onPointerEnter={() => connector.embedded.preload()} onFocus={() => connector.embedded.preload()}>
      {shown.map((provider) => (
        <li key={provider}>
          <button type="button" className="portico-social" onClick={() => start(provider)}>
            <Mark path={SOCIAL_MARKS[provider]} className="portico-social-mark" />
            <span>{SOCIAL_NAMES[provider]}</span>
          </button>
        </li>
      ))}
      {providers.length > SOCIALS_SHOWN ? (
        <li>
          <button type="button" className="portico-social" aria-expanded={all} onClick={() => setAll(!all)}>
            <span>{all ? t('fewerSocials') : t('moreSocials')}</span>
          </button>
        </li>
      ) : null}
    </ul>
  )
}
