import { AUTH_CONNECTOR_ID } from '@portico/shared-types/connectors'
import type { EmbeddedPasskey, EmbeddedSession } from '@portico/shared-types/embedded'
import type { Connector } from '../types.ts'

export type SocialLoginProvider = 'google' | 'x' | 'discord' | 'farcaster' | 'github' | 'apple' | 'facebook'
/** What the frame answers a login: the account and how the visitor is known (SPEC.md §3 "Embedded-wallet user"). */
export type EmbeddedLogin = { address: string; email?: string | undefined; userName?: string | undefined; socialProvider?: string | undefined }

/**
 * What the embedded wallet's views ask of the AUTH connector (SPEC.md §4 "Embedded wallet"). Every call
 * goes to the secure frame; errors carry SPEC.md §8's text.
 */
export type EmbeddedWalletApi = {
  /** The frame service's origin (the popup's callback is checked against it). */
  readonly frameOrigin: string
  /** Starts loading the frame, when the visitor heads for email or social login. */
  preload(): void
  /** Whether `email` is an address the frame accepts (SPEC.md §5). */
  isValidEmail(email: string): boolean
  /** Sends the login email; answers what comes next. Within 30 s of the last one: 'Please try again after N seconds'. */
  connectEmail(email: string, signal?: AbortSignal): Promise<'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'>
  /** Resolves once the visitor opened the device-confirmation link of the email. */
  connectDevice(signal?: AbortSignal): Promise<void>
  connectOtp(otp: string, signal?: AbortSignal): Promise<void>
  getSocialRedirectUri(provider: SocialLoginProvider, signal?: AbortSignal): Promise<string>
  connectSocial(uri: string, signal?: AbortSignal): Promise<EmbeddedLogin>
  getFarcasterUri(signal?: AbortSignal): Promise<string>
  connectFarcaster(signal?: AbortSignal): Promise<EmbeddedLogin>
  /** SPEC.md §4 email change: a code to the current email first, then one to the new email. */
  updateEmail(email: string): Promise<'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'>
  updateEmailPrimaryOtp(otp: string): Promise<void>
  /** Answers the new email, which is then stored with the login data. */
  updateEmailSecondaryOtp(otp: string): Promise<string>
  /** The visitor's sessions of the embedded wallet (every device and dapp), the most recently used first; this device's is `current`. */
  sessions(): Promise<EmbeddedSession[]>
  /** Ends one session (signs that device out); false when it had ended already. */
  endSession(id: string): Promise<boolean>
  /** Signs the visitor out everywhere: every session ends, this device's too unless `keepCurrent`. Answers how many ended. */
  endAllSessions(keepCurrent: boolean): Promise<number>
  /** The visitor's passkeys (name, created, last used). */
  passkeys(): Promise<EmbeddedPasskey[]>
  /** Asks the frame to show its own "Add a passkey" panel; the passkey is made only by the visitor's click there. Answers the new passkey (4001 when cancelled). */
  addPasskey(): Promise<EmbeddedPasskey>
  /** Asks the frame to show its own "Remove this passkey?" panel; removed only by the visitor's click there. */
  removePasskey(id: string): Promise<boolean>
  /** Whether the visitor's authenticator app (a second factor) is on. */
  totpEnabled(): Promise<boolean>
  /** Asks the frame to show its own "Set up an authenticator app" panel (QR code, first code, recovery codes shown once there). True once it is on (4001 when cancelled). */
  setupTotp(): Promise<boolean>
  /** Asks the frame to show its own "Export your private key" panel; the key is shown there only, never answered. True once it was shown. */
  exportKey(chain: 'evm' | 'solana'): Promise<boolean>
  /** Asks the frame to show its own "Sign in with a passkey" panel: signed in with no email once the visitor used a passkey there. */
  connectPasskey(signal?: AbortSignal): Promise<EmbeddedLogin>
  /**
   * SPEC.md §3/§4 account type: makes the EOA or the smart account the connected one (the frame keeps
   * the choice, the core persists it per namespace and pushes the new account to every tab). A smart
   * account the frame cannot set falls back to the EOA. Answers the type in effect.
   */
  setAccountType(type: 'eoa' | 'smartAccount'): Promise<'eoa' | 'smartAccount'>
}

/** The embedded wallet's connector (type AUTH): a connector whose login steps the modal's views drive. */
export type AuthConnector = Connector & { readonly embedded: EmbeddedWalletApi }

export function isAuthConnector(connector: Connector | undefined): connector is AuthConnector {
  return !!connector && connector.id === AUTH_CONNECTOR_ID && 'embedded' in connector
}

/**
 * The embedded wallet's frame while an unsafe request waits in its own approval (SPEC.md §6): the page
 * lays `frame` over ApproveTransaction, `height` CSS pixels tall. The page can give up on the waiting
 * requests (`reject`: each answers 4001) but never approve them: only the visitor's click in the frame does.
 */
export type FrameApproval = {
  height: number
  /** Where the visitor approves: in the frame, or in the window of the frame's origin it opens ('Approve in the … window'). */
  where: 'frame' | 'window'
  /** One of the frame's own settings panels (a passkey, the key's export) rather than a request: the modal is titled Passkeys. */
  panel: boolean
  frame: HTMLIFrameElement
  /** Aborts every unsafe request waiting in the frame (the modal closed, the visitor left the view). */
  reject(): void
  /** SPEC.md §7 "sync theme": the frame's approval follows the modal's theme mode. */
  syncTheme(themeMode: 'light' | 'dark'): void
}

/** What a connector whose unsafe requests its frame approves (`approval: 'modal'`) asks of the page. */
export type ApprovalHost = {
  /** The frame shows a request (or a new height): the modal opens on ApproveTransaction with the frame over it. */
  show(approval: FrameApproval): void
  /** Nothing waits in the frame any more: the modal goes back where it was. */
  hide(): void
  /** SPEC.md §6: the modal opens, 'Action not allowed' shows after 300 ms, then `abort` rejects the pending requests. */
  notAllowed(method: string, abort: () => void): void
}
