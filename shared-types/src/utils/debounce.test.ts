import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { debounce } from './debounce.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('debounce', () => {
  it('calls once the calls pause, with the last arguments', () => {
    const fn = vi.fn()
    const debounced = debounce(fn, 500)
    debounced('a', 1)
    vi.advanceTimersByTime(499)
    debounced('b', 2)
    vi.advanceTimersByTime(499)
    expect(fn).not.toHaveBeenCalled()
    expect(debounced.pending()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(fn).toHaveBeenCalledWith('b', 2)
    expect(debounced.pending()).toBe(false)
  })

  it('calls again after a later pause', () => {
    const fn = vi.fn()
    const debounced = debounce(fn, 100)
    debounced(1)
    vi.advanceTimersByTime(100)
    debounced(2)
    vi.advanceTimersByTime(100)
    expect(fn.mock.calls).toEqual([[1], [2]])
  })

  it('cancel drops the waiting call', () => {
    const fn = vi.fn()
    const debounced = debounce(fn, 100)
    debounced()
    debounced.cancel()
    vi.advanceTimersByTime(1000)
    expect(fn).not.toHaveBeenCalled()
    expect(debounced.pending()).toBe(false)
  })

  it('flush makes the waiting call now, once, and nothing when none waits', () => {
    const fn = vi.fn()
    const debounced = debounce(fn, 100)
    debounced.flush()
    expect(fn).not.toHaveBeenCalled()
    debounced('now')
    debounced.flush()
    expect(fn).toHaveBeenCalledWith('now')
    vi.advanceTimersByTime(1000)
    expect(fn).toHaveBeenCalledTimes(1)
  })
})
