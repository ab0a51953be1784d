import { MESSAGES } from '@portico/shared-types/errors'
import { socialCallbackMessageSchema } from '@portico/shared-types/embedded'
import { toPageSafeUrl } from '@portico/shared-types/safeUrl'
import type { PorticoClient } from '../client/createClient.ts'
import { currentView } from '../client/router.ts'
import type { AuthConnector, SocialLoginProvider } from '../connectors/embedded/types.ts'

/** How often the flow looks whether the visitor closed the popup. */
const POPUP_POLL_MS = 500
/** How long a message the popup sent just before it closed may still take to arrive. */
const POPUP_CLOSE_GRACE_MS = 1_000

export type SocialOutcome = 'blocked' | 'closed' | 'timeout' | 'error'

/**
 * Who follows a social login: `active` while the visitor still waits for it (the flow stops quietly
 * once not), `fail` shows a failure ('blocked', 'closed', or the frame's message; `timedOut` for the
 * socials timeout). The modal's ConnectingSocial view by default; the headless `useSocialLogin` its own state.
 */
export type SocialLoginWatch = { active(): boolean; fail(error: string, timedOut: boolean): void }

/** The modal's ConnectingSocial view of `provider`: active while shown, failures shown on it. */
function modalWatch(client: PorticoClient, provider: SocialLoginProvider): SocialLoginWatch {
  return {
    active() {
      const view = currentView(client.getSnapshot().modal.router)
      return client.getSnapshot().modal.open && view.name === 'ConnectingSocial' && view.provider === provider
    },
    fail: (error, timedOut) => client.navigate({ type: 'replace', view: { name: 'ConnectingSocial', provider, error, timedOut } }),
  }
}

/**
 * The redirect the frame's callback page posts back from `popup` (only a message from `frameOrigin`
 * and from this popup, parsed with the protocol's schema), or why none will come: the visitor closed
 * the popup ('closed') or no longer waits for it ('left').
 */
function popupCallback(popup: Window, frameOrigin: string, stillHere: () => boolean): Promise<string | { stopped: 'closed' | 'left' }> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== frameOrigin || event.source !== popup) return
      const parsed = socialCallbackMessageSchema.safeParse(event.data)
      if (!parsed.success) return
      stop()
      resolve(parsed.data.uri)
    }
    let grace: ReturnType<typeof setTimeout> | undefined
    const timer = setInterval(() => {
      if (!stillHere()) {
        stop()
        resolve({ stopped: 'left' })
      } else if (popup.closed && grace === undefined) {
        // The callback page posts its redirect and then closes itself: a message already on its way
        // may arrive after the window is seen closed, so it is waited for a moment before 'closed'.
        grace = setTimeout(() => {
          stop()
          resolve({ stopped: 'closed' })
        }, POPUP_CLOSE_GRACE_MS)
      }
    }, POPUP_POLL_MS)
    const stop = () => {
      clearInterval(timer)
      clearTimeout(grace)
      window.removeEventListener('message', onMessage)
    }
    window.addEventListener('message', onMessage)
  })
}

/**
 * The social login's popup flow (SPEC.md §4): the frame's authorization URL (GET_SOCIAL_REDIRECT_URI)
 * is loaded into the popup the click opened; the provider's login ends on the frame's callback page,
 * which posts the redirect back to this window. Only a message from the frame's origin and from this
 * popup is taken, parsed with the protocol's schema; the frame then finishes the login
 * (CONNECT_SOCIAL) and the connection is made. Failures show on the ConnectingSocial view.
 */
export async function runSocialLogin(
  client: PorticoClient,
  connector: AuthConnector,
  provider: SocialLoginProvider,
  popup: Window | null,
  watch: SocialLoginWatch = modalWatch(client, provider),
): Promise<void> {
  const stillHere = watch.active
  const fail = (error: string, timedOut = false) => {
    popup?.close()
    if (stillHere()) watch.fail(error, timedOut)
  }
  if (!popup) return fail('blocked')
  try {
    // The frame's URL is loaded only if Portico may open it (https; http on loopback for the sandbox).
    const safe = toPageSafeUrl(await connector.embedded.getSocialRedirectUri(provider), { message: MESSAGES.embeddedDefaultError })
    if (!(safe instanceof URL)) throw safe
    if (popup.closed) return fail('closed')
    popup.location.href = safe.href
    const callback = await popupCallback(popup, connector.embedded.frameOrigin, stillHere)
    if (typeof callback !== 'string') return callback.stopped === 'left' ? popup.close() : fail('closed')
    popup.close()
    await connector.embedded.connectSocial(callback)
    if (!stillHere()) return
    await client.connect(connector.id)
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause)
    fail(message, message === MESSAGES.somethingWentWrong)
  }
}
