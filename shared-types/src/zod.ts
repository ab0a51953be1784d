import { z } from 'zod'

// Portico runs under a strict Content-Security-Policy (no eval): zod must not probe `new Function`.
z.config({ jitless: true })

export { z }
