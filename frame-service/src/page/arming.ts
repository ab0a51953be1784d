/**
 * When an approval's Approve may act, as seen from inside its own document (the frame's, or the
 * approval window's), in every browser engine:
 *
 * - still: the document has been shown, unmoved and unresized for APPROVAL_ARM_MS (a move, a
 *   resize, a re-show or new content restarts the wait: `restart()`);
 * - pointer rested: the pointer has been over the document for APPROVAL_ARM_MS since it came onto
 *   it and since the document was last still (a touch or a pen: since it came down, so a tap must
 *   be held).
 *
 * A move is seen without the page's help: every pointer event's (screenX − clientX, screenY −
 * clientY) is the document's place on the screen, so two events that disagree mean the document
 * moved under the pointer between them. The click itself is checked too (`pointerClickMayAct`): a
 * document moved between the pointer's last event and the click refuses that click. The top-level
 * window's own place (window.screenX / screenY) is watched as well.
 */

/** How long the approval must be still, and the pointer rest on it, before Approve takes a click. */
export const APPROVAL_ARM_MS = 500

/** Within this many CSS pixels two events saw the document at the same place (sub-pixel rounding). */
const SAME_PLACE_PX = 1
/** How often the top-level window's place on the screen is read. */
const WINDOW_PLACE_POLL_MS = 100

export type Arming = {
  /** The document was shown, moved or resized, or its content replaced: every wait starts again. */
  restart(): void
  /** Milliseconds until the document has been still for APPROVAL_ARM_MS; 0 once it has. */
  stillWait(): number
  /** Milliseconds until the pointer has rested on the document long enough; Infinity while it is not on it. */
  pointerWait(): number
  /**
   * Whether a trusted click made by a pointer may act now: the document is where the pointer's
   * last event saw it (otherwise every wait restarts and the click is refused), and the pointer
   * has rested. Keyboard clicks (`detail === 0`) are not for this check.
   */
  pointerClickMayAct(event: MouseEvent): boolean
  dispose(): void
}

export type ArmingOptions = {
  /** Called whenever a wait restarts or the pointer comes or goes (the owner re-checks its buttons). */
  onChange(): void
  /** Whether the document must have the focus to arm (a top-level window: another window over it takes the focus). */
  needsFocus?: boolean
}

export function createArming({ onChange, needsFocus = false }: ArmingOptions): Arming {
  const now = () => performance.now()
  let stillSince = now()
  /** Since when the pointer has been on the document; null while it is not. */
  let pointerSince: number | null = null
  /** The document's place on the screen as the pointer's last event saw it. */
  let place: { x: number; y: number } | null = null
  let windowPlace = { x: window.screenX, y: window.screenY }

  function restart(): void {
    stillSince = now()
    if (pointerSince !== null) pointerSince = stillSince
    onChange()
  }

  /** Records where `event` saw the document; false (and a restart) when it moved since the last event. */
  function seenAt(event: MouseEvent): boolean {
    const next = { x: event.screenX - event.clientX, y: event.screenY - event.clientY }
    const same = place === null || (Math.abs(next.x - place.x) <= SAME_PLACE_PX && Math.abs(next.y - place.y) <= SAME_PLACE_PX)
    place = next
    if (!same) restart()
    return same
  }

  const onPointer = (event: PointerEvent) => {
    if (!event.isTrusted) return
    seenAt(event)
    // A touch or a pen rests from the moment it comes down; a mouse from the moment it comes over.
    const comesDown = event.type === 'pointerdown' && event.pointerType !== 'mouse'
    if (pointerSince === null || comesDown) {
      pointerSince = now()
      onChange()
    }
  }
  const onLeave = (event: PointerEvent) => {
    // A touch or a pen leaves after every lift; its next contact starts its rest again anyway.
    if (!event.isTrusted || event.relatedTarget !== null || event.pointerType !== 'mouse') return
    pointerSince = null
    onChange()
  }
  const onCancel = () => {
    pointerSince = null
    onChange()
  }
  const onVisibility = () => void (document.visibilityState === 'visible' ? restart() : onChange())
  const onResize = () => restart()
  const onBlur = () => restart()
  const onFocus = () => restart()

  const pointerTypes = ['pointerover', 'pointermove', 'pointerdown', 'pointerup'] as const
  for (const type of pointerTypes) document.addEventListener(type, onPointer, true)
  document.addEventListener('pointerout', onLeave, true)
  document.addEventListener('pointercancel', onCancel, true)
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('resize', onResize)
  if (needsFocus) {
    window.addEventListener('blur', onBlur)
    window.addEventListener('focus', onFocus)
  }
  const poll = setInterval(() => {
    if (window.screenX === windowPlace.x && window.screenY === windowPlace.y) return
    windowPlace = { x: window.screenX, y: window.screenY }
    restart()
  }, WINDOW_PLACE_POLL_MS)

  /** The document can arm at all: shown, and focused where it must be. */
  const present = () => document.visibilityState === 'visible' && (!needsFocus || document.hasFocus())

  return {
    restart,
    stillWait() {
      if (!present()) return Infinity
      return Math.max(0, APPROVAL_ARM_MS - (now() - stillSince))
    },
    pointerWait() {
      if (!present() || pointerSince === null) return Infinity
      return Math.max(0, APPROVAL_ARM_MS - (now() - Math.max(pointerSince, stillSince)))
    },
    pointerClickMayAct(event) {
      if (!event.isTrusted || !seenAt(event)) return false
      if (!present() || pointerSince === null) return false
      return now() - Math.max(pointerSince, stillSince) >= APPROVAL_ARM_MS
    },
    dispose() {
      clearInterval(poll)
      for (const type of pointerTypes) document.removeEventListener(type, onPointer, true)
      document.removeEventListener('pointerout', onLeave, true)
      document.removeEventListener('pointercancel', onCancel, true)
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('resize', onResize)
      window.removeEventListener('blur', onBlur)
      window.removeEventListener('focus', onFocus)
    },
  }
}

/**
 * An approval's button: tells a keyboard's click from a pointer's (a trusted Enter or Space on it
 * just before a click with `detail === 0`, the click a key makes; held keys, repeats, do not count),
 * and lets a held touch end in a click (no long-press menu).
 */
export function keyClicks(button: HTMLElement): { byKey(event: MouseEvent): boolean } {
  // A touch held on the button (the rest a tap needs) must end in a click, not in a long-press menu.
  button.addEventListener('contextmenu', (event) => event.preventDefault())
  button.style.setProperty('-webkit-touch-callout', 'none')
  button.style.userSelect = 'none'
  let pressedAt = -Infinity
  const onKey = (event: KeyboardEvent) => {
    if (!event.isTrusted) return
    if (event.repeat) return void event.preventDefault()
    if (event.key === 'Enter' || event.key === ' ') pressedAt = performance.now()
  }
  button.addEventListener('keydown', onKey)
  button.addEventListener('keyup', onKey)
  return {
    byKey: (event) => event.isTrusted && event.detail === 0 && performance.now() - pressedAt < 1000,
  }
}
