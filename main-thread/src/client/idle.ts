/**
 * Runs `fn` once the page is idle (`requestIdleCallback`, at the latest after `timeoutMs`), or after a
 * short timer where the browser has no idle callbacks. Answers a cancel.
 */
export function whenIdle(fn: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(fn, Math.min(timeoutMs, 200))
  return () => clearTimeout(id)
}

/** Resolves once the page is idle (at the latest after `timeoutMs`): each step awaited after it is a task of its own. */
export const idlePeriod = (timeoutMs = 1000): Promise<void> => new Promise<void>((resolve) => whenIdle(resolve, timeoutMs))

/**
 * Fetches and runs `parts` (dynamic imports) one per idle task, so no two evaluations are one long
 * task, until `stop()` says the visitor acted (what is left then loads at once, with the code that
 * imports it). A part that cannot be fetched only costs the split. Offline, nothing is fetched ahead:
 * the service worker keeps only the files a page fetched, and the code that imports the parts brings them.
 */
export async function loadInIdleParts(parts: readonly (() => Promise<unknown>)[], stop: () => boolean): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return
  for (const part of parts) {
    if (stop()) return
    await part().catch(() => undefined)
    await idlePeriod()
  }
}

/** Resolves in a task of its own (a timer, not an idle wait): lets the page run what waits (a frame, an input) without holding up the caller. */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Runs `fn` once the next frame has been produced, so work a click starts does not delay what the
 * click shows; at the latest after 100 ms (a hidden tab produces no frames).
 */
export function afterNextPaint(fn: () => void): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    fn()
  }
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(run, 0)
    return
  }
  requestAnimationFrame(() => setTimeout(run, 0))
  setTimeout(run, 100)
}
