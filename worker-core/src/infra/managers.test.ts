import { describe, expect, it, vi } from 'vitest'
import { createFocusManager, createOnlineManager } from './managers.ts'

describe('injected managers', () => {
  it('online: tells listeners about changes only, so many tabs reporting make one event', () => {
    const online = createOnlineManager()
    const listener = vi.fn()
    online.subscribe(listener)
    expect(online.setOnline(true)).toBe(false)
    expect(online.setOnline(false)).toBe(true)
    expect(online.setOnline(false)).toBe(false)
    expect(online.setOnline(true)).toBe(true)
    expect(online.setOnline(true)).toBe(false)
    expect(listener.mock.calls).toEqual([[false], [true]])
  })

  it('focus: focused while any tab is visible', () => {
    const focus = createFocusManager()
    const listener = vi.fn()
    focus.subscribe(listener)
    expect(focus.isFocused()).toBe(true)
    focus.setVisibility('a', true)
    focus.setVisibility('b', false)
    focus.setVisibility('a', false)
    expect(focus.isFocused()).toBe(false)
    focus.setVisibility('b', true)
    focus.setVisibility('a', true)
    expect(listener.mock.calls).toEqual([[false], [true]])
  })
})
