// `npm run bench:embedded`: the embedded wallet's figure of `npm run bench` alone (the N-tabs sandbox and
// demo build): email submitted → code field, "Sign a message" → the frame's approval. BENCH_REPS repetitions.
import { launch } from './browser.ts'
import { embeddedTable, runEmbedded, summarizeEmbedded, type EmbeddedRun } from './embeddedTimings.ts'
import { prepareTabsWorld } from './nTabs.ts'

const reps = Math.max(1, Number(process.env['BENCH_REPS'] ?? 5))
const log = (line: string) => console.log(`[bench:embedded] ${line}`)
const world = await prepareTabsWorld(log)
const browser = await launch()
const runs: EmbeddedRun[] = []
try {
  for (let rep = 0; rep < reps; rep++) {
    const run = await runEmbedded(browser, world, rep)
    runs.push(run)
    for (const error of run.errors) log(`#${rep + 1}: ${error}`)
  }
} finally {
  await browser.close()
  await world.close()
}
console.log(embeddedTable(summarizeEmbedded(runs), reps))
