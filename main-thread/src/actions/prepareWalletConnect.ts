import type { PorticoClient } from '../client/createClient.ts'
import { preloadView } from '../client/viewPreloads.ts'

/**
 * The visitor heads for WalletConnect (the Connect view shows with a way to it; pointer, focus or touch
 * on its row or on a wallet that connects through it): the page fetches the WalletConnect view's code
 * (the QR code's encoder with it), and the core loads its client, opens the relay socket and makes a
 * pairing URI ready, so the QR code shows at once and "Open {wallet}" has its link before it is
 * pressed. Never at page load: the modal rendered ahead, hidden, runs no effect. The core hands a URI
 * out once and drops one nobody took when it expires (SPEC.md §4).
 *
 * @example
 * <button {...walletConnectIntent(client)} onClick={…}>WalletConnect</button>
 */
export function prepareWalletConnect(client: Pick<PorticoClient, 'withCore' | 'getSnapshot'>): void {
  // Offline, WalletConnect cannot pair and its rows are disabled: nothing to fetch ahead.
  if (client.getSnapshot().core?.online === false) return
  preloadView('ConnectingWalletConnect')
  void client.withCore((api) => api.prepareWalletConnect()).catch(() => undefined)
}

/** The intent handlers of a row that leads to WalletConnect. */
export function walletConnectIntent(client: Pick<PorticoClient, 'withCore' | 'getSnapshot'>) {
  const intent = () => prepareWalletConnect(client)
  return { onPointerEnter: intent, onFocus: intent, onTouchStart: intent }
}
