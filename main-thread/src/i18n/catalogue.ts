import { useSyncExternalStore } from 'react'
import type { Locale } from '@portico/shared-types'
import { createEmitter } from '@portico/shared-types/emitter'

export type Strings<K extends string> = Record<K, string>

/** One language's texts of a catalogue, fetched on demand (its own small chunk). */
export type LocaleLoaders<K extends string> = Record<Locale, () => Promise<{ default: Strings<K> }>>

/**
 * The texts of one part of the modal (its core, or a feature whose view loads on demand) in every
 * language, each language in its own chunk: only the visitor's language is ever fetched, and it is
 * fetched with the code that shows it (the modal, or the feature's view).
 */
export type Catalogue<K extends string> = {
  readonly loaders: LocaleLoaders<K>
  readonly loaded: Map<Locale, Strings<K>>
  load(locale: Locale): Promise<Strings<K>>
}

const listeners = createEmitter()
const inFlight = new Set<Promise<unknown>>()
let version = 0
let activeLocale: Locale | null = null
const catalogues = new Set<Catalogue<string>>()

/**
 * The language the page's modal speaks (the provider sets it before the modal's code loads): a
 * catalogue whose module runs starts fetching that language's texts at once, in parallel with the
 * rest of its chunk.
 */
export function setActiveLocale(locale: Locale): void {
  if (activeLocale === locale) return
  activeLocale = locale
  for (const catalogue of catalogues) void catalogue.load(locale).catch(() => undefined)
}

/** Declares a catalogue by its per-language loaders; the active language starts loading now. */
export function catalogue<K extends string>(loaders: LocaleLoaders<K>): Catalogue<K> {
  const loaded = new Map<Locale, Strings<K>>()
  const pending = new Map<Locale, Promise<Strings<K>>>()
  const self: Catalogue<K> = {
    loaders,
    loaded,
    load(locale) {
      const done = loaded.get(locale)
      if (done) return Promise.resolve(done)
      let promise = pending.get(locale)
      if (!promise) {
        const loader = loaders[locale] ?? loaders.en
        promise = loader().then(
          (module) => {
            loaded.set(locale, module.default)
            pending.delete(locale)
            version++
            listeners.emit()
            return module.default
          },
          (error: unknown) => {
            pending.delete(locale)
            throw error
          },
        )
        pending.set(locale, promise)
        const tracked = promise.catch(() => undefined).finally(() => inFlight.delete(tracked))
        inFlight.add(tracked)
      }
      return promise
    },
  }
  catalogues.add(self as unknown as Catalogue<string>)
  if (activeLocale) void self.load(activeLocale).catch(() => undefined)
  return self
}

/** Settles once every language file being fetched now has arrived (or failed): a view waits for its texts. */
export async function catalogueLoads(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight])
}

const subscribe = (listener: () => void) => {
  return listeners.on(listener)
}
const getVersion = () => version

/**
 * The texts of `locale` in `catalogue`, re-rendering when they arrive. Views normally find them loaded
 * (their chunk waited for them); if not (the language changed), the texts are fetched and the view
 * shows empty strings for that moment rather than another language.
 */
export function useStrings<K extends string>(catalogue: Catalogue<K>, locale: Locale): Strings<K> | undefined {
  useSyncExternalStore(subscribe, getVersion, getVersion)
  const strings = catalogue.loaded.get(locale)
  if (!strings) void catalogue.load(locale).catch(() => undefined)
  return strings
}

/** Fills `{name}` placeholders; an unknown name stays as written. */
export function fillPlaceholders(text: string, values?: Record<string, string | number>): string {
  return values ? text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match)) : text
}

/**
 * A plural text: categories of `Intl.PluralRules` separated by `|`, each `category:text`, as in
 * `one:{n} min|other:{n} mins` (Arabic names zero, one, two, few, many and other).
 */
export function selectPlural(text: string, category: Intl.LDMLPluralRule): string {
  const forms = new Map<string, string>()
  for (const part of text.split('|')) {
    const colon = part.indexOf(':')
    if (colon > 0) forms.set(part.slice(0, colon), part.slice(colon + 1))
  }
  return forms.get(category) ?? forms.get('other') ?? text
}
