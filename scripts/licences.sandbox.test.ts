/**
 * `npm run licences` (scripts/licences.mjs) on installed trees made here: a project whose node_modules
 * hold a "SEE LICENSE IN LICENSE.md" package, GPL ones (one of them deep), a missing licence and the
 * forms that pass (OR, the old `licenses` array), read by npm's own tree reader as on the real project;
 * then on Portico's own trees.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { checkLicences, defaultTargets, judgeLicence, thirdPartyNotices } from './licences.mjs'

const SCRIPT = fileURLToPath(new URL('./licences.mjs', import.meta.url))
const MIT_TEXT = 'MIT License\n\nCopyright (c) 2026 Mit Lib authors\n\nPermission is hereby granted, free of charge, to any person obtaining a copy…'

type FakePackage = { name: string; manifest: Record<string, unknown>; files?: Record<string, string>; under?: string }

/** A project folder with `dependencies` and `devDependencies` and these packages installed in node_modules (nested under `under`). */
function fakeProject(dependencies: Record<string, string>, packages: FakePackage[], devDependencies: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-licences-'))
  made.push(dir)
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fake-dapp', version: '1.0.0', private: true, dependencies, devDependencies }))
  for (const p of packages) {
    const folder = join(dir, p.under ? join('node_modules', p.under, 'node_modules', p.name) : join('node_modules', p.name))
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: p.name, version: '1.0.0', ...p.manifest }))
    for (const [file, text] of Object.entries(p.files ?? {})) writeFileSync(join(folder, file), text)
  }
  return dir
}
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

const dirty = () =>
  fakeProject(
    { 'mit-lib': '1.0.0', 'see-lib': '1.0.0', 'gpl-lib': '1.0.0', 'dual-lib': '1.0.0', 'both-lib': '1.0.0', 'none-lib': '1.0.0', 'old-lib': '1.0.0' },
    [
      // A permissive package that brings in a copyleft one, and names an optional peer nobody installed.
      {
        name: 'mit-lib',
        manifest: { license: 'MIT', dependencies: { 'deep-agpl': '1.0.0' }, peerDependencies: { 'absent-peer': '*' }, peerDependenciesMeta: { 'absent-peer': { optional: true } } },
        files: { LICENSE: MIT_TEXT },
      },
      { name: 'deep-agpl', manifest: { license: 'AGPL-3.0-only' }, under: 'mit-lib' },
      { name: 'see-lib', manifest: { license: 'SEE LICENSE IN LICENSE.md' }, files: { 'LICENSE.md': "Use is tied to the vendor's gateway." } },
      { name: 'gpl-lib', manifest: { license: 'GPL-3.0-only' } },
      { name: 'dual-lib', manifest: { license: '(MIT OR GPL-3.0-or-later)' } },
      { name: 'both-lib', manifest: { license: 'MIT AND GPL-2.0-only' } },
      { name: 'none-lib', manifest: {} },
      { name: 'old-lib', manifest: { licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] } },
      // Only a devDependency: never shipped, not checked.
      { name: 'dev-gpl', manifest: { license: 'GPL-3.0-only' } },
    ],
    { 'dev-gpl': '1.0.0' },
  )

describe('the licence check on a made-up installed tree', () => {
  it('fails on "SEE LICENSE IN", on GPL (also deep in the tree and on one side of AND) and on a missing licence; passes OR and the old licenses array; skips devDependencies', async () => {
    const dir = dirty()
    const { rows, problems } = await checkLicences([{ label: 'fake-dapp', cwd: dir }])
    expect(problems.map((p) => [p.name, p.reason]).sort()).toEqual([
      ['both-lib', 'MIT AND GPL-2.0-only is not on the allow-list'],
      ['deep-agpl', 'AGPL-3.0-only is not on the allow-list'],
      ['gpl-lib', 'GPL-3.0-only is not on the allow-list'],
      ['none-lib', 'no licence declared'],
      ['see-lib', 'a licence of its own (SEE LICENSE IN LICENSE.md)'],
    ])
    // The deep one is named with the dependency of the project that brings it in.
    expect(problems.find((p) => p.name === 'deep-agpl')?.via).toEqual(['mit-lib'])
    expect(rows.map((r) => `${r.name} ${r.licence ?? '(none)'}`)).toEqual([
      'both-lib MIT AND GPL-2.0-only',
      'deep-agpl AGPL-3.0-only',
      'dual-lib (MIT OR GPL-3.0-or-later)',
      'gpl-lib GPL-3.0-only',
      'mit-lib MIT',
      'none-lib (none)',
      'old-lib (MIT OR Apache-2.0)',
      'see-lib SEE LICENSE IN LICENSE.md',
    ])
  })

  it('`node scripts/licences.mjs --dir` prints the table and the verdict, and exits 1', () => {
    const dir = dirty()
    const run = spawnSync(process.execPath, [SCRIPT, '--dir', dir], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    const lines = run.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^package\s+version\s+licence\s+used by$/)
    expect(lines).toContainEqual(expect.stringMatching(/^see-lib\s+1\.0\.0\s+SEE LICENSE IN LICENSE\.md\s+shipped$/))
    expect(lines).toContainEqual(expect.stringMatching(/^gpl-lib\s+1\.0\.0\s+GPL-3\.0-only\s+shipped$/))
    expect(lines.at(-1)).toMatch(/^Licences: 5 not allowed: both-lib@1\.0\.0 .*see-lib@1\.0\.0 \(a licence of its own \(SEE LICENSE IN LICENSE\.md\); in .* through see-lib\)\.$/)
  })

  it('an exception lets exactly its package and licence through, with its reason in the table', async () => {
    const dir = dirty()
    const exceptions = [
      { name: 'gpl-lib', licence: 'GPL-3.0-only', reason: 'a tool run as a separate process' },
      { name: 'see-lib', licence: 'MIT', reason: 'an exception for another licence does not apply' },
    ]
    const { rows, problems } = await checkLicences([{ label: 'fake-dapp', cwd: dir, shipped: false, exceptions }])
    expect(problems.map((p) => p.name).sort()).toEqual(['both-lib', 'deep-agpl', 'none-lib', 'see-lib'])
    expect(rows.find((r) => r.name === 'gpl-lib')).toMatchObject({ exception: 'a tool run as a separate process', shipped: false })
  })

  it('a clean tree passes (exit 0), and its THIRD-PARTY-NOTICES hold each package with its licence and the text it ships', async () => {
    const dir = fakeProject({ 'mit-lib': '1.0.0', 'old-lib': '1.0.0' }, [
      { name: 'mit-lib', manifest: { license: 'MIT' }, files: { LICENSE: MIT_TEXT } },
      { name: 'old-lib', manifest: { licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] } },
    ])
    const run = spawnSync(process.execPath, [SCRIPT, '--dir', dir], { encoding: 'utf8' })
    expect(run.status).toBe(0)
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^Licences: 2 packages in the run-time trees of .* \(2 shipped\), all on the allow-list\.$/)
    const notices = await thirdPartyNotices(undefined, dir)
    expect(notices).toContain(`mit-lib 1.0.0\nLicence: MIT\n\n${MIT_TEXT}\n`)
    expect(notices).toContain('old-lib 1.0.0\nLicence: (MIT OR Apache-2.0)\n\n(the package ships no licence text; its package.json declares (MIT OR Apache-2.0))')
  })

  it('judges SPDX expressions against the allow-list', () => {
    expect(judgeLicence('Apache-2.0')).toEqual({ ok: true })
    expect(judgeLicence('BlueOak-1.0.0')).toEqual({ ok: true })
    expect(judgeLicence('GPL-2.0-only OR MIT')).toEqual({ ok: true })
    expect(judgeLicence('(Apache-2.0 AND MIT)')).toEqual({ ok: true })
    expect(judgeLicence('LGPL-3.0-or-later')).toEqual({ ok: false, reason: 'LGPL-3.0-or-later is not on the allow-list' })
    expect(judgeLicence('UNLICENSED')).toEqual({ ok: false, reason: 'not licensed for use (UNLICENSED)' })
    expect(judgeLicence('see license in LICENSE')).toEqual({ ok: false, reason: 'a licence of its own (see license in LICENSE)' })
    expect(judgeLicence('Apache 2')).toEqual({ ok: false, reason: 'not an SPDX licence expression (Apache 2)' })
    expect(judgeLicence(undefined)).toEqual({ ok: false, reason: 'no licence declared' })
  })
})

describe("Portico's own trees", () => {
  it('every published package ships only allowed licences, with the WalletConnect packages at their Apache-2.0 releases', async () => {
    const targets = defaultTargets()
    const { rows, problems } = await checkLicences(targets)
    expect(problems).toEqual([])
    const walletConnect = rows.filter((r) => /^@walletconnect\/(core|sign-client|types|utils|universal-provider)$/.test(r.name) || r.name === '@reown/walletkit')
    expect(walletConnect.map((r) => `${r.name}@${r.version} ${r.licence}`).sort()).toEqual([
      '@reown/walletkit@1.2.10 Apache-2.0',
      '@walletconnect/core@2.21.7 Apache-2.0',
      '@walletconnect/sign-client@2.21.7 Apache-2.0',
      '@walletconnect/types@2.21.7 Apache-2.0',
      '@walletconnect/universal-provider@2.21.7 Apache-2.0',
      '@walletconnect/utils@2.21.7 Apache-2.0',
    ])
    // walletkit is the sandbox's phone wallet only; the published packages ship the others.
    expect(walletConnect.filter((r) => r.shipped).map((r) => r.name)).not.toContain('@reown/walletkit')
    // The Solidity compiler solc-js bundles is checked as GPL-3.0 whatever its package.json says, and passes only as the sandbox's separate process.
    expect(rows.find((r) => r.name === 'solc')).toMatchObject({ licence: 'MIT AND GPL-3.0-only', shipped: false, exception: expect.stringMatching(/separate process/) })
  })
})
