/**
 * Runs every fuzzer of the reliability suite in one process (`node --import tsx reliability/fuzz/main.ts`),
 * each boundary's counts going to RELIABILITY_RESULTS for the table of `reliability/run.mjs`.
 */
import { BASE_SEED, RUNS } from './harness.ts'
import * as http from './http.ts'
import * as messages from './messages.ts'
import * as records from './records.ts'
import * as config from './config.ts'
import * as wallet from './wallet.ts'
import * as forms from './forms.ts'

const SUITES = { http, messages, records, config, wallet, forms } as const

const only = process.argv.slice(2)
console.log(`fuzz: ${RUNS} inputs per boundary, seed ${BASE_SEED} (RELIABILITY_SEED=${BASE_SEED} replays it)`)
for (const [name, suite] of Object.entries(SUITES)) {
  if (only.length > 0 && !only.includes(name)) continue
  const started = Date.now()
  await suite.run()
  console.log(`fuzz ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
