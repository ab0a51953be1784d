import { useSyncExternalStore, type ComponentType } from 'react'
import type { Locale } from '@portico/shared-types'
import { createEmitter } from '@portico/shared-types/emitter'
import type { ViewName } from '../client/router.ts'
import { loadInIdleParts, nextTask } from '../client/idle.ts'
import { loadView } from '../client/viewPreloads.ts'

let loading: Promise<ComponentType> | null = null
let loaded: ComponentType | null = null
const listeners = createEmitter()
let modalLocale: Locale = 'en'
let modalFirstView: () => ViewName = () => 'Connect'

/** The language the modal will speak (the provider's `startup.locale`): its texts load with its code. */
export function setModalLocale(locale: Locale): void {
  modalLocale = locale
}

/** Which view the next open shows (the client's `firstView`): a lazy one (Account) loads with the modal's code, so the modal rendered ahead shows it. */
export function setModalFirstView(firstView: () => ViewName): void {
  modalFirstView = firstView
}

/**
 * The modal's code and styles: fetched and run once the page is idle after load (PorticoProvider), or
 * on the visitor's first sign of intent if that comes first; never before first paint. A failed load
 * (offline, nothing cached) is tried again on the next call. The texts of the visitor's language (and
 * only those) are fetched with it, so the modal never shows another language first, and so is the
 * view the next open shows when it has a chunk of its own (Account, for a visitor already connected).
 */
export function loadModal(): Promise<ComponentType> {
  loading ??= import('./Modal.tsx')
    // The texts and the first view start in a task of their own, not in the one that ran the modal's code (at 4x CPU slowdown the two were one long task).
    .then((module) =>
      nextTask()
        .then(() => Promise.all([module.loadTexts(modalLocale), loadView(modalFirstView())]))
        .then(() => module),
    )
    .then(
      (module) => {
        loaded = module.default
        listeners.emit()
        return loaded
      },
      (error: unknown) => {
        loading = null
        throw error
      },
    )
  return loading
}

/**
 * The modal's lower layers, fetched ahead one part per idle task (`preloadModal`): the texts'
 * machinery, the core's queries and errors, then the safe-URL checks, the messages and the icons.
 * The modal's code imports each of them; fetched with it, a bundler's chunks of them are a dozen
 * requests started in one task when the modal's chunk arrives (at 4x CPU slowdown, one long task).
 * Each import's answer is dropped in place (`.then`), so a bundler keeps only what the modal uses.
 */
const MODAL_PARTS: (() => Promise<unknown>)[] = [
  () => import('../i18n/useT.ts').then(() => undefined),
  () => import('../hooks/queries/useCoreQuery.ts').then(() => undefined),
  () => Promise.all([import('@portico/shared-types/safeUrl').then(() => undefined), import('../i18n/useMessages.ts').then(() => undefined), import('./icons.tsx').then(() => undefined)]),
]

/**
 * The modal's code fetched ahead while the page is idle (PorticoProvider): its lower layers a part per
 * idle task (`MODAL_PARTS`), then the modal; what has started the modal's load meanwhile (an intent)
 * loads it at once.
 */
export async function preloadModal(): Promise<ComponentType> {
  await loadInIdleParts(MODAL_PARTS, () => loading !== null)
  return loadModal()
}

/** Starts loading the modal's code without waiting for it (hover, focus, idle); a failure is retried on open. */
export function warmModal(): void {
  loadModal().catch(() => undefined)
}

const subscribe = (listener: () => void) => {
  return listeners.on(listener)
}
const getLoaded = () => loaded

/** The modal component once its code has run (null before), re-rendering when it arrives. */
export function useLoadedModal(): ComponentType | null {
  return useSyncExternalStore(subscribe, getLoaded, () => null)
}
