import * as z from 'zod/mini'

// Portico runs under a strict Content-Security-Policy (no eval): zod must not probe `new Function`.
z.config({ jitless: true })

/**
 * zod's tree-shakable flavour, for the schemas the page itself must run before the visitor acts (the
 * dapp's configuration, what an EIP-6963 wallet announces, a wallet's answers): building and checking
 * them costs a fraction of the classic API's chained methods, and its code is a fraction of the size.
 * The schemas of data that only the core reads (HTTP answers, stored records) stay in `zod.ts`; the
 * two flavours compose (a mini schema inside a classic object, and the reverse).
 */
export { z }
