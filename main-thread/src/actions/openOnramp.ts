import type { GetOnrampUrlParameters } from '@portico/shared-types/onramp'
import { toPageSafeUrl } from '@portico/shared-types/safeUrl'
import type { PorticoClient } from '../client/createClient.ts'

export type OpenOnrampReturnType =
  /** The provider's page is loading in its own window. */
  | { status: 'opened'; url: string }
  /** The browser gave no window (a blocker): the page is at `url` for a link the visitor follows. */
  | { status: 'blocked'; url: string }
  | { status: 'error'; error: unknown }

type Opener = (url: string, target: string) => WindowProxy | null

/**
 * Opens the provider's page for a purchase. The window opens at once, still inside the visitor's
 * click, so popup blockers let it through; its location is set once the core has the URL from
 * POST /v1/generators/onrampurl. A failure closes the window again, and so does a URL Portico may not
 * open (`toPageSafeUrl`: https, or http on a loopback host for the local sandbox), never loaded.
 *
 * @example
 * button.onclick = () => void openOnramp(client, { caipAddress, network, purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50' })
 */
export function openOnramp(
  client: Pick<PorticoClient, 'withCore'>,
  params: Omit<GetOnrampUrlParameters, 'force'>,
  open: Opener = (url, target) => window.open(url, target),
): Promise<OpenOnrampReturnType> {
  const popup = open('', '_blank')
  return client
    .withCore((api) => api.getOnrampUrl(params))
    .then(
      (raw): OpenOnrampReturnType => {
        const safe = toPageSafeUrl(raw)
        if (!(safe instanceof URL)) {
          popup?.close()
          return { status: 'error', error: safe }
        }
        const url = safe.href
        if (!popup || popup.closed) return { status: 'blocked', url }
        // The provider's page must not reach back into the dapp.
        popup.opener = null
        popup.location.href = url
        return { status: 'opened', url }
      },
      (error: unknown): OpenOnrampReturnType => {
        popup?.close()
        return { status: 'error', error }
      },
    )
}
