import { describe, expect, it, vi } from 'vitest'
import { createEmitter } from './emitter.ts'

describe('createEmitter', () => {
  it('calls every listener with the value, in the order they were added', () => {
    const emitter = createEmitter<number>()
    const heard: string[] = []
    emitter.on((n) => heard.push(`a${n}`))
    emitter.on((n) => heard.push(`b${n}`))
    emitter.emit(1)
    emitter.emit(2)
    expect(heard).toEqual(['a1', 'b1', 'a2', 'b2'])
  })

  it('a removed listener hears nothing more; removing it twice changes nothing', () => {
    const emitter = createEmitter()
    const kept = vi.fn()
    const removed = vi.fn()
    emitter.on(kept)
    const off = emitter.on(removed)
    off()
    off()
    emitter.emit()
    expect(removed).not.toHaveBeenCalled()
    expect(kept).toHaveBeenCalledTimes(1)
    expect(emitter.size).toBe(1)
  })

  it('the same listener added twice is called once', () => {
    const emitter = createEmitter()
    const listener = vi.fn()
    emitter.on(listener)
    emitter.on(listener)
    emitter.emit()
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('a listener that removes itself while called does not stop the others', () => {
    const emitter = createEmitter()
    const after = vi.fn()
    const off = emitter.on(() => off())
    emitter.on(after)
    emitter.emit()
    expect(after).toHaveBeenCalledTimes(1)
    expect(emitter.size).toBe(1)
  })

  it('clear removes every listener', () => {
    const emitter = createEmitter<string>()
    const listener = vi.fn()
    emitter.on(listener)
    emitter.clear()
    emitter.emit('x')
    expect(listener).not.toHaveBeenCalled()
    expect(emitter.size).toBe(0)
  })
})
