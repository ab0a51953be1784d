import { z } from './zod.ts'
import { STORAGE_VERSION } from './constants.ts'

/** Every record the core keeps in IndexedDB is wrapped with its version and save time. */
export function storedRecordSchema<T extends z.ZodType>(data: T) {
  return z.object({ v: z.literal(STORAGE_VERSION), savedAt: z.number(), data })
}
export type StoredRecord<T> = { v: typeof STORAGE_VERSION; savedAt: number; data: T }
