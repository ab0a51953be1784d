import type { z } from 'zod'
import { SchemaValidationError } from './errors.ts'

/** Parses outside bytes with a schema, turning a failure into a typed `SchemaValidationError`. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value)
  if (!result.success) throw new SchemaValidationError(what, result.error.issues)
  return result.data
}
