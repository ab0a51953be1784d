// `npm run test:reliability`: the fuzzers (reliability/fuzz, in Node), then the browser rows
// (reliability/browser, Playwright in Debian's Chromium against the production demo and a sandbox),
// then one table of counts, every row with "0 failures" as its bar. Exits non-zero when a row has failures.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const offset = process.env.PORTICO_E2E_PORT_OFFSET ?? '0'
const dir = `${root}reliability/.results`
mkdirSync(dir, { recursive: true })
const results = `${dir}/results-${offset}.jsonl`
rmSync(results, { force: true })
const env = { ...process.env, RELIABILITY_RESULTS: results }

/** The rows in the order the table shows them, each with the part of the suite that fills it. */
const ROWS = [
  ['Fuzz: HTTP answers (data API, names, onramp, SIWX, catalogue)', 'fuzz'],
  ['Fuzz: messages (embedded frame, WalletConnect, between tabs)', 'fuzz'],
  ['Fuzz: stored records (IndexedDB)', 'fuzz'],
  ['Fuzz: configuration', 'fuzz'],
  ['Fuzz: wallet answers (EIP-1193, EIP-6963, ERC-7811)', 'fuzz'],
  ['Fuzz: form inputs', 'fuzz'],
  ['Hostile content: XSS payloads shown by the modal', 'browser'],
  ['Foreign messages: posted from other origins and windows', 'browser'],
  ['Chaos: data API, catalogue and chain RPC failing 30%; 3 tabs open, switch, send, disconnect, reconnect, reload', 'browser'],
  ['IndexedDB blocked, quota full, corrupted records: the modal keeps working, 0 unhandled rejections', 'browser'],
  ['Worker killed 20 times (mid-fetch and mid-write): restored, nothing lost, nothing sent twice', 'restart'],
]

const started = Date.now()
const parts = {}
const partArgs = (name, args, extraEnv) => [name, args, { cwd: root, env: { ...env, ...extraEnv } }]
function part(name, args, extraEnv = {}) {
  console.log(`\n▶ reliability: ${name}`)
  const t = Date.now()
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } })
  parts[name] = { status: run.status, seconds: (Date.now() - t) / 1000 }
}
/**
 * Parts run side by side, each with its output held and printed whole when it ends (so the log reads
 * as if they ran one after the other): the fuzzers keep one core busy, the restart part mostly waits
 * on its sandbox's chain and data API.
 */
async function sideBySide(...runs) {
  console.log(`\n▶ reliability: ${runs.map(([name]) => name).join(' and ')}, side by side (each one's output follows when it ends)`)
  await Promise.all(
    runs.map(
      ([name, args, options]) =>
        new Promise((resolve) => {
          const t = Date.now()
          const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
          const output = []
          child.stdout.on('data', (chunk) => output.push(chunk))
          child.stderr.on('data', (chunk) => output.push(chunk))
          child.on('close', (code, signal) => {
            parts[name] = { status: code ?? (signal ? 1 : 0), seconds: (Date.now() - t) / 1000 }
            console.log(`\n▶ reliability: ${name} (${parts[name].seconds.toFixed(0)} s)`)
            process.stdout.write(Buffer.concat(output))
            resolve()
          })
        }),
    ),
  )
}

const seed = process.env.RELIABILITY_SEED ?? String(((Date.now() % 2 ** 31) ^ (process.pid << 8)) >>> 0)
console.log(`\nreliability: seed ${seed} (RELIABILITY_SEED=${seed} npm run test:reliability replays the fuzzers and the chaos)`)
// Every fuzzer in one process, with the run's one seed (a process per group of boundaries spent about 7 CPU
// seconds starting each, loading every group's modules; one heap holds them all, under 700 MB at most). Meanwhile,
// the core killed and restarted against a sandbox of its own (worker-core's sandbox test helpers, in Node).
const tsx = ['node_modules/tsx/dist/cli.mjs', '--import', './scripts/source-condition.mjs']
await sideBySide(partArgs('fuzz', [...tsx, 'reliability/fuzz/main.ts'], { RELIABILITY_SEED: seed }), partArgs('restart', [...tsx, 'reliability/restart/main.ts'], {}))
part('browser', ['node_modules/@playwright/test/cli.js', 'test', '-c', 'reliability/playwright.config.ts'], { RELIABILITY_SEED: seed })

/** The last record of each check: a check's start marker (one failure) is replaced by its counts when it gets there. */
const latest = new Map()
if (existsSync(results)) {
  for (const line of readFileSync(results, 'utf8').split('\n').filter(Boolean)) {
    const entry = JSON.parse(line)
    latest.set(`${entry.row}\u0000${entry.name}`, entry)
  }
}
const records = [...latest.values()]

/** Rows whose own checks recorded a failure, per part: a part that exited with an error is explained by them. */
const explained = new Set(ROWS.filter(([row]) => records.some((r) => r.row === row && r.failures > 0)).map(([, source]) => source))

const table = ROWS.map(([row, source]) => {
  const mine = records.filter((r) => r.row === row)
  const checks = mine.filter((r) => r.cases > 0)
  const cases = mine.reduce((n, r) => n + r.cases, 0)
  let failures = mine.reduce((n, r) => n + r.failures, 0)
  const notes = []
  // A row nothing reported on fails: silence is not a pass. A part that ended in an error no row of it
  // recorded (each check records a failure when it starts, replaced by its counts at its end) fails
  // each of its rows; one that a row's recorded failures explain fails that row alone.
  if (mine.length === 0) (failures += 1), notes.push(`no result reported (${source} run exited with ${parts[source]?.status})`)
  else if (parts[source]?.status !== 0 && failures === 0 && !explained.has(source) && (source === 'fuzz' || source === 'restart' || source === 'browser'))
    (failures += 1), notes.push(`${source} run exited with ${parts[source]?.status}`)
  const unit = mine.find((r) => r.unit)?.unit ?? 'inputs'
  const what = `${checks.length} ${source === 'fuzz' ? 'boundaries' : 'checks'}, ${cases.toLocaleString('en')} ${unit}`
  return { row, what, failures, notes, examples: mine.flatMap((r) => (r.examples ?? []).map((e) => `${r.name}: ${e.problem} ← ${e.input}`)) }
})

const width = (k) => Math.max(...table.map((t) => String(t[k]).length), k === 'row' ? 3 : 7)
const pad = (s, n) => String(s).padEnd(n)
console.log(
  `\nReliability (seed and details above; ${((Date.now() - started) / 1000).toFixed(0)} s: ${Object.entries(parts)
    .map(([name, p]) => `${name} ${p.seconds.toFixed(0)} s`)
    .join(', ')})`,
)
console.log(`${pad('Row', width('row'))} | ${pad('Checked', width('what'))} | Failures | Bar`)
console.log(`${'-'.repeat(width('row'))}-|-${'-'.repeat(width('what'))}-|----------|-----------`)
for (const t of table) {
  console.log(`${pad(t.row, width('row'))} | ${pad(t.what, width('what'))} | ${pad(t.failures, 8)} | 0 failures${t.failures > 0 ? '  ✖' : ''}`)
}
const failing = table.filter((t) => t.failures > 0)
for (const t of failing) {
  console.log(`\n✖ ${t.row}${t.notes.length ? ` (${t.notes.join('; ')})` : ''}`)
  for (const e of t.examples.slice(0, 8)) console.log(`  ${e.slice(0, 400)}`)
}
console.log(failing.length === 0 ? '\nEvery row at its bar: 0 failures.' : `\n${failing.length} row(s) above their bar.`)
process.exit(failing.length === 0 ? 0 : 1)
