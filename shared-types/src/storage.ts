import * as z from './zod-mini.ts'
import { STORAGE_VERSION } from './constants.ts'
import { recordKindOfKey } from './records.ts'

/** Every record the core keeps in IndexedDB is wrapped with its version, its kind and its save time. */
export function storedRecordSchema<T extends z.core.$ZodType>(data: T) {
  return z.object({ v: z.literal(STORAGE_VERSION), kind: z.string(), savedAt: z.number(), data })
}
export type StoredRecord<T> = { v: typeof STORAGE_VERSION; kind: string; savedAt: number; data: T }

/** A stored record of any version, as far as every version agrees: a number `v` and an object. */
export const anyStoredRecordSchema = z.looseObject({ v: z.int(), savedAt: z.number() })

/** What a migration gets: the record as stored by version `v`, and the key it was stored under. */
export type StoredRecordMigration = (record: Record<string, unknown> & { v: number }, key: string) => (Record<string, unknown> & { v: number }) | null

/**
 * Migrations of stored records, by the version they migrate from: each answers the record of the next
 * version, or null when it cannot be kept (dropped with a warning). Reading a record runs them in turn
 * up to `STORAGE_VERSION`; a record of a later version than this one (an older Portico after a newer
 * one) is dropped.
 */
export const STORED_RECORD_MIGRATIONS: Readonly<Record<number, StoredRecordMigration>> = {
  /** Version 2 names the kind in the envelope: taken from the key a version 1 record was stored under. */
  1(record, key) {
    const kind = recordKindOfKey(key)
    return kind === null ? null : { ...record, v: 2, kind }
  },
}

/**
 * Brings a stored record up to `target` through `migrations`; answers null when a step is missing,
 * refuses it, or the record is newer than `target`.
 */
export function migrateStoredRecord(
  raw: unknown,
  key: string,
  migrations: Readonly<Record<number, StoredRecordMigration>> = STORED_RECORD_MIGRATIONS,
  target: number = STORAGE_VERSION,
): (Record<string, unknown> & { v: number }) | null {
  const parsed = anyStoredRecordSchema.safeParse(raw)
  if (!parsed.success) return null
  let record: (Record<string, unknown> & { v: number }) | null = parsed.data
  while (record && record.v < target) {
    const migrate: StoredRecordMigration | undefined = migrations[record.v]
    if (!migrate) return null
    const next: (Record<string, unknown> & { v: number }) | null = migrate(record, key)
    if (next && next.v <= record.v) return null
    record = next
  }
  return record && record.v === target ? record : null
}
