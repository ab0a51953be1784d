import { WALLET_CONNECT_NEAR_PX } from '@portico/shared-types/constants'
import type { PorticoClient } from '../client/createClient.ts'
import { preloadView } from '../client/viewPreloads.ts'

type IntentClient = Pick<PorticoClient, 'withCore' | 'getSnapshot'>

/**
 * The visitor heads for WalletConnect (the pointer nears its row, keyboard focus or a touch on it or
 * on a wallet that connects through it): the page fetches the WalletConnect view's code (the QR code's
 * encoder with it), and the core loads its client, opens the relay socket and makes a pairing URI
 * ready, so the QR code shows at once and "Open {wallet}" has its link before it is pressed. The
 * Connect view opening alone prepares nothing on a first visit (it would fetch the client for every
 * visitor who opens it); once the core has its client (`walletConnect.clientLoaded`), it does, since
 * that costs no download. Never at page load: the modal rendered ahead, hidden, runs no effect. The
 * core hands a URI out once and drops one nobody took when it expires (SPEC.md §4).
 *
 * @example
 * <button {...walletConnectIntent(client)} onClick={…}>WalletConnect</button>
 */
export function prepareWalletConnect(client: IntentClient): void {
  // Offline, WalletConnect cannot pair and its rows are disabled: nothing to fetch ahead.
  if (client.getSnapshot().core?.online === false) return
  // The core's part first: its client is the longer fetch (the view's code is a few KiB).
  void client.withCore((api) => api.prepareWalletConnect()).catch(() => undefined)
  preloadView('ConnectingWalletConnect')
}

/** Rows the pointer moved over since it entered them, so one entry asks the core once. */
const movedOver = new WeakSet<EventTarget>()

/**
 * The intent handlers of a row that leads to WalletConnect: the pointer moving over it (a real
 * movement, once per entry: a row that comes under a resting pointer as the modal opens is no
 * intent), keyboard focus or a touch.
 */
export function walletConnectIntent(client: IntentClient) {
  const intent = () => prepareWalletConnect(client)
  return {
    onPointerMove: (event: { currentTarget: EventTarget }) => {
      if (movedOver.has(event.currentTarget)) return
      movedOver.add(event.currentTarget)
      intent()
    },
    onPointerLeave: (event: { currentTarget: EventTarget }) => void movedOver.delete(event.currentTarget),
    onFocus: intent,
    onTouchStart: intent,
  }
}

/** Distance in px from (x, y) to the box `r` (0 inside it). */
function distanceToBox(r: DOMRect, x: number, y: number): number {
  const dx = Math.max(r.left - x, 0, x - r.right)
  const dy = Math.max(r.top - y, 0, y - r.bottom)
  return Math.hypot(dx, dy)
}

/**
 * Calls `onNear` once, the first time a moving pointer comes within `radius` px of `target`'s box
 * (WALLET_CONNECT_NEAR_PX: about two rows), and answers the function that stops watching. Only
 * movement counts (`pointermove` on the document: the modal's overlay covers the page while it is
 * open), never a pointer at rest that the modal's rows appeared under.
 */
export function whenPointerNears(target: HTMLElement, onNear: () => void, radius: number = WALLET_CONNECT_NEAR_PX): () => void {
  const doc = target.ownerDocument
  const onMove = (event: PointerEvent) => {
    const box = target.getBoundingClientRect()
    // A row not laid out (hidden, collapsed away) is never near.
    if (box.width === 0 && box.height === 0) return
    if (distanceToBox(box, event.clientX, event.clientY) > radius) return
    stop()
    onNear()
  }
  const stop = () => doc.removeEventListener('pointermove', onMove, true)
  doc.addEventListener('pointermove', onMove, { capture: true, passive: true })
  return stop
}
