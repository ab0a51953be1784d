import { z } from 'zod/mini'
import type { RecordDefinition } from '@portico/shared-types'
import type { CoreStorage } from './storage.ts'

export type Persister = {
  read<T extends z.core.$ZodType, A extends unknown[]>(record: RecordDefinition<T, A>, ...args: A): Promise<{ data: z.output<T>; savedAt: number } | undefined>
  /** Writes a record after checking it against its own schema (a bad value is skipped with a warning). */
  write<T extends z.core.$ZodType, A extends unknown[]>(record: RecordDefinition<T, A>, data: z.output<T>, ...args: A): Promise<void>
  /** Writes one bound record (`bindRecord`) stamped with the time its data is from (a read's answer keeps the age it was shown with). */
  writeAt<T extends z.core.$ZodType>(record: RecordDefinition<T>, data: z.output<T>, savedAt: number): Promise<void>
  remove<T extends z.core.$ZodType, A extends unknown[]>(record: RecordDefinition<T, A>, ...args: A): Promise<void>
}

/**
 * Persistence as a plug-in: the core reads and writes the record kinds of `RECORDS` through this,
 * never IndexedDB itself, so another storage (memory, tests) drops in.
 */
export function createPersister(storage: CoreStorage, warn: (message: string) => void = console.warn): Persister {
  async function save<T extends z.core.$ZodType>(record: Pick<RecordDefinition<T>, 'kind' | 'schema'>, key: string, data: z.output<T>, savedAt?: number) {
    const checked = z.safeParse(record.schema, data)
    if (!checked.success) {
      warn(`Portico: not saving record "${record.kind}": ${checked.error.issues[0]?.message ?? 'invalid'}`)
      return
    }
    await storage.write(key, checked.data, record.kind, savedAt)
  }
  return {
    read: (record, ...args) => storage.read(record.key(...args), record.schema),
    write: (record, data, ...args) => save(record, record.key(...args), data),
    writeAt: (record, data, savedAt) => save(record, record.key(), data, savedAt),
    remove: (record, ...args) => storage.remove(record.key(...args)),
  }
}

/** One record of a kind: the kind with its key arguments applied (`bindRecord(RECORDS.identity, address)`). */
export function bindRecord<T extends z.core.$ZodType, A extends unknown[]>(record: RecordDefinition<T, A>, ...args: A): RecordDefinition<T> {
  const key = record.key(...args)
  return { kind: record.kind, key: () => key, schema: record.schema, ...(record.cache ? { cache: true } : {}) }
}
