import * as z from './zod-mini.ts'
import { SchemaValidationError } from './errors.ts'

/** Parses outside bytes with a schema (either zod flavour), turning a failure into a typed `SchemaValidationError`. */
export function parseWith<T extends z.core.$ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = z.safeParse(schema, value)
  if (!result.success) throw new SchemaValidationError(what, result.error.issues)
  return result.data
}
