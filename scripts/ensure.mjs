// Installs what the project's commands need on a fresh machine: npm dependencies, Debian's
// Chromium for the browser tests, Debian's Firefox ESR and WebKitGTK (its WebDriver, MiniBrowser and
// a virtual X server) for the end-to-end tests in the other engines, and Debian's PostgreSQL for the
// frame service's store tests. Only
// Node built-ins here: this runs before `npm ci`.
import { execSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))
export const CHROMIUM = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium'

function run(command, options = {}) {
  const result = spawnSync(command, { shell: true, stdio: 'inherit', cwd: root, ...options })
  if (result.status !== 0) throw new Error(`"${command}" failed with exit code ${result.status}`)
}

/** Runs `npm ci` when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  const marker = `${root}/node_modules/.package-lock.json`
  const lock = `${root}/package-lock.json`
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return
  console.log('Installing npm dependencies (npm ci)…')
  run('npm ci --no-audit --no-fund')
}

/** Installs Debian's Chromium through apt-get when it is missing. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  console.log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get…`)
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`)
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is still missing at ${CHROMIUM}`)
}

/** Debian's Firefox ESR, driven through WebDriver BiDi (e2e/engines/firefox.ts). */
export const FIREFOX = process.env.PORTICO_FIREFOX ?? '/usr/bin/firefox-esr'
/**
 * Debian's WebKitGTK WebDriver and the MiniBrowser it automates (e2e/engines/webkit.ts), run under
 * xvfb-run with a small window manager (without one, no window of the virtual display ever has the
 * focus, and a window that must be focused to act never does).
 */
export const WEBKIT_DRIVER = process.env.PORTICO_WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver'
export const XVFB_RUN = '/usr/bin/xvfb-run'
export const WINDOW_MANAGER = process.env.PORTICO_WINDOW_MANAGER ?? '/usr/bin/matchbox-window-manager'

/** Installs Debian packages through apt-get (as root, or through sudo). */
function aptInstall(packages) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`)
}

/** Installs Debian's Firefox ESR through apt-get when it is missing. */
export function ensureFirefox() {
  if (existsSync(FIREFOX)) return
  console.log(`${FIREFOX} is missing: installing Debian's firefox-esr with apt-get…`)
  aptInstall(['firefox-esr'])
  if (!existsSync(FIREFOX)) throw new Error(`Firefox is still missing at ${FIREFOX}`)
}

/**
 * Installs Debian's WebKitGTK WebDriver (with its MiniBrowser), xvfb and matchbox-window-manager
 * through apt-get when any is missing.
 */
export function ensureWebKit() {
  const wanted = [
    ['webkit2gtk-driver', WEBKIT_DRIVER],
    ['xvfb', XVFB_RUN],
    ['matchbox-window-manager', WINDOW_MANAGER],
  ]
  const missing = wanted.filter(([, path]) => !existsSync(path)).map(([pkg]) => pkg)
  if (missing.length === 0) return
  console.log(`${missing.join(', ')} missing: installing with apt-get…`)
  aptInstall(missing)
  for (const [pkg, path] of wanted) if (!existsSync(path)) throw new Error(`${pkg} is still missing: no ${path}`)
}

/** Debian's PostgreSQL (the frame service's store tests run against a real server); installed through apt-get when missing. */
export function ensurePostgres() {
  const base = '/usr/lib/postgresql'
  const installed = () => existsSync(base) && readdirSync(base).some((v) => existsSync(`${base}/${v}/bin/initdb`))
  if (installed()) return
  console.log(`PostgreSQL is missing (${base}/*/bin/initdb): installing Debian's postgresql with apt-get…`)
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql`)
  if (!installed()) throw new Error(`PostgreSQL is still missing in ${base}`)
}

/**
 * Starts a throw-away PostgreSQL server for the tests: a cluster in a temporary folder (as the
 * `postgres` user when run as root: PostgreSQL refuses root), trust authentication for user
 * `portico`, on a loopback port the system picks, its socket in that folder. Answers its URL and
 * stop(), which stops it and removes the folder.
 */
export async function startTestPostgres() {
  const base = '/usr/lib/postgresql'
  const version = readdirSync(base)
    .filter((v) => existsSync(`${base}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a))[0]
  if (!version) throw new Error('PostgreSQL is not installed')
  const bin = `${base}/${version}/bin`
  const dir = mkdtempSync(join(tmpdir(), 'portico-pg-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) chownSync(dir, Number(execSync('id -u postgres').toString().trim()), Number(execSync('id -g postgres').toString().trim()))
  const pg = (tool, args) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', `${bin}/${tool}`, ...args]] : [`${bin}/${tool}`, args]
    const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 120_000 })
    if (result.status !== 0) throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`)
  }
  const port = await new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
  const data = `${dir}/data`
  pg('initdb', ['-D', data, '-A', 'trust', '-U', 'portico', '--no-sync', '-E', 'UTF8'])
  pg('pg_ctl', ['-D', data, '-l', `${dir}/server.log`, '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'])
  return {
    url: `postgres://portico@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

export function hasCommand(name) {
  try {
    execSync(`command -v ${name}`, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
