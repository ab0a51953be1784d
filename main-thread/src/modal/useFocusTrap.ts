import { useEffect, type RefObject } from 'react'
import { afterNextPaint } from '../client/idle.ts'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Keeps Tab inside the dialog, closes on Escape and gives focus back to where it was on close. */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void) {
  useEffect(() => {
    if (!active) return
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const node = ref.current
    const first = () => node?.querySelector<HTMLElement>(FOCUSABLE)
    // Focus moves in once the opened dialog has painted: focusing within the click's task would lay
    // the dialog out there, then again for the paint once focus has changed its styles.
    let live = true
    afterNextPaint(() => {
      if (live && node?.isConnected && !node.contains(document.activeElement)) (first() ?? node).focus()
    })
    const onEscapeKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      // A prompt stacked above the modal (a wallet's own dialog) handles its Escape itself.
      const target = event.target instanceof Element ? event.target : null
      if (target && !node?.contains(target) && target !== document.body && target.closest('[role="dialog"], [role="alertdialog"]')) return
      event.preventDefault()
      onEscape()
    }
    const onKey = (event: KeyboardEvent) => {
      if (!node) return
      if (event.key !== 'Tab') return
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement)
      // A frame laid over the dialog (the embedded wallet's approval) is one of its stops.
      items.push(...document.querySelectorAll<HTMLElement>('iframe[data-portico-trap]'))
      if (items.length === 0) {
        event.preventDefault()
        node.focus()
        return
      }
      const firstItem = items[0]!
      const lastItem = items[items.length - 1]!
      const inside = node.contains(document.activeElement) || items.includes(document.activeElement as HTMLElement)
      if (event.shiftKey && (document.activeElement === firstItem || !inside)) {
        event.preventDefault()
        lastItem.focus()
      } else if (!event.shiftKey && (document.activeElement === lastItem || !inside)) {
        event.preventDefault()
        firstItem.focus()
      }
    }
    node?.addEventListener('keydown', onKey)
    document.addEventListener('keydown', onEscapeKey)
    return () => {
      live = false
      node?.removeEventListener('keydown', onKey)
      document.removeEventListener('keydown', onEscapeKey)
      if (returnTo?.isConnected) returnTo.focus()
    }
  }, [ref, active, onEscape])
}
