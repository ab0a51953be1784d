import * as z from 'zod/mini'

// Portico runs under a strict Content-Security-Policy (no eval): zod must not probe `new Function`.
z.config({ jitless: true })

/**
 * Gives zod's issues their English texts ('Invalid input: expected string, received number'), the
 * message of a `SchemaValidationError` when a configuration or an answer fails its schema. zod/mini
 * ships no locale of its own (its texts are then 'Invalid input'); a locale the host set first is kept.
 */
export function setZodEnglishTexts(): void {
  if (!z.core.globalConfig.localeError) z.config(z.locales.en())
}
setZodEnglishTexts()

/**
 * zod's tree-shakable flavour, for every schema of the packages: building and checking them costs a
 * fraction of the classic API's chained methods, and its code is a fraction of the size, on the page
 * (the dapp's configuration, what an EIP-6963 wallet announces, a wallet's answers, before the visitor
 * acts) and in the core (HTTP answers, stored records).
 */
export { z }
