import { afterEach, describe, expect, it, vi } from 'vitest'
import { rehearseLayout } from './Modal.tsx'

/** The modal as React's Activity leaves it while closed: hidden by an inline `display: none !important`. */
function hiddenModal(): HTMLElement {
  const root = document.createElement('div')
  root.className = 'portico-root'
  root.style.setProperty('display', 'none', 'important')
  root.innerHTML = `<div class="portico-modal" role="dialog" aria-labelledby="portico-title"><h2 id="portico-title">Connect Wallet</h2><label for="email">Email</label><input id="email"><video src="https://example.org/v.mp4"></video><img class="wallet" alt="" src="https://catalogue.example/w.png"><button type="button">Bench Wallet</button></div>`
  document.body.append(root)
  return root
}

afterEach(() => {
  vi.restoreAllMocks()
  document.body.replaceChildren()
})

describe('rehearseLayout', () => {
  it('lays out an invisible, inert copy of the hidden modal without ids, media or image sources, drops it in the same call, and does it once per page', () => {
    const root = hiddenModal()
    const laidOut: { copy: boolean; connected: boolean; stage: HTMLElement | null }[] = []
    const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const stage = this.closest('[aria-hidden="true"]') as HTMLElement | null
      laidOut.push({ copy: !root.contains(this), connected: this.isConnected, stage })
      // The copy is shown (Activity's display: none dropped) but invisible, inert and off screen.
      expect(this.closest('.portico-root')?.getAttribute('style') ?? '').not.toContain('display')
      expect(stage?.inert).toBe(true)
      expect(stage?.style.visibility).toBe('hidden')
      expect(stage?.querySelectorAll('[id]')).toHaveLength(0)
      expect(stage?.querySelector('video')).toBeNull()
      expect(stage?.querySelector('img')?.hasAttribute('src')).toBe(false)
      return new DOMRect(0, 0, 360, 400)
    })
    rehearseLayout()
    expect(laidOut).toEqual([{ copy: true, connected: true, stage: expect.any(HTMLElement) }])
    // Nothing is left behind: the page holds the hidden modal alone, untouched.
    expect(document.querySelectorAll('.portico-root')).toHaveLength(1)
    expect(document.querySelectorAll('#portico-title')).toHaveLength(1)
    expect(root.style.getPropertyValue('display')).toBe('none')
    rehearseLayout()
    expect(spy).toHaveBeenCalledTimes(1)
  })
})
