// Installs what the project's commands need on a fresh machine: npm dependencies, and Debian's
// Chromium for the browser tests. Only Node built-ins here: this runs before `npm ci`.
import { execSync, spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
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

export function hasCommand(name) {
  try {
    execSync(`command -v ${name}`, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
