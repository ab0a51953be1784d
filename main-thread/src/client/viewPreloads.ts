import type { ViewName } from './router.ts'

/** Each lazy view's preload, by view name: the modal registers them when its code loads (`modal/views/registry.tsx`). */
const preloads = new Map<string, () => Promise<unknown>>()

/** Registers a lazy view's preload under its name. */
export function registerViewPreload(name: string, preload: () => Promise<unknown>): void {
  preloads.set(name, preload)
}

/** Fetches a lazy view's code ahead of need: a button leading to it calls this on hover or focus. Before the modal's code has loaded, nothing. */
export function preloadView(name: ViewName): void {
  void loadView(name)
}

/** A lazy view's code, settled (a failure is kept for the view to show); resolves at once for other views. */
export function loadView(name: ViewName): Promise<unknown> {
  return preloads.get(name)?.() ?? Promise.resolve()
}
