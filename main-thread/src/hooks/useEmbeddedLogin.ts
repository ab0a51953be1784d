import { useCallback, useEffect, useRef, useState } from 'react'
import type { CaipAddress } from '@portico/shared-types/light'
import { usePorticoClient } from '../context.ts'
import type { SocialLoginProvider } from '../connectors/embedded/types.ts'
import { toConnectError, type ConnectError } from './useConnect.ts'

const flows = () => import('./headlessFlows.ts')

export type EmailLoginStatus = 'idle' | 'sending' | 'awaitingDevice' | 'awaitingCode' | 'verifying' | 'connected'

export type UseEmailLoginReturnType = {
  /**
   * 'sending': the login email goes out; 'awaitingDevice': a new device, confirmed by the link in an
   * email first; 'awaitingCode': the six digits are awaited (`verifyCode`); 'connected'.
   */
  status: EmailLoginStatus
  email: string | undefined
  /** The last failure; a wrong code leaves the status at 'awaitingCode' for another try. */
  error: ConnectError | null
  /** Sends the login code to `email` (checked first: 'invalidEmail'). A second within 30 s: 'Please try again after N seconds'. */
  sendCode(email: string): Promise<void>
  /** The six digits of the emailed code; connects on success. */
  verifyCode(code: string): Promise<void>
  /** Sends the code again. */
  resendCode(): Promise<void>
  /** Forgets the login in progress. */
  reset(): void
  caipAddress: CaipAddress | undefined
}

type EmailState = { status: EmailLoginStatus; email?: string | undefined; error: ConnectError | null; caipAddress?: CaipAddress | undefined }

/**
 * Email login (the embedded wallet, `embeddedWalletUrl`) from a dapp's own form: the same steps as
 * the modal's email row and code view, on the embedded wallet's connector; the keys stay in its frame.
 *
 * @example
 * const { status, sendCode, verifyCode, error } = useEmailLogin()
 * status === 'awaitingCode' ? <input onChange={(e) => e.target.value.length === 6 && void verifyCode(e.target.value)} /> : …
 */
export function useEmailLogin(): UseEmailLoginReturnType {
  const client = usePorticoClient()
  const [state, setState] = useState<EmailState>({ status: 'idle', error: null })
  const round = useRef<{ id: number; abort: AbortController }>({ id: 0, abort: new AbortController() })
  useEffect(() => () => round.current.abort.abort(), [])

  const begin = () => {
    round.current.abort.abort()
    round.current = { id: round.current.id + 1, abort: new AbortController() }
    return round.current
  }
  const current = (r: { id: number }) => r.id === round.current.id

  const sendCode = useCallback(
    async (typed: string) => {
      const email = typed.trim()
      const r = begin()
      setState({ status: 'sending', email, error: null })
      try {
        const m = await flows()
        const connector = await m.authConnector(client)
        if (!connector.embedded.isValidEmail(email)) throw new m.HeadlessError('invalidEmail', 'Enter a valid email address')
        const next = await connector.embedded.connectEmail(email, r.abort.signal)
        if (!current(r)) return
        if (next === 'CONNECT') {
          await client.connect(connector.id)
          const caipAddress = m.embeddedOutcome(client)
          if (current(r)) setState({ status: 'connected', email, error: null, caipAddress })
          return
        }
        if (next === 'VERIFY_OTP') return setState({ status: 'awaitingCode', email, error: null })
        setState({ status: 'awaitingDevice', email, error: null })
        await m.waitForDevice(connector, r.abort.signal)
        if (current(r)) setState({ status: 'awaitingCode', email, error: null })
      } catch (cause) {
        if (current(r)) setState({ status: 'idle', email, error: toConnectError(cause) })
      }
    },
    [client],
  )

  const verifyCode = useCallback(
    async (code: string) => {
      const r = round.current
      const email = state.email
      if (!/^\d{6}$/.test(code)) return setState((s) => ({ ...s, error: { code: 'invalidCode', message: 'The code has 6 digits.' } }))
      setState((s) => ({ ...s, status: 'verifying', error: null }))
      try {
        const m = await flows()
        const connector = await m.authConnector(client)
        await connector.embedded.connectOtp(code, r.abort.signal)
        await client.connect(connector.id)
        const caipAddress = m.embeddedOutcome(client)
        if (current(r)) setState({ status: 'connected', email, error: null, caipAddress })
      } catch (cause) {
        if (current(r)) setState((s) => ({ ...s, status: 'awaitingCode', error: toConnectError(cause) }))
      }
    },
    [client, state.email],
  )

  const resendCode = useCallback(async () => {
    const r = round.current
    if (!state.email) return
    try {
      const connector = await (await flows()).authConnector(client)
      await connector.embedded.connectEmail(state.email, r.abort.signal)
      if (current(r)) setState((s) => ({ ...s, error: null }))
    } catch (cause) {
      if (current(r)) setState((s) => ({ ...s, error: toConnectError(cause) }))
    }
  }, [client, state.email])

  const reset = useCallback(() => {
    begin()
    setState({ status: 'idle', error: null })
  }, [])

  return { status: state.status, email: state.email, error: state.error, sendCode, verifyCode, resendCode, reset, caipAddress: state.caipAddress }
}

export type SocialLoginStatus = 'idle' | 'connecting' | 'connected' | 'failed'

export type UseSocialLoginReturnType = {
  /**
   * Logs in with `provider`. Call it in the click's handler: the popup opens in the click (a popup
   * opened later is blocked). Farcaster opens no popup: `farcasterUri` is its link (show it as a QR
   * code) until the Farcaster wallet approves.
   */
  login(provider: SocialLoginProvider): void
  status: SocialLoginStatus
  provider: SocialLoginProvider | undefined
  farcasterUri: string | undefined
  error: ConnectError | null
  caipAddress: CaipAddress | undefined
  /** Gives up on the login in progress (its popup closes). */
  cancel(): void
}

type SocialState = { status: SocialLoginStatus; provider?: SocialLoginProvider | undefined; farcasterUri?: string | undefined; error: ConnectError | null; caipAddress?: CaipAddress | undefined }

/**
 * Social login (Google, X, Discord, GitHub, Apple, Facebook in a popup; Farcaster by QR code and link)
 * from a dapp's own buttons, through the embedded wallet's frame (`embeddedWalletUrl`).
 *
 * @example
 * const { login, status, error } = useSocialLogin()
 * <button onClick={() => login('google')}>Google</button>
 */
export function useSocialLogin(): UseSocialLoginReturnType {
  const client = usePorticoClient()
  const [state, setState] = useState<SocialState>({ status: 'idle', error: null })
  const round = useRef<{ id: number; abort: AbortController }>({ id: 0, abort: new AbortController() })
  useEffect(() => () => round.current.abort.abort(), [])

  const login = useCallback(
    (provider: SocialLoginProvider) => {
      round.current.abort.abort()
      const r = (round.current = { id: round.current.id + 1, abort: new AbortController() })
      const active = () => r.id === round.current.id
      setState({ status: 'connecting', provider, error: null })
      // The popup opens in the click itself; the frame's URL is loaded into it once known.
      const popup = provider === 'farcaster' ? null : window.open('about:blank', 'portico-social-login', 'popup,width=480,height=640')
      void flows()
        .then((m) =>
          provider === 'farcaster' ? m.farcasterLogin(client, (farcasterUri) => active() && setState((s) => ({ ...s, farcasterUri })), r.abort.signal) : m.socialLogin(client, provider, popup, active),
        )
        .then(
          (caipAddress) => active() && setState({ status: 'connected', provider, error: null, caipAddress }),
          (cause: unknown) => active() && setState({ status: 'failed', provider, error: toConnectError(cause) }),
        )
    },
    [client],
  )

  const cancel = useCallback(() => {
    round.current.abort.abort()
    round.current = { id: round.current.id + 1, abort: new AbortController() }
    setState({ status: 'idle', error: null })
  }, [])

  return { login, status: state.status, provider: state.provider, farcasterUri: state.farcasterUri, error: state.error, caipAddress: state.caipAddress, cancel }
}
