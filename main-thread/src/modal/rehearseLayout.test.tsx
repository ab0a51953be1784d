import { afterEach, describe, expect, it, vi } from 'vitest'
import { rehearseLayout } from './Modal.tsx'

/** The modal as React's Activity leaves it while closed: hidden by an inline `display: none !important`. */
function hiddenModal(): HTMLElement {
  const root = document.createElement('div')
  root.className = 'portico-root'
  root.style.setProperty('display', 'none', 'important')
  const rows = ['Bench Wallet', 'Second', 'Third', 'Fourth'].map((name) => `<li><button type="button" class="portico-wallet">${name}</button></li>`).join('')
  root.innerHTML = `<div class="portico-modal" role="dialog" aria-labelledby="portico-title"><h2 id="portico-title">Connect Wallet</h2><label for="email">Email</label><input id="email"><video src="https://example.org/v.mp4"></video><img class="wallet" alt="" src="https://catalogue.example/w.png"><ul class="portico-list">${rows}</ul></div>`
  document.body.append(root)
  return root
}

/** Each layout of a copy: whether it was a copy on the page, and the rows it held. */
function watchLayouts(root: HTMLElement) {
  const laidOut: { copy: boolean; connected: boolean; rows: string[] }[] = []
  const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const stage = this.closest('[aria-hidden="true"]') as HTMLElement | null
    laidOut.push({ copy: !root.contains(this), connected: this.isConnected, rows: [...(stage?.querySelectorAll('li') ?? [])].map((li) => li.textContent ?? '') })
    // The copy is shown (Activity's display: none dropped) but invisible, inert and off screen.
    expect(this.closest('.portico-root')?.getAttribute('style') ?? '').not.toContain('display')
    expect(stage?.inert).toBe(true)
    expect(stage?.style.visibility).toBe('hidden')
    expect(stage?.querySelectorAll('[id]')).toHaveLength(0)
    expect(stage?.querySelector('video')).toBeNull()
    expect(stage?.querySelector('img')?.hasAttribute('src')).toBe(false)
    return new DOMRect(0, 0, 360, 400)
  })
  return { laidOut, spy }
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
  document.body.replaceChildren()
})

describe('rehearseLayout', () => {
  it('lays out invisible, inert copies of the hidden modal (no ids, media or image sources) in parts, a task each: without its rows, with every other row, whole; once per page', async () => {
    vi.useFakeTimers()
    const root = hiddenModal()
    const { laidOut, spy } = watchLayouts(root)
    rehearseLayout()
    // The first part in the call, dropped in it: the page holds the hidden modal alone, untouched.
    expect(laidOut).toEqual([{ copy: true, connected: true, rows: [] }])
    expect(document.querySelectorAll('.portico-root')).toHaveLength(1)
    expect(document.querySelectorAll('#portico-title')).toHaveLength(1)
    expect(root.style.getPropertyValue('display')).toBe('none')
    await vi.runAllTimersAsync()
    expect(laidOut.map((l) => l.rows)).toEqual([[], ['Bench Wallet', 'Third'], ['Bench Wallet', 'Second', 'Third', 'Fourth']])
    expect(laidOut.every((l) => l.copy && l.connected)).toBe(true)
    expect(document.querySelectorAll('.portico-root')).toHaveLength(1)
    rehearseLayout()
    await vi.runAllTimersAsync()
    expect(spy).toHaveBeenCalledTimes(3)
  })

  it('stops the parts not yet done when asked (the modal opened or went away)', async () => {
    vi.useFakeTimers()
    const { laidOut } = watchLayouts(hiddenModal())
    const stop = rehearseLayout()
    stop()
    await vi.runAllTimersAsync()
    expect(laidOut).toHaveLength(1)
  })
})
