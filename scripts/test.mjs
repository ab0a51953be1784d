// `npm test`: licences, import rules, type check, unit and integration tests (Vitest), end-to-end tests (Playwright
// in Debian's Chromium, then the engine specs in Firefox and WebKit). Installs what it needs first, and ends with
// one summary line.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, relative } from 'node:path'
import { ensureChromium, ensureDependencies, ensureFirefox, ensurePostgres, ensureWebKit, root, startTestPostgres } from './ensure.mjs'

const runStarted = Date.now()
ensureDependencies()
ensureChromium()
// The frame store's tests run against a real PostgreSQL server too: one in a temporary folder on a
// loopback port for this run (PORTICO_FRAME_TEST_DATABASE_URL), stopped at the end. Run alone, the
// store's test file starts one of its own.
ensurePostgres()
const postgres = process.env.PORTICO_FRAME_TEST_DATABASE_URL ? undefined : await startTestPostgres()
let postgresStopped = false
const stopPostgres = () => {
  if (postgresStopped) return
  postgresStopped = true
  try {
    postgres?.stop()
  } catch (err) {
    console.error(`Stopping the tests' PostgreSQL failed: ${err instanceof Error ? err.message : String(err)}`)
  }
}
process.on('SIGINT', () => {
  stopPostgres()
  process.exit(130)
})

const results = { passed: 0, failed: 0, skipped: 0 }
/** The failed tests by name, printed again just above the closing line so the end of a long log says which. */
const failed = []
let ok = true

/** Each step's name and seconds, printed as a table before the closing line. */
const phases = [{ name: "Installs (npm ci, Chromium, PostgreSQL when missing) and the tests' PostgreSQL", seconds: (Date.now() - runStarted) / 1000, ok: true }]

function step(name, args, env = {}) {
  console.log(`\n▶ ${name}`)
  const started = Date.now()
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = (Date.now() - started) / 1000
  phases.push({ name, seconds, ok: result.status === 0 })
  console.log(`${result.status === 0 ? '✔' : '✖'} ${name}: ${seconds.toFixed(0)} s`)
  if (result.status !== 0) {
    ok = false
    console.log(`✖ ${name} failed (exit code ${result.status})`)
  }
  return result.status === 0
}

/**
 * Steps that write nothing another reads, run side by side (the type checks take one core each; the browsers' tests
 * spend much of their time waiting): each is `[name, args, env?, live?]`. A live step's output streams as it comes; the
 * others' is printed whole when each ends, in the order given, with its own time. `total` names the row of the
 * group's own time.
 */
async function stepsSideBySide(list, total = 'The steps above, side by side') {
  const started = Date.now()
  const runs = list.map(([name, args, env = {}, live = false]) => {
    const begun = Date.now()
    if (live) console.log(`\n▶ ${name} (its output as it comes; the steps beside it print theirs when they end)`)
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env },
    })
    let output = ''
    child.stdout?.on('data', (c) => (output += c))
    child.stderr?.on('data', (c) => (output += c))
    return new Promise((resolve) => {
      child.on('error', (error) => resolve({ name, live, status: 1, output: `${output}${error.message}\n`, seconds: (Date.now() - begun) / 1000 }))
      child.on('close', (status) => resolve({ name, live, status, output, seconds: (Date.now() - begun) / 1000 }))
    })
  })
  for (const run of runs) {
    const { name, live, status, output, seconds } = await run
    if (!live) console.log(`\n▶ ${name}`)
    if (output.trim()) console.log(output.trimEnd())
    phases.push({ name: `${name} (side by side)`, seconds, ok: status === 0 })
    console.log(`${status === 0 ? '✔' : '✖'} ${name}: ${seconds.toFixed(0)} s`)
    if (status !== 0) {
      ok = false
      console.log(`✖ ${name} failed (exit code ${status})`)
    }
  }
  phases.push({ name: total, seconds: (Date.now() - started) / 1000, ok: true })
}

// The licences of every package the published packages (and the sandbox) need at run time.
step('Licences (npm run licences)', ['scripts/licences.mjs'])

/**
 * The type checks keep what they learnt between runs (`--incremental`) outside the clone, one folder per clone's path
 * (`XDG_CACHE_HOME`, else ~/.cache, / portico / typecheck): a file's answer is reused only while its content, and that
 * of everything it reads, is the same, so a run after a small change checks what the change reaches (the whole tree's check here: 35 s
 * with nothing kept, 7 s with nothing changed, 10 s after a change to one file of the React package); a clone elsewhere
 * starts empty.
 */
function typeCheckCache(name) {
  const folder = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'portico', 'typecheck', createHash('sha256').update(root).digest('hex').slice(0, 16))
  mkdirSync(folder, { recursive: true })
  return ['--incremental', '--tsBuildInfoFile', join(folder, `${name}.tsbuildinfo`)]
}

// The static checks, side by side (each reads the tree, none writes what another reads):
// - the import rules of DESIGN.md (.dependency-cruiser.cjs): a forbidden arrow fails with the rule's name;
// - the house figures: a plain `new Error(`, a worker cache key outside the shared builders or a test's bare `toThrow()`
//   fails; functions over 120 lines are listed for information;
// - formatting and lint rules (biome.json): a file Biome would format differently, or a lint error, fails with its diff;
// - the type check of every package, and of the core without the DOM.
await stepsSideBySide([
  [
    'Import rules (npm run depcruise)',
    [
      'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
      'shared-types/src',
      'simulation/src',
      'worker-core/src',
      'service-worker/src',
      'main-thread/src',
      'frame-service/src',
      'frame-service/bin',
      'sandbox/src',
      'sandbox/wallet',
      'sandbox/bin',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ],
  ],
  ['House rules (npm run house)', ['scripts/house.mjs']],
  ['Format and lint (npm run lint)', ['node_modules/@biomejs/biome/bin/biome', 'ci', '--diagnostic-level=error', '.']],
  ['Type check', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit', ...typeCheckCache('all')]],
  ['Type check of the core without the DOM', ['node_modules/typescript/bin/tsc', '-p', 'worker-core/tsconfig.json', '--noEmit', ...typeCheckCache('core')]],
])

// Vitest's four projects (vitest.config.ts), a step each so each one's time shows: `unit` and `dom` are
// `npm run test:fast`; `sandbox` starts the sandbox's services, anvil, PostgreSQL and the bins; `browser` drives Chromium.
const VITEST_PROJECTS = [
  ['unit', 'Unit tests (Vitest: unit)'],
  ['dom', 'React package in happy-dom (Vitest: dom)'],
  ['sandbox', 'Against the sandbox (Vitest: sandbox)'],
  ['browser', 'In Chromium (Vitest: browser)'],
]
for (const [project, name] of VITEST_PROJECTS) {
  const vitestJson = `${root}/.vitest-results-${project}.json`
  rmSync(vitestJson, { force: true })
  // Chromium's files one at a time: the approvals' pointer-rest timing is what they check, and two browsers at once on two cores blur it.
  const workers = project === 'browser' ? ['--maxWorkers=1'] : []
  step(name, ['node_modules/vitest/vitest.mjs', 'run', '--project', project, ...workers, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], {
    ...(postgres ? { PORTICO_FRAME_TEST_DATABASE_URL: postgres.url } : {}),
  })
  readVitestReport(vitestJson)
}
stopPostgres()

/**
 * ` (the error's first line)`, colours stripped and cut at 300 characters: the closing list says why each test
 * failed, since a long log is often read from its end only.
 */
function why(message) {
  if (!message) return ''
  const line =
    String(message)
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim()) ?? ''
  return line ? ` (${line.trim().slice(0, 300)})` : ''
}

/** Adds a Vitest JSON report's counts and failed tests to the run's. */
function readVitestReport(vitestJson) {
  if (!existsSync(vitestJson)) {
    ok = false
    return
  }
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'))
  results.passed += report.numPassedTests
  results.failed += report.numFailedTests
  results.skipped += report.numPendingTests + report.numTodoTests
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failed.push(`${relative(root, file.name)} › ${test.fullName}${why(test.failureMessages?.[0])}`)
    }
    // A file that failed to load has no assertions: name the file.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) failed.push(`${relative(root, file.name)}${why(file.message ?? 'failed')}`)
  }
}

// The end-to-end tests: Chromium's (Playwright) and the engine specs (e2e/engines/) in Firefox (WebDriver BiDi) and
// WebKit (WebKitGTK's WebDriver), side by side: each has its own sandbox and demo on its own ports (e2e/ports.ts), and
// the two keep about 1.2 and 0.9 of 2 cores busy alone (61 % and 47 % measured).
ensureFirefox()
ensureWebKit()
const e2eJson = `${root}/.e2e-results.json`
const enginesJson = `${root}/.e2e-engines-results.json`
rmSync(e2eJson, { force: true })
rmSync(enginesJson, { force: true })
await stepsSideBySide(
  [
    ['End-to-end tests (Playwright, Chromium)', ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson }, true],
    ['End-to-end tests in Firefox and WebKit', ['node_modules/tsx/dist/cli.mjs', '--import', './scripts/source-condition.mjs', 'e2e/engines/run.ts'], { PORTICO_ENGINES_JSON: enginesJson }],
  ],
  'The end-to-end tests, side by side',
)
/** Tests that failed and then passed on a retry: counted as passed, and named apart so they are seen. */
const flaky = []
if (existsSync(e2eJson)) {
  const report = JSON.parse(readFileSync(e2eJson, 'utf8'))
  const { stats } = report
  results.passed += stats.expected + stats.flaky
  results.failed += stats.unexpected
  results.skipped += stats.skipped
  flaky.push(...flakyTests(report))
  failed.push(...testsWithStatus(report, 'unexpected').map(({ name, test }) => `${name}${why(test.results?.find((r) => r.error)?.error?.message)}`))
  // Should the walk miss one (a reporter format change), the count still shows.
  for (let i = flaky.length; i < stats.flaky; i++) flaky.push('(a test the report does not name)')
} else ok = false

/** `file › describe › title (failed N times before passing)` for every spec whose outcome is flaky. */
function flakyTests(report) {
  return testsWithStatus(report, 'flaky').map(({ name, test }) => {
    const failures = (test.results ?? []).filter((r) => r.status !== 'passed' && r.status !== 'skipped').length
    return `${name} (failed ${failures}x before passing)`
  })
}

/** Every test of a Playwright JSON report whose outcome is `status`, named `file › describe › title [project]`. */
function testsWithStatus(report, status) {
  const found = []
  const walk = (suite, path) => {
    const here = suite.title ? [...path, suite.title] : path
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== status) continue
        const project = test.projectName ? ` [${test.projectName}]` : ''
        found.push({ name: `${[...here, spec.title].join(' › ')}${project}`, test })
      }
    }
    for (const child of suite.suites ?? []) walk(child, here)
  }
  for (const suite of report.suites ?? []) walk(suite, [])
  return found
}

if (existsSync(enginesJson)) {
  const report = JSON.parse(readFileSync(enginesJson, 'utf8'))
  results.passed += report.passed
  results.failed += report.failed
  for (const test of report.tests ?? []) if (test.status === 'failed') failed.push(`e2e/engines [${test.engine}] › ${test.name}${why(test.error)}`)
  if (report.setupFailed) failed.push('e2e/engines (the sandbox, the demo or a browser did not start)')
} else ok = false

// Page-weight budgets (bytes and requests before the visitor acts); timings stay in `npm run bench`. One after the
// end-to-end tests, as the reliability suite: beside them (with the fuzzers), the end-to-end step took 2 min 20 s
// longer than the 72 s the two saved.
step('Budgets (npm run bench:check)', ['node_modules/tsx/dist/cli.mjs', '--import', './scripts/source-condition.mjs', 'bench/src/check.ts'])

// The reliability suite (fuzzed boundaries, hostile content, foreign messages, chaos): its table of counts, 0 failures
// per row. One after the browser tests: run beside them (they keep about 1.2 of 2 cores busy), it saved 3 minutes, but
// in one of two runs a chaos tab stopped answering for good under the load.
step('Reliability (npm run test:reliability)', ['reliability/run.mjs'])

if (results.failed > 0) ok = false
console.log('\nTime per step:')
const width = Math.max(...phases.map((p) => p.name.length))
for (const p of phases) console.log(`  ${p.ok ? ' ' : '✖'} ${p.name.padEnd(width)}  ${formatSeconds(p.seconds)}`)
console.log(`    ${'Total'.padEnd(width)}  ${formatSeconds((Date.now() - runStarted) / 1000)}`)

/** `74 s` or `12 min 5 s`. */
function formatSeconds(seconds) {
  const s = Math.round(seconds)
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`
}
console.log('')
if (flaky.length > 0) {
  console.log(`⚠ ${flaky.length} flaky (failed, then passed on retry; counted in passed below):`)
  for (const name of flaky) console.log(`  ${name}`)
}
// A step that failed without a failed test (lint, type check, import rules, budgets) is named here too,
// so the end of the log says what to look up.
const failedSteps = phases.filter((p) => !p.ok).map((p) => p.name)
if (failedSteps.length > 0) {
  console.log(`✖ ${failedSteps.length} step(s) failed: ${failedSteps.join('; ')}`)
}
if (failed.length > 0) {
  console.log(`✖ ${failed.length} failed:`)
  for (const name of failed) console.log(`  ${name}`)
}
// The closing line keeps exactly this form: CI and people read it.
console.log(`${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`)
process.exit(ok ? 0 : 1)
