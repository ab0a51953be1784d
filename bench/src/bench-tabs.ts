// `npm run bench:tabs`: the N-tabs figure of `npm run bench` alone (its own sandbox, demo and floor builds), for a
// change to how the core reaches its tabs. NTABS=1,4,16,32 picks the counts; BENCH_TABS_REPS the repetitions.
import { launch } from './browser.ts'
import { measureTabs, prepareTabsWorld, TAB_COUNTS, TABS_REPS, tabsTable } from './nTabs.ts'

const counts = process.env['NTABS'] ? process.env['NTABS'].split(',').map(Number) : [...TAB_COUNTS]
const log = (line: string) => console.log(`[bench:tabs] ${line}`)
const world = await prepareTabsWorld(log)
const browser = await launch()
let summaries: Awaited<ReturnType<typeof measureTabs>>['summaries'] = []
try {
  summaries = (await measureTabs(browser, world, counts, TABS_REPS, log)).summaries
} finally {
  await browser.close()
  await world.close()
}
console.log(tabsTable(summaries, TABS_REPS))
