import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** The idle callbacks the page asked for, run by the test one at a time. */
let idle: (() => void)[] = []

beforeEach(() => {
  idle = []
  vi.resetModules()
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn))
  vi.stubGlobal('cancelIdleCallback', () => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** Waits until the page asks for an idle period (a part has been fetched and run), then runs it. */
async function runNextIdle(): Promise<void> {
  await vi.waitFor(() => expect(idle.length).toBeGreaterThan(0), { timeout: 10_000 })
  idle.shift()!()
}

describe("the modal's idle preload", () => {
  it('fetches the modal in parts, an idle period after each, and only then the modal itself', async () => {
    const { preloadModal } = await import('./load.ts')
    let loaded = false
    const done = preloadModal().then((modal) => {
      loaded = true
      return modal
    })
    // Three parts (the texts' machinery, the core's queries, the safe URLs with messages and icons).
    for (let part = 0; part < 3; part++) {
      await runNextIdle()
      expect(loaded).toBe(false)
    }
    const Modal = await done
    expect(typeof Modal).toBe('function')
  })

  it('an intent during the preload loads the modal at once: no part is waited for after it', async () => {
    const { preloadModal, warmModal } = await import('./load.ts')
    const done = preloadModal()
    // The first part has run and the preload waits for an idle period: the visitor heads for the button.
    await vi.waitFor(() => expect(idle.length).toBe(1), { timeout: 10_000 })
    warmModal()
    idle.shift()!()
    const Modal = await done
    expect(typeof Modal).toBe('function')
    // The preload stopped at the intent: it asked for no idle period after it.
    expect(idle).toEqual([])
  })

  it('offline, nothing is fetched ahead in parts: the modal loads at once, without waiting for idle periods', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { preloadModal } = await import('./load.ts')
    const Modal = await preloadModal()
    expect(typeof Modal).toBe('function')
    expect(idle).toEqual([])
  })
})
