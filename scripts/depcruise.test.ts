// The house's import rules (.dependency-cruiser.cjs) fire on the arrows they forbid: a small tree of
// files with one forbidden import per rule, cruised with the project's own configuration.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cruise } from 'dependency-cruiser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const config = require('../.dependency-cruiser.cjs') as { forbidden: { name: string }[] }

/** For each rule: a file and what it imports (relative paths inside the fixture tree). */
const ARROWS: Record<string, [from: string, to: string]> = {
  'packages-never-import-the-sandbox': ['worker-core/src/features/balances/balances.ts', 'sandbox/src/index.ts'],
  'shared-types-is-the-bottom': ['shared-types/src/entities.ts', 'main-thread/src/index.ts'],
  'page-takes-the-worker-as-a-url-only': ['main-thread/src/client/session/session.ts', 'worker-core/src/core.ts'],
  'worker-never-imports-the-page': ['worker-core/src/core.ts', 'main-thread/src/index.ts'],
  'service-worker-stands-alone': ['service-worker/src/sw.ts', 'worker-core/src/core.ts'],
  'worker-infrastructure-knows-no-feature': ['worker-core/src/infra/http.ts', 'worker-core/src/features/balances/balances.ts'],
  'features-do-not-reach-the-switchboard': ['worker-core/src/features/swap/index.ts', 'worker-core/src/core.ts'],
  'page-connectors-are-the-bottom': ['main-thread/src/connectors/eip6963.ts', 'main-thread/src/client/session/session.ts'],
  'page-client-below-actions': ['main-thread/src/client/siwx/signIn.ts', 'main-thread/src/actions/write.ts'],
  'page-actions-below-views': ['main-thread/src/actions/prepareWalletConnect.ts', 'main-thread/src/modal/views/connect/ConnectView.tsx'],
  'page-hooks-never-import-the-modal': ['main-thread/src/hooks/headlessFlows.ts', 'main-thread/src/modal/views/embedded/EmbeddedViews.tsx'],
  'frame-service-never-imports-the-sandbox': ['frame-service/src/server.ts', 'sandbox/src/sign-in/oidc.ts'],
  'simulation-imports-viem-and-the-contract': ['simulation/src/index.ts', 'worker-core/src/core.ts'],
  // With its way back below (CYCLE_ARROWS): two modules that import each other.
  'no-circular': ['worker-core/src/infra/ring-a.ts', 'worker-core/src/infra/ring-b.ts'],
}

/** The way back of the cycle above: an import of the tree that closes the loop, which the rule reports once, at its first arrow. */
const LOOP_BACK: [from: string, to: string] = ['worker-core/src/infra/ring-b.ts', 'worker-core/src/infra/ring-a.ts']

/** The sandbox rules hold for tests under src/ too (a test that needs the sandbox lives in its package's test/ folder). */
const TEST_ARROWS: [rule: string, from: string, to: string][] = [
  ['packages-never-import-the-sandbox', 'worker-core/src/core.sandbox.test.ts', 'sandbox/src/index.ts'],
  ['packages-never-import-the-sandbox', 'worker-core/src/testing/sandbox.ts', 'sandbox/src/index.ts'],
  ['frame-service-never-imports-the-sandbox', 'frame-service/src/frame.test.ts', 'sandbox/src/index.ts'],
]
const ALL_ARROWS: [rule: string, from: string, to: string][] = [...Object.entries(ARROWS).map(([rule, [from, to]]): [string, string, string] => [rule, from, to]), ...TEST_ARROWS]

let tree: string
const previous = process.cwd()
beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'portico-depcruise-'))
  const arrows: [string, string][] = [...ALL_ARROWS.map(([, from, to]): [string, string] => [from, to]), LOOP_BACK]
  const files = new Set(arrows.flat())
  for (const file of files) {
    mkdirSync(join(tree, dirname(file)), { recursive: true })
    const imports = arrows.filter(([from]) => from === file).map(([, to]) => `import '${relative(file, to)}'`)
    writeFileSync(join(tree, file), `${imports.join('\n')}\nexport {}\n`)
  }
  process.chdir(tree)
})
afterAll(() => {
  process.chdir(previous)
  rmSync(tree, { recursive: true, force: true })
})

function relative(from: string, to: string): string {
  const up = dirname(from)
    .split('/')
    .map(() => '..')
  return `${up.join('/')}/${to}`
}

describe('the import rules', () => {
  it('has a forbidden arrow below for every rule of the configuration', () => {
    expect(Object.keys(ARROWS).sort()).toEqual(
      config.forbidden
        .map((rule) => rule.name)
        .filter((name) => name !== 'shared-types-imports-zod-only')
        .sort(),
    )
  })

  it('names the rule of each forbidden arrow, and nothing else', async () => {
    const { options } = require('../.dependency-cruiser.cjs') as { options: Record<string, unknown> }
    const result = await cruise(['.'], { ...options, tsConfig: undefined, validate: true, ruleSet: { forbidden: config.forbidden } } as never)
    const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } }
    const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort()
    const expected = ALL_ARROWS.map(([rule, from, to]) => `${rule}: ${from} → ${to}`).sort()
    expect(found).toEqual(expected)
  })
})
