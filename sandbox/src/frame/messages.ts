import { MESSAGES } from '@portico/shared-types/errors'

/**
 * What the frame service answers when a step fails: the `message` of a FRAME_<EVENT>_ERROR, shown
 * by the modal as it is. SPEC.md's own texts come from shared-types.
 */
export const FRAME_MESSAGES = {
  /** SPEC.md §5: email login cannot be triggered again within 30 s. */
  cooldown: MESSAGES.emailLoginCooldown,
  invalidCode: 'Invalid code',
  tooManyAttempts: 'Too many attempts. Request a new code',
  codeExpired: 'Code expired. Request a new code',
  noCodeRequested: 'No code was requested for this email',
  deviceNotConfirmed: 'Device not confirmed yet. Open the link in the email',
  linkInvalid: 'This link is invalid or has expired',
  notLoggedIn: 'Not logged in',
  emailInUse: 'This email is already in use',
  sameEmail: 'This is already your email',
  unknownAccount: 'Unknown account {address}',
  unsupportedMethod: 'Unsupported method {method}',
  unsupportedChain: MESSAGES.unsupportedChain,
  rpcNotAllowed: MESSAGES.rpcNotAllowed,
  smartAccountsUnavailable: 'Smart accounts are not available',
  invalidAppConfiguration: MESSAGES.invalidAppConfiguration,
  defaultError: MESSAGES.embeddedDefaultError,
  socialStateUnknown: 'This sign-in has expired. Start again',
  socialFailed: 'Sign-in with {provider} failed',
  farcasterUnavailable: 'Farcaster sign-in is not available',
  unsupportedSocialProvider: 'Unsupported social provider {provider}',
  /** A sign-in started without the frame's browser-session secret (the frame page always sends it). */
  sessionBindingMissing: 'This browser session cannot start a sign-in. Reload the page',
} as const

/** An error whose message a visitor reads (the service answers it with 400 and `{ error }`). */
export class FrameError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 502 = 400,
  ) {
    super(message)
    this.name = 'FrameError'
  }
}
