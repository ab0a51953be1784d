// `npm run build:packages [-- shared-types worker-core …]`: builds the published packages into their
// dist/ folders (ESM JavaScript, .d.ts types, source maps; the modal's stylesheets; the service worker),
// in dependency order. Each package's `npm pack` (prepack) runs this for itself.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The published packages' folders, in build order: a package's Portico dependencies come first. */
export const PACKAGES = ['shared-types', 'simulation', 'worker-core', 'service-worker', 'main-thread', 'wagmi']

function run(args, cwd = root) {
  const result = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed (exit code ${result.status})`)
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else yield path
  }
}

/** tsc rewrites `./x.ts` to `./x.js` in JavaScript but leaves declarations as written; a dapp's tsc needs `.js`. */
function rewriteDeclarationSpecifiers(dist) {
  const specifier = /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+?)\.tsx?\2/g
  for (const file of files(dist)) {
    if (!file.endsWith('.d.ts')) continue
    const text = readFileSync(file, 'utf8')
    const next = text.replace(specifier, '$1$2$3.js$2')
    if (next !== text) writeFileSync(file, next)
  }
}

/** When each package was last built (kept out of dist/, which is what the tarball holds). */
const stampOf = (folder) => join(root, 'node_modules/.cache/portico-packages', `${folder}.built`)

/** The newest modification time of a package's build inputs (sources, package.json, build config). */
function newestInput(dir) {
  let newest = 0
  for (const path of [join(dir, 'package.json'), join(dir, 'tsconfig.build.json'), join(root, 'tsconfig.base.json'), fileURLToPath(import.meta.url)]) {
    if (existsSync(path)) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  for (const file of files(join(dir, 'src'))) newest = Math.max(newest, statSync(file).mtimeMs)
  return newest
}

/** Builds the packages whose dist/ is missing or older than their inputs (or one they depend on). */
export function ensurePackagesBuilt(folders = PACKAGES) {
  let rebuilt = false
  for (const folder of PACKAGES) {
    const dir = join(root, folder)
    if (!folders.includes(folder) || !existsSync(join(dir, 'package.json'))) continue
    const stamp = stampOf(folder)
    if (rebuilt || !existsSync(join(dir, 'dist')) || !existsSync(stamp) || statSync(stamp).mtimeMs < newestInput(dir)) {
      buildPackage(folder)
      rebuilt = true
    }
  }
}

/** Every export of a published package points at dist/, with its sources under the workspace's condition only. */
function checkExports(folder) {
  const { exports } = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'))
  for (const [path, target] of Object.entries(exports ?? {})) {
    const targets = typeof target === 'string' ? { default: target } : target
    for (const [condition, file] of Object.entries(targets)) {
      if (condition !== '@portico/source' && /^\.\/src\//.test(file)) {
        throw new Error(`${folder}/package.json: exports["${path}"] points at the sources (${file}); write { "@portico/source": "${file}", "types": "./dist/….d.ts", "import": "./dist/….js" }`)
      }
    }
  }
}

export function buildPackage(folder) {
  checkExports(folder)
  const dir = join(root, folder)
  const dist = join(dir, 'dist')
  const started = Date.now()
  rmSync(dist, { recursive: true, force: true })
  run(['node_modules/typescript/bin/tsc', '-p', join(folder, 'tsconfig.build.json')])
  rewriteDeclarationSpecifiers(dist)
  if (folder === 'main-thread') cpSync(join(dir, 'src/styles'), join(dist, 'styles'), { recursive: true })
  // The service worker as one classic script with the precache placeholder: the Vite plugin of the
  // published package fills it in, and other bundlers copy it.
  if (folder === 'service-worker') run(['node_modules/tsx/dist/cli.mjs', 'service-worker/src/cli.ts', join(dist)])
  mkdirSync(dirname(stampOf(folder)), { recursive: true })
  writeFileSync(stampOf(folder), '')
  console.log(`built ${folder}/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2)
  for (const folder of PACKAGES) if ((asked.length === 0 && existsSync(join(root, folder, 'package.json'))) || asked.includes(folder)) buildPackage(folder)
}
