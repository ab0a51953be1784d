import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod'

const here = dirname(fileURLToPath(import.meta.url))
/** A chunk's file name: esbuild's `[name]-[hash].js`. */
export const CHUNK_NAME = /^[A-Za-z0-9_-]{1,80}\.js$/
/** esbuild's paths in the metafile are relative to this folder (the package's parent: the workspace root). */
const ROOT = resolve(here, '../..')
/** Where bundles are cached by default: the package's own `.cache`. */
export const DEFAULT_BUNDLE_CACHE_DIR = resolve(here, '../.cache')

const cacheFileSchema = z.object({
  version: z.literal(2),
  esbuild: z.string(),
  inputs: z.record(z.string(), z.string()),
  js: z.string(),
  chunks: z.record(z.string().regex(CHUNK_NAME), z.string()),
})

/**
 * A page's code: its entry module, and (bundled with `splitting`) the chunks it imports, by file name
 * (served beside the entry at `chunks/<name>`, the entry importing `./chunks/<name>`).
 */
export type BrowserBundle = { js: string; chunks: Record<string, string>; fromCache: boolean; ms: number }

const sha1 = (data: string | Buffer): string => createHash('sha1').update(data).digest('hex')

async function cachedBundle(file: string, esbuildVersion: string): Promise<{ js: string; chunks: Record<string, string> } | undefined> {
  try {
    const cached = cacheFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
    if (!cached.success || cached.data.esbuild !== esbuildVersion) return undefined
    for (const [path, hash] of Object.entries(cached.data.inputs)) {
      if (sha1(await readFile(join(ROOT, path))) !== hash) return undefined
    }
    return { js: cached.data.js, chunks: cached.data.chunks }
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
export async function buildBrowserBundle(entry: string, name: string, cacheDir = DEFAULT_BUNDLE_CACHE_DIR, { splitting = false }: { splitting?: boolean } = {}): Promise<BrowserBundle> {
  const started = performance.now()
  const esbuild = await import('esbuild')
  const file = join(cacheDir, `${name}.json`)
  const cached = await cachedBundle(file, esbuild.version)
  if (cached !== undefined) return { ...cached, fromCache: true, ms: performance.now() - started }

  // With `splitting`, what the entry imports with `import()` becomes chunks it loads when asked.
  const out = join(ROOT, '.bundle-out')
  const result = await esbuild.build({
    entryPoints: splitting ? { [name]: entry } : [entry],
    ...(splitting ? { splitting: true, outdir: out, entryNames: '[name]', chunkNames: 'chunks/[name]-[hash]' } : {}),
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
  const main = splitting ? result.outputFiles.find((f) => f.path === join(out, `${name}.js`)) : result.outputFiles[0]
  const js = main?.text
  if (js === undefined) throw new BundleError(`esbuild produced no output for ${name}`)
  const chunks: Record<string, string> = {}
  for (const f of result.outputFiles) {
    if (f === main || !f.path.endsWith('.js')) continue
    const chunk = f.path.slice(join(out, 'chunks').length + 1)
    if (!CHUNK_NAME.test(chunk)) throw new BundleError(`esbuild named a chunk of ${name} unexpectedly: ${f.path}`)
    chunks[chunk] = f.text
  }
  const inputs: Record<string, string> = {}
  for (const path of Object.keys(result.metafile.inputs)) {
    if (path.includes(':')) continue // esbuild's virtual modules (`<define:…>`)
    inputs[path] = sha1(await readFile(join(ROOT, path)))
  }
  await mkdir(cacheDir, { recursive: true })
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
  await writeFile(tmp, JSON.stringify({ version: 2, esbuild: esbuild.version, inputs, js, chunks }))
  await rename(tmp, file)
  return { js, chunks, fromCache: false, ms: performance.now() - started }
}

/** The page's code could not be bundled. */
export class BundleError extends Error {
  override readonly name = 'BundleError'
}
