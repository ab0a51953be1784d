import { z } from 'zod/mini'

/**
 * Gives zod's issues their English texts ('Invalid input: expected string, received number'), the
 * message of a `SchemaValidationError` when an answer fails its schema. zod/mini ships no locale of
 * its own (the texts are then 'Invalid input'); a locale the host set first is kept.
 */
export function setZodEnglishTexts(): void {
  if (!z.core.globalConfig.localeError) z.config(z.locales.en())
}
