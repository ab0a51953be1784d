// `npm run pack:packages`: builds the published packages (when their dist/ is stale) and packs them
// with `npm pack` into .packs/, the tarballs the examples install (`file:../../.packs/…tgz`), each with
// its THIRD-PARTY-NOTICES written just before (scripts/licences.mjs) and Portico's own LICENSE (MIT)
// copied in. Refuses a tarball that holds sources, tests or test fixtures, or lacks its notices or
// its licence.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensurePackagesBuilt, PACKAGES } from './build-packages.mjs'
import { NOTICES_FILE } from './licences.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/** What no tarball may hold: sources, tests, fixtures, build configuration. */
const FORBIDDEN = [/(^|\/)src\//, /\.test\.[jt]sx?(\.map)?$/, /\.test\.d\.ts$/, /(^|\/)testing\//, /test-fixtures/, /tsconfig/]

/** Packs every published package into `destination`; answers { name, file, size, files } per tarball. */
export function packPackages(destination = join(root, '.packs')) {
  ensurePackagesBuilt()
  // The licences and texts of what each package needs at run time, from the tree installed now.
  const notices = spawnSync(process.execPath, [join(root, 'scripts/licences.mjs'), '--notices'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (notices.status !== 0) throw new Error(`writing THIRD-PARTY-NOTICES failed (exit code ${notices.status})`)
  mkdirSync(destination, { recursive: true })
  // Portico's own licence, in each package as npm expects it (a copy of the repository's, not tracked).
  for (const folder of PACKAGES) {
    const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'))
    if (manifest.license !== 'MIT') throw new Error(`${manifest.name}'s package.json must say "license": "MIT" (the repository's LICENSE)`)
    copyFileSync(join(root, 'LICENSE'), join(root, folder, 'LICENSE'))
  }
  const workspaces = PACKAGES.map((folder) => JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).name)
  const result = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination, ...workspaces.flatMap((w) => ['-w', w])], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  if (result.status !== 0) throw new Error(`npm pack failed (exit code ${result.status})`)
  const packed = JSON.parse(result.stdout).map((p) => ({ name: p.name, file: join(destination, p.filename), size: p.size, files: p.files.map((f) => f.path) }))
  for (const p of packed) {
    const bad = p.files.filter((f) => FORBIDDEN.some((pattern) => pattern.test(f)))
    if (bad.length > 0) throw new Error(`${p.name}'s tarball holds files a dapp does not need: ${bad.join(', ')}`)
    if (!p.files.some((f) => f.startsWith('dist/') && f.endsWith('.js'))) throw new Error(`${p.name}'s tarball has no built JavaScript`)
    if (!p.files.includes('LICENSE')) throw new Error(`${p.name}'s tarball has no LICENSE`)
    if (!p.files.includes(NOTICES_FILE)) throw new Error(`${p.name}'s tarball has no ${NOTICES_FILE} (its package.json "files" must list it)`)
  }
  return packed
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const p of packPackages()) console.log(`${p.file}  ${(p.size / 1024).toFixed(1)} KiB, ${p.files.length} files`)
}
