// `npm run bench:tabs`: the N-tabs figure of `npm run bench` alone (its own sandbox and demo build), for a
// change to how the core reaches its tabs. NTABS=1,4,16,32 picks the counts; BENCH_TABS_REPS the repetitions.
import { launch } from './browser.ts'
import { prepareTabsWorld, runTabs, summarizeTabs, TAB_COUNTS, TABS_REPS, tabsTable, type TabsRun } from './nTabs.ts'

const counts = process.env['NTABS'] ? process.env['NTABS'].split(',').map(Number) : [...TAB_COUNTS]
const log = (line: string) => console.log(`[bench:tabs] ${line}`)
const world = await prepareTabsWorld(log)
const browser = await launch()
const runs: TabsRun[] = []
try {
  for (let rep = 0; rep < TABS_REPS; rep++) {
    for (const n of counts) {
      const run = await runTabs(browser, world, n, rep)
      runs.push(run)
      for (const error of run.errors) log(`${n} tabs #${rep + 1}: ${error}`)
    }
  }
} finally {
  await browser.close()
  await world.close()
}
console.log(
  tabsTable(
    counts.map((n) => summarizeTabs(runs, n)),
    TABS_REPS,
  ),
)
