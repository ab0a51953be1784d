import { readFileSync } from 'node:fs'
import { expect, it, vi } from 'vitest'

/**
 * Every entry point of every published package (each workspace without `"private": true`), imported
 * through its package.json "exports" with the source condition, and its sorted export names compared
 * with the checked-in snapshot `__snapshots__/published-exports.json`. An export added, removed or
 * renamed, an entry added or dropped, or a package published anew fails here until the snapshot is
 * updated on purpose (`npx vitest run scripts/published-exports.test.ts -u`). The React package's
 * entries are imported in the DOM project too (main-thread/src/exports.test.ts).
 */

const SOURCE = '@portico/source'
const root = new URL('../', import.meta.url)
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8')) as Record<string, unknown>

type ExportTarget = string | Record<string, string>

async function publishedExports(): Promise<Record<string, Record<string, string[] | string>>> {
  const out: Record<string, Record<string, string[] | string>> = {}
  for (const workspace of readJson('package.json')['workspaces'] as string[]) {
    const pkg = readJson(`${workspace}/package.json`) as { name: string; private?: boolean; exports?: Record<string, ExportTarget> }
    if (pkg.private) continue
    const entries: Record<string, string[] | string> = {}
    for (const [entry, target] of Object.entries(pkg.exports ?? {})) {
      const source = typeof target === 'object' ? target[SOURCE] : undefined
      // A built file or a stylesheet: its target is pinned, it has no names to import.
      if (!source || !/\.tsx?$/.test(source)) {
        entries[entry] = `file: ${typeof target === 'string' ? target : JSON.stringify(target)}`
        continue
      }
      const module = (await import(/* @vite-ignore */ `${pkg.name}${entry.slice(1)}`)) as Record<string, unknown>
      entries[entry] = Object.keys(module).sort()
    }
    out[pkg.name] = entries
  }
  return out
}

it('pins the export names of every entry point of every published package', async () => {
  // The worker entries start a core on their worker scope when imported: a scope that hears nothing.
  const scope = { navigator: {}, addEventListener() {}, removeEventListener() {}, postMessage() {} }
  vi.stubGlobal('self', scope)
  for (const [name, value] of Object.entries(scope)) if (name !== 'navigator') vi.stubGlobal(name, value)
  try {
    const pinned = await publishedExports()
    expect(Object.keys(pinned).length).toBeGreaterThanOrEqual(5)
    await expect(`${JSON.stringify(pinned, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/published-exports.json')
  } finally {
    vi.unstubAllGlobals()
  }
})
