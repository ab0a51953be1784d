// The embedded wallet's frame page as the frame service serves it: its entry (`/assets/frame.js`)
// and the chunks it imports before it runs (what the browser loads before the frame answers the
// email form's messages), against the chunks it loads when asked for something (an approval,
// Solana, the settings panels). Built as the service builds it (frame-service/src/bundle.ts, code
// splitting on), into a temporary cache; gzip level 9.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildBrowserBundle } from '@portico/frame-service/bundle.ts'
import { kib, table } from './table.ts'

export type FramePageSizes = {
  /** The entry and its static imports, gzip. */
  beforeUsableGzip: number
  /** Every chunk loaded later, when asked for, gzip. */
  onDemandGzip: number
  /** Files: the entry with its static imports, and the chunks loaded later. */
  files: { beforeUsable: number; onDemand: number }
}

const gzip = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length
/** The chunks a module imports statically (`import … from "./chunks/x.js"`, or `"./x.js"` between chunks). */
const staticImports = (js: string) => [...js.matchAll(/(?:\bfrom|\bimport)\s*"\.\/(?:chunks\/)?([A-Za-z0-9_-]+\.js)"/g)].map((m) => m[1]!)

export async function measureFramePage(): Promise<FramePageSizes> {
  const cache = mkdtempSync(join(tmpdir(), 'portico-bench-frame-'))
  try {
    const entry = resolve(import.meta.dirname, '../../frame-service/src/page/frame.ts')
    const bundle = await buildBrowserBundle(entry, 'frame', cache, { splitting: true })
    const before = new Set<string>()
    const queue = staticImports(bundle.js)
    while (queue.length > 0) {
      const name = queue.shift()!
      if (before.has(name) || bundle.chunks[name] === undefined) continue
      before.add(name)
      queue.push(...staticImports(bundle.chunks[name]))
    }
    let beforeUsableGzip = gzip(bundle.js)
    let onDemandGzip = 0
    for (const [name, js] of Object.entries(bundle.chunks)) {
      if (before.has(name)) beforeUsableGzip += gzip(js)
      else onDemandGzip += gzip(js)
    }
    return { beforeUsableGzip, onDemandGzip, files: { beforeUsable: 1 + before.size, onDemand: Object.keys(bundle.chunks).length - before.size } }
  } finally {
    rmSync(cache, { recursive: true, force: true })
  }
}

export function framePageTable(sizes: FramePageSizes): string {
  return table(
    ['Embedded wallet frame page (gzip)', 'files', 'size'],
    [
      ['Before the email form is usable (entry + static imports)', String(sizes.files.beforeUsable), kib(sizes.beforeUsableGzip)],
      ['Loaded when asked for (approvals, Solana, settings panels)', String(sizes.files.onDemand), kib(sizes.onDemandGzip)],
    ],
  )
}
