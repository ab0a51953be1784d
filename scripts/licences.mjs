// `npm run licences`: the licences of every package the published packages (and the sandbox) need at
// run time, read from the installed tree (npm's own reader, @npmcli/arborist: each workspace's
// production dependencies, then each package's own package.json), checked against the allow-list.
// Prints a table (package, version, licence) and one verdict line; exits 1 on any licence outside the
// list, on a "SEE LICENSE IN" and on a missing licence. `--notices` writes the THIRD-PARTY-NOTICES
// each tarball ships (`npm run pack:packages` runs it).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import Arborist from '@npmcli/arborist'
import satisfies from 'spdx-satisfies'
import { PACKAGES } from './build-packages.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Permissive OSI licences a dapp can ship without conditions beyond keeping the notices. */
export const ALLOWED = ['MIT', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', '0BSD', 'CC0-1.0', 'BlueOak-1.0.0', 'Unlicense']

/**
 * Packages of the sandbox's tree (never of a published package's) allowed outside the list, each with
 * the reason: a licence more permissive than the list's, or a copyleft tool the sandbox runs only as a
 * separate process (its command line; nothing of it linked into the sandbox's own code).
 */
/** The frame service's tree (a server a dapp runs, not code a page ships): MIT-0 is the MIT licence without even its notice condition. */
const FRAME_SERVICE_EXCEPTIONS = [
  { name: 'nodemailer', licence: 'MIT-0', reason: "MIT-0 (MIT No Attribution, OSI-approved): the MIT licence without even its notice condition; the frame service's mail sender" },
]
const MIT_0 = "MIT-0 (MIT No Attribution, OSI-approved): the MIT licence without even its notice condition; the sandbox's mail stand-in"
export const SANDBOX_EXCEPTIONS = [
  { name: 'nodemailer', licence: 'MIT-0', reason: MIT_0 },
  { name: 'smtp-server', licence: 'MIT-0', reason: MIT_0 },
  { name: 'postal-mime', licence: 'MIT-0', reason: MIT_0 },
  {
    name: 'solc',
    licence: 'MIT AND GPL-3.0-only',
    reason: "the Solidity compiler, run only as a separate process (sandbox/src/contracts/solc-process.mjs) to compile the sandbox's test contracts",
  },
  {
    name: '@pimlico/alto',
    licence: 'GPL-3.0-or-later',
    reason: 'the ERC-4337 bundler, run only as a separate process per chain (its own command line, started by sandbox/src/aa/alto.ts); nothing of it is imported',
  },
  ...['@uniswap/lib', '@uniswap/v2-core', '@uniswap/v3-core', '@uniswap/v3-periphery'].map((name) => ({
    name,
    licence: { '@uniswap/lib': 'GPL-3.0-or-later', '@uniswap/v2-core': 'GPL-3.0-or-later', '@uniswap/v3-core': 'BUSL-1.1', '@uniswap/v3-periphery': 'GPL-2.0-or-later' }[name],
    reason:
      "Solidity sources @account-abstraction/contracts lists as dependencies for a sample it no longer ships; never compiled, run or read: the sandbox reads only that package's EntryPoint and SimpleAccountFactory artifacts",
  })),
]

/**
 * Packages whose package.json declares less than they hold: the licence checked instead, and why.
 * solc-js's wrapper is MIT, but it bundles soljson.js, the Solidity compiler, under GPL-3.0 (`solc.license()`).
 */
export const BUNDLED_LICENCES = [{ name: 'solc', licence: 'MIT AND GPL-3.0-only', why: 'bundles soljson.js, the Solidity compiler (GPL-3.0)' }]

/** Portico's own packages: listed by name where they are depended on, not checked as third parties. */
const FIRST_PARTY = /^@portico\//

/**
 * The licence a package.json declares, as one SPDX expression or text: `license` (a string, or the old
 * `{ type }`), else the old `licenses` array (either of them). Undefined when it declares none.
 */
export function declaredLicence(pkg) {
  const one = (l) => (typeof l === 'string' ? l : l && typeof l === 'object' && typeof l.type === 'string' ? l.type : undefined)
  const licence = one(pkg.license)
  if (licence !== undefined) return licence.trim()
  if (Array.isArray(pkg.licenses)) {
    const all = pkg.licenses.map(one).filter((l) => l !== undefined)
    if (all.length === 1) return all[0].trim()
    if (all.length > 1) return `(${all.map((l) => l.trim()).join(' OR ')})`
  }
  return undefined
}

/**
 * Whether `licence` may ship: { ok: true } or { ok: false, reason }. An SPDX expression passes when the
 * allow-list satisfies it (OR: one side allowed; AND: both).
 */
export function judgeLicence(licence) {
  if (licence === undefined || licence === '') return { ok: false, reason: 'no licence declared' }
  if (/^SEE LICEN[CS]E IN\b/i.test(licence)) return { ok: false, reason: `a licence of its own (${licence})` }
  if (/^UNLICENSED$/i.test(licence)) return { ok: false, reason: 'not licensed for use (UNLICENSED)' }
  let allowed
  try {
    allowed = satisfies(licence, ALLOWED)
  } catch {
    return { ok: false, reason: `not an SPDX licence expression (${licence})` }
  }
  return allowed ? { ok: true } : { ok: false, reason: `${licence} is not on the allow-list` }
}

/** The licence files a package ships (LICENSE, LICENCE, COPYING, with or without an extension or suffix). */
export function licenceFiles(dir) {
  let names
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.filter((n) => /^(LICEN[CS]E|COPYING|UNLICENSE)([-._].*)?$/i.test(n)).sort()
}

/** The installed tree of the project in `cwd` (npm's own reader: what `npm ls` and `npm install` see), loaded once per folder. */
const trees = new Map()
function actualTree(cwd) {
  if (!trees.has(cwd)) trees.set(cwd, new Arborist({ path: cwd }).loadActual())
  return trees.get(cwd)
}

/**
 * The packages the production tree of `workspace` (a workspace's name) under `cwd` holds, or without
 * a workspace, the tree of the project in `cwd`: each once per folder, with the first packages of the
 * tree that bring it in (`via`). Follows dependencies, optional dependencies and peers that are not
 * optional (never devDependencies); skips an optional dependency that is not installed and throws on a
 * required one that is missing.
 */
export async function installedTree({ cwd = root, workspace } = {}) {
  const tree = await actualTree(cwd)
  const start = workspace ? tree.children.get(workspace)?.target : tree
  if (!start) throw new Error(`${cwd} has no workspace ${workspace} installed`)
  const found = new Map()
  const visit = (node, via) => {
    for (const edge of node.edgesOut.values()) {
      if (edge.type === 'dev' || edge.type === 'peerOptional') continue
      if (!edge.to) {
        if (edge.type === 'optional') continue
        throw new Error(`${node.name} needs ${edge.name}@${edge.spec}, which is not installed (npm install)`)
      }
      const target = edge.to.target ?? edge.to
      // Portico's own packages pass on what they bring in under their own name.
      const by = via ?? target.packageName
      const seen = found.get(target.path)
      if (seen) {
        seen.via.add(by)
        continue
      }
      found.set(target.path, { name: target.packageName, version: target.version, path: target.path, via: new Set([by]) })
      visit(target, FIRST_PARTY.test(target.packageName) ? undefined : by)
    }
  }
  visit(start, undefined)
  return [...found.values()].map(({ via, ...p }) => ({ ...p, via: [...via].sort() })).sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version, undefined, { numeric: true }))
}

/** One package of a tree with its licence read from its own package.json, judged. */
export function withLicence(p) {
  const pkg = JSON.parse(readFileSync(join(p.path, 'package.json'), 'utf8'))
  const licence = BUNDLED_LICENCES.find((b) => b.name === p.name)?.licence ?? declaredLicence(pkg)
  return { ...p, licence, ...judgeLicence(licence) }
}

/**
 * The targets `npm run licences` checks: each published package's production tree, then the sandbox's,
 * where SANDBOX_EXCEPTIONS apply.
 */
export function defaultTargets() {
  const published = PACKAGES.map((folder) => JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).name)
  return [
    ...published.map((workspace) => ({ label: workspace, cwd: root, workspace, shipped: true, exceptions: [] })),
    // The frame service is a product a dapp deploys: its tree ships too, under the same list.
    { label: '@portico/frame-service', cwd: root, workspace: '@portico/frame-service', shipped: true, exceptions: FRAME_SERVICE_EXCEPTIONS },
    { label: '@portico/sandbox', cwd: root, workspace: '@portico/sandbox', shipped: false, exceptions: SANDBOX_EXCEPTIONS },
  ]
}

/**
 * Checks every target: answers the rows (one per package, version and licence, with the targets that
 * need it) and the problems (a package whose licence may not ship, with the reason).
 */
export async function checkLicences(targets = defaultTargets()) {
  const rows = new Map()
  const problems = []
  for (const target of targets) {
    for (const p of await installedTree(target)) {
      if (FIRST_PARTY.test(p.name)) continue
      const judged = withLicence(p)
      const key = `${p.name}@${p.version}`
      const row = rows.get(key) ?? { name: p.name, version: p.version, licence: judged.licence, shipped: false, targets: new Set() }
      row.targets.add(target.label)
      row.shipped ||= target.shipped !== false
      rows.set(key, row)
      if (judged.ok) continue
      const exception = target.exceptions?.find((e) => e.name === p.name && e.licence === judged.licence)
      if (exception) {
        row.exception = exception.reason
        continue
      }
      if (!problems.some((q) => q.name === p.name && q.version === p.version && q.target === target.label)) {
        problems.push({ name: p.name, version: p.version, licence: judged.licence, reason: judged.reason, target: target.label, via: p.via })
      }
    }
  }
  const list = [...rows.values()].map((r) => ({ ...r, targets: [...r.targets] })).sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version, undefined, { numeric: true }))
  return { rows: list, problems }
}

/** The table: package, version, licence, whether a published package ships it (else the sandbox's only), and an exception's reason. */
export function formatTable(rows) {
  const cells = rows.map((r) => [r.name, r.version, r.licence ?? '(none)', r.shipped ? 'shipped' : 'sandbox', r.exception ? `exception: ${r.exception}` : ''])
  const header = ['package', 'version', 'licence', 'used by', '']
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)))
  const line = (c) =>
    c
      .map((v, i) => v.padEnd(widths[i]))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n')
}

/** The one-line verdict. */
export function verdict({ rows, problems }, targets) {
  const labels = targets.map((t) => t.label).join(', ')
  const excepted = rows.filter((r) => r.exception).map((r) => r.name)
  const shipped = rows.filter((r) => r.shipped).length
  if (problems.length === 0) {
    return `Licences: ${rows.length} packages in the run-time trees of ${labels} (${shipped} shipped), all on the allow-list${excepted.length > 0 ? ` but the sandbox's exceptions (${excepted.join(', ')})` : ''}.`
  }
  const listed = problems.map((p) => `${p.name}@${p.version} (${p.reason}; in ${p.target} through ${p.via.join(', ')})`).join('; ')
  return `Licences: ${problems.length} not allowed: ${listed}.`
}

/**
 * THIRD-PARTY-NOTICES for the published package `workspace` (without one, the project in `cwd`): every third-party package its production
 * tree holds, with its name, version, licence and the licence text it ships.
 */
export async function thirdPartyNotices(workspace, cwd = root) {
  const title = workspace ?? JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')).name
  const packages = (await installedTree({ cwd, workspace })).filter((p) => !FIRST_PARTY.test(p.name)).map(withLicence)
  const seen = new Set()
  const unique = packages.filter((p) => {
    const key = `${p.name}@${p.version}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  const sections = unique.map((p) => {
    const files = licenceFiles(p.path)
    const texts = files.map((f) => readFileSync(join(p.path, f), 'utf8').replace(/\r\n/g, '\n').trim())
    const body = texts.length > 0 ? texts.join('\n\n') : `(the package ships no licence text; its package.json declares ${p.licence ?? 'no licence'})`
    return `${'-'.repeat(78)}\n${p.name} ${p.version}\nLicence: ${p.licence ?? '(none)'}\n\n${body}\n`
  })
  return [
    `THIRD-PARTY-NOTICES for ${title}`,
    '',
    `${title} uses the following third-party packages at run time (its production dependencies, as`,
    `installed when this package was packed): ${unique.length} packages, each with its name, version, licence`,
    'and the licence text it ships.',
    '',
    ...sections,
  ].join('\n')
}

/** The file each published package's tarball ships, beside its package.json (generated, not kept in git). */
export const NOTICES_FILE = 'THIRD-PARTY-NOTICES'

/** Writes THIRD-PARTY-NOTICES into each published package's folder (`folders`: all by default); answers the files. */
export async function writeNotices(folders = PACKAGES) {
  const written = []
  for (const folder of folders) {
    const { name } = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'))
    const file = join(root, folder, NOTICES_FILE)
    writeFileSync(file, await thirdPartyNotices(name))
    written.push(file)
  }
  return written
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  if (args[0] === '--notices') {
    // `--notices [folder …]`: writes the published packages' THIRD-PARTY-NOTICES (pack-packages.mjs runs this).
    for (const file of await writeNotices(args.length > 1 ? args.slice(1) : PACKAGES)) console.log(`wrote ${file}`)
    process.exit(0)
  }
  // `--dir <path>`: the production tree of the project in that folder instead of Portico's workspaces.
  const at = args.indexOf('--dir')
  const dir = at >= 0 ? resolve(args[at + 1] ?? '.') : undefined
  const targets = dir ? [{ label: dir, cwd: dir, shipped: true, exceptions: [] }] : defaultTargets()
  for (const t of targets) if (!existsSync(join(t.cwd, 'package.json'))) throw new Error(`${t.cwd} has no package.json`)
  const result = await checkLicences(targets)
  console.log(formatTable(result.rows))
  console.log('')
  console.log(verdict(result, targets))
  process.exit(result.problems.length === 0 ? 0 : 1)
}
