import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod'

const here = dirname(fileURLToPath(import.meta.url))
/** esbuild's paths in the metafile are relative to this folder (the package's parent: the workspace root). */
const ROOT = resolve(here, '../..')
/** Where bundles are cached by default: the package's own `.cache`. */
export const DEFAULT_BUNDLE_CACHE_DIR = resolve(here, '../.cache')

const cacheFileSchema = z.object({ version: z.literal(1), esbuild: z.string(), inputs: z.record(z.string(), z.string()), js: z.string() })

export type BrowserBundle = { js: string; fromCache: boolean; ms: number }

const sha1 = (data: string | Buffer): string => createHash('sha1').update(data).digest('hex')

async function cachedBundle(file: string, esbuildVersion: string): Promise<string | undefined> {
  try {
    const cached = cacheFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
    if (!cached.success || cached.data.esbuild !== esbuildVersion) return undefined
    for (const [path, hash] of Object.entries(cached.data.inputs)) {
      if (sha1(await readFile(join(ROOT, path))) !== hash) return undefined
    }
    return cached.data.js
  } catch {
    return undefined
  }
}

/**
 * A page's browser code (`entry` with everything it imports) as one ES module, bundled with
 * esbuild on the first start and then read from `{cacheDir}/{name}.json` while none of its inputs
 * (its sources and every node_modules file it pulls in) has changed. So a fresh install needs no build
 * step: the first start makes it (about a second).
 */
export async function buildBrowserBundle(entry: string, name: string, cacheDir = DEFAULT_BUNDLE_CACHE_DIR): Promise<BrowserBundle> {
  const started = performance.now()
  const esbuild = await import('esbuild')
  const file = join(cacheDir, `${name}.json`)
  const cached = await cachedBundle(file, esbuild.version)
  if (cached !== undefined) return { js: cached, fromCache: true, ms: performance.now() - started }

  const result = await esbuild.build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    // Portico's packages from their sources (the workspace's export condition), never dist/.
    conditions: ['@portico/source', 'module'],
    minify: true,
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  })
  const js = result.outputFiles[0]?.text
  if (js === undefined) throw new BundleError(`esbuild produced no output for ${name}`)
  const inputs: Record<string, string> = {}
  for (const path of Object.keys(result.metafile.inputs)) {
    if (path.includes(':')) continue // esbuild's virtual modules (`<define:…>`)
    inputs[path] = sha1(await readFile(join(ROOT, path)))
  }
  await mkdir(cacheDir, { recursive: true })
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
  await writeFile(tmp, JSON.stringify({ version: 1, esbuild: esbuild.version, inputs, js }))
  await rename(tmp, file)
  return { js, fromCache: false, ms: performance.now() - started }
}

/** The page's code could not be bundled. */
export class BundleError extends Error {
  override readonly name = 'BundleError'
}
