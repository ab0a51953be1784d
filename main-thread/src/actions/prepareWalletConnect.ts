import type { PorticoClient } from '../client/createClient.ts'
import { preloadView } from '../client/viewPreloads.ts'

/**
 * The visitor heads for WalletConnect (pointer, focus or touch on its row or on a wallet that connects
 * through it): the page fetches the WalletConnect view's code, and the core loads its client and makes
 * a pairing URI ready, so the QR code shows at once and "Open {wallet}" has its link before it is
 * pressed. Nothing happens on a modal open alone.
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
