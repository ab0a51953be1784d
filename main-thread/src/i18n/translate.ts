import type { Locale } from '@portico/shared-types'
import { de } from './de.ts'
import { en, type MessageKey, type Messages } from './en.ts'

const catalogues: Record<Locale, Messages> = { en, de }

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string

/** Fills `{name}` placeholders; an unknown name stays as written. */
export function fillPlaceholders(text: string, values?: Record<string, string | number>): string {
  return values ? text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match)) : text
}

/** A translator for `locale`, filling `{name}` placeholders. */
export function translator(locale: Locale): Translate {
  const messages = catalogues[locale] ?? en
  return (key, values) => fillPlaceholders(messages[key] ?? en[key], values)
}
