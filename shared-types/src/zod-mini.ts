import * as z from 'zod/mini'
import en from 'zod/v4/locales/en.js'

// Portico runs under a strict Content-Security-Policy (no eval): zod must not probe `new Function`.
z.config({ jitless: true })

/**
 * Gives zod's issues their English texts ('Invalid input: expected string, received number'), the
 * message of a `SchemaValidationError` when a configuration or an answer fails its schema. zod/mini
 * ships no locale of its own (its texts are then 'Invalid input'); a locale the host set first is kept.
 */
export function setZodEnglishTexts(): void {
  if (!z.core.globalConfig.localeError) z.config(en())
}
setZodEnglishTexts()

/**
 * zod's tree-shakable flavour, the one every schema of the packages is written in (the dapp's
 * configuration, what a wallet announces and answers, HTTP answers, stored records, worker and frame
 * messages): functions (`z.optional(s)`, `s.check(z.minLength(1))`) instead of the classic API's
 * chained methods, so a bundle carries only the parts it uses, and building the schemas costs a
 * fraction. Code outside the packages (sandbox, tests) may use classic zod: the two flavours compose
 * (`z.parse(miniSchema, v)`, a mini schema inside a classic object, `z.string().pipe(miniSchema)`).
 * Imported as a namespace (`import * as z from './zod-mini.ts'`): every bundler then keeps only the
 * functions used (a namespace re-exported as one value keeps all of zod, its 40 locales too, in esbuild).
 */
export * from 'zod/mini'
