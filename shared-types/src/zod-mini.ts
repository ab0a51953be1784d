import * as z from 'zod/mini'

// Portico runs under a strict Content-Security-Policy (no eval): zod must not probe `new Function`.
z.config({ jitless: true })

/**
 * zod's tree-shakable flavour, the one every schema of the packages is written in (the dapp's
 * configuration, what a wallet announces and answers, HTTP answers, stored records, worker and frame
 * messages): functions (`z.optional(s)`, `s.check(z.minLength(1))`) instead of the classic API's
 * chained methods, so a bundle carries only the parts it uses, and building the schemas costs a
 * fraction. Code outside the packages (sandbox, tests) may use classic zod: the two flavours compose
 * (`z.parse(miniSchema, v)`, a mini schema inside a classic object, `z.string().pipe(miniSchema)`).
 * zod/mini has no locale of its own: the core sets zod's English texts when it starts.
 */
export { z }
