import * as z from 'zod'

// Imported first by the frame's and the approval window's scripts. zod 4 probes `new Function('')`
// when it builds its first object schema; under the pages' CSP (`script-src 'self'`) the caught probe
// still reports a CSP violation ('script-src eval'). jitless skips the probe and the compiled fast
// path: same results, no eval.
z.config({ jitless: true })
