import { useEffect, useRef } from 'react'
import type { FrameApproval } from '../../../connectors/embedded/types.ts'
import { usePorticoClient, useSnapshot } from '../../../context.ts'

/** Marks the iframe the modal's focus trap lets focus live in while it is shown. */
export const FRAME_TRAP_ATTRIBUTE = 'data-portico-trap'

/**
 * Room in ApproveTransaction for the embedded wallet's frame, and the frame laid over it: the iframe
 * (which stays where it was created, so it never reloads) is made visible with a fixed position on this
 * slot's box (the modal's full width, the height the frame asked for), one layer above the modal, and
 * takes the focus. When the view goes away while requests still wait, the page gives up on them.
 */
export function FrameOverlay({ approval, label }: { approval: FrameApproval; label: string }) {
  const slot = useRef<HTMLDivElement>(null)
  const client = usePorticoClient()
  const { themeMode } = useSnapshot()
  const { frame } = approval
  const latest = useRef(approval)
  latest.current = approval

  useEffect(() => latest.current.syncTheme(themeMode === 'dark' ? 'dark' : 'light'), [frame, themeMode])

  useEffect(() => {
    const node = slot.current
    if (!node) return
    const root = node.closest<HTMLElement>('.portico-root')
    frame.hidden = false
    frame.removeAttribute('aria-hidden')
    frame.tabIndex = 0
    frame.title = label
    frame.setAttribute(FRAME_TRAP_ATTRIBUTE, '')
    frame.classList.add('portico-frame-shown')
    let last = ''
    let raf = 0
    // Follows the slot (the modal's entry, a scroll, a resize) every frame while shown.
    const place = () => {
      const box = node.getBoundingClientRect()
      const zIndex = (Number.parseInt(root ? getComputedStyle(root).zIndex : '', 10) || 999) + 1
      const key = `${box.left},${box.top},${box.width},${box.height},${zIndex}`
      if (key !== last) {
        last = key
        frame.style.left = `${box.left}px`
        frame.style.top = `${box.top}px`
        frame.style.width = `${box.width}px`
        frame.style.height = `${box.height}px`
        frame.style.zIndex = String(zIndex)
      }
      raf = requestAnimationFrame(place)
    }
    place()
    // After the modal's own focus handling of this render: the visitor lands in the frame.
    const focus = setTimeout(() => frame.focus(), 0)
    return () => {
      cancelAnimationFrame(raf)
      clearTimeout(focus)
      const hadFocus = document.activeElement === frame
      frame.hidden = true
      frame.setAttribute('aria-hidden', 'true')
      frame.tabIndex = -1
      frame.removeAttribute(FRAME_TRAP_ATTRIBUTE)
      frame.classList.remove('portico-frame-shown')
      for (const p of ['left', 'top', 'width', 'height', 'zIndex'] as const) frame.style[p] = ''
      if (hadFocus) node.closest<HTMLElement>('[role="dialog"]')?.focus()
      // Left while requests wait (Back, the modal closed): they are given up, never left to hang.
      if (client.getSnapshot().frameApproval?.frame === frame) latest.current.reject()
    }
  }, [frame, label, client])

  return <div ref={slot} className="portico-frame-slot" style={{ height: approval.height }} data-testid="approval-frame-slot" />
}
