import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Rolldown } from 'vite'

/** One file of the host's build to precache, its URL relative to the worker's folder. */
export type PrecacheEntry = { url: string; revision: string | null }

export type BuildServiceWorkerParameters = {
  /**
   * The host's files to precache. Left out, the output keeps the `self.__WB_MANIFEST` placeholder for
   * workbox-build's `injectManifest` (or stays empty: nothing is precached).
   */
  manifest?: readonly PrecacheEntry[]
  /**
   * The host's other hashed files: not precached, but kept (cache-first) when the page or a worker
   * fetches one, or hands one over with CACHE_URLS. Either the build's assets folder relative to the
   * worker's folder (`'assets/'`: every content-hashed file in it), or the files' URLs relative to it.
   */
  assets?: string | readonly string[]
  /** For each of `assets`, the files of `assets` it imports statically (kept along with it). */
  imports?: Readonly<Record<string, readonly string[]>>
  /** Minify the output (default true). */
  minify?: boolean
}
export type BuildServiceWorkerReturnType = { code: string; build: string }

const entry = fileURLToPath(new URL('./sw.ts', import.meta.url))
/** The published package's prebuilt worker (dist/, next to this module once built); absent in the sources. */
const prebuilt = fileURLToPath(new URL('./portico-service-worker.js', import.meta.url))
export const MANIFEST_PLACEHOLDER = 'self.__WB_MANIFEST'
/** The two lines `buildServiceWorker` puts before the compiled worker. */
const BUILD_HEADER = /^\/\* Portico service worker, build [0-9a-f]+ \*\/\nvar __PORTICO_SW_BUILD__="[0-9a-f]+";\n/
/** The two lines after it: the host's other files and what each imports (empty in the prebuilt worker). */
const ASSETS_HEADER = /^var __PORTICO_SW_ASSETS__=.*;\nvar __PORTICO_SW_IMPORTS__=.*;\n/

/** A short content hash (used for revisions and the build id). */
export function shortHash(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16)
}

let compiled: Promise<string> | null = null

/**
 * The service worker's build went wrong (the output is not the one classic script the host needs): the
 * message says how. Not of the PorticoError family: this module loads in the host's Vite config, where
 * the other Portico packages may not be built yet, so it imports none of them.
 */
class ServiceWorkerBuildError extends Error {
  override name = 'ServiceWorkerBuildError'
}

function checked(code: string): string {
  const count = code.split(MANIFEST_PLACEHOLDER).length - 1
  if (count !== 1) throw new ServiceWorkerBuildError(`@portico/service-worker: expected ${MANIFEST_PLACEHOLDER} once in the output, found it ${count} times`)
  return code
}

/**
 * Compiles the worker once per process: one IIFE file, Workbox in production mode. The published package
 * ships it compiled (dist/portico-service-worker.js), so a host's build only fills in its precache list.
 */
function compile(minify: boolean): Promise<string> {
  const run = async () => {
    if (minify && existsSync(prebuilt)) return checked(readFileSync(prebuilt, 'utf8').replace(BUILD_HEADER, '').replace(ASSETS_HEADER, ''))
    const { build } = await import('vite')
    const output = await build({
      configFile: false,
      envFile: false,
      logLevel: 'silent',
      mode: 'production',
      root: fileURLToPath(new URL('.', import.meta.url)),
      // Workbox reads process.env.NODE_ENV at run time; a worker has no `process`.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        write: false,
        copyPublicDir: false,
        emptyOutDir: false,
        minify,
        sourcemap: false,
        target: 'es2022',
        reportCompressedSize: false,
        lib: { entry, formats: ['iife'], name: 'porticoServiceWorker', fileName: () => 'portico-service-worker.js' },
      },
    })
    const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[]
    const chunk = outputs.flatMap((o) => o.output).find((o): o is Rolldown.OutputChunk => o.type === 'chunk')
    if (!chunk) throw new ServiceWorkerBuildError('@portico/service-worker: the build produced no script')
    return checked(chunk.code)
  }
  if (!minify) return run()
  compiled ??= run().catch((error: unknown) => {
    compiled = null
    throw error
  })
  return compiled
}

/**
 * Builds Portico's service worker into one classic script, with the host's files injected as the
 * precache manifest. The build id (what changes when the worker or the host's files change) is the
 * hash of the result.
 *
 * @example
 * const { code } = await buildServiceWorker({ manifest: [{ url: 'index.html', revision: 'a1b2' }] })
 * writeFileSync('dist/portico-service-worker.js', code)
 */
export async function buildServiceWorker({ manifest, assets = [], imports = {}, minify = true }: BuildServiceWorkerParameters = {}): Promise<BuildServiceWorkerReturnType> {
  const code = await compile(minify)
  const withManifest = `var __PORTICO_SW_ASSETS__=${JSON.stringify(assets)};\nvar __PORTICO_SW_IMPORTS__=${JSON.stringify(imports)};\n${manifest ? code.replace(MANIFEST_PLACEHOLDER, JSON.stringify(manifest)) : code}`
  const id = shortHash(withManifest)
  return { code: `/* Portico service worker, build ${id} */\nvar __PORTICO_SW_BUILD__=${JSON.stringify(id)};\n${withManifest}`, build: id }
}
