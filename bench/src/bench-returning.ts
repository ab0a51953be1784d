// `npm run bench:returning`: the returning visitor's figure of `npm run bench` alone (its own sandbox and demo
// build): navigation → the account button's balance, reload and second tab, CPU x1 and x4. BENCH_REPS repetitions.
import { launch } from './browser.ts'
import { prepareTabsWorld } from './nTabs.ts'
import { returningTable, runReturning, summarizeReturning, type ReturningRun } from './returning.ts'

const REPS = Math.max(1, Number(process.env['BENCH_REPS'] ?? 7))
const CPU_RATES = [1, 4]
const log = (line: string) => console.log(`[bench:returning] ${line}`)
const world = await prepareTabsWorld(log)
const browser = await launch()
const runs: ReturningRun[] = []
try {
  for (let rep = 0; rep < REPS; rep++) {
    for (const cpu of CPU_RATES) {
      const run = await runReturning(browser, world, cpu, rep)
      runs.push(run)
      for (const error of run.errors) log(`x${cpu} #${rep + 1}: ${error}`)
    }
  }
} finally {
  await browser.close()
  await world.close()
}
console.log(
  returningTable(
    CPU_RATES.map((cpu) => summarizeReturning(runs, cpu)),
    REPS,
  ),
)
