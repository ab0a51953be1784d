import type { Plugin, ResolvedConfig } from 'vite'
import { buildServiceWorker, shortHash, type PrecacheEntry } from './build.ts'
import { SERVICE_WORKER_FILE } from './constants.ts'
import { isHashedAsset, KEPT_FILE } from './routes.ts'

/** Any origin: the build's files are compared by their paths under it. */
const HOST = 'https://host.invalid/'

export type PorticoServiceWorkerOptions = {
  /** The worker's file name at the root of the host's output (default `portico-service-worker.js`). */
  fileName?: string
  /**
   * Precache the host's own files so the page reloads offline (default true). A function picks which
   * files of the build (paths relative to the output folder) are precached.
   */
  precache?: boolean | ((file: string) => boolean)
  /** Files over this size are not precached (default 2 MiB, as workbox-build). */
  maximumFileSizeToCacheInBytes?: number
}

/** The relative files a built ES module imports statically (`import … from "./x.js"`, `import "./x.js"`), as output paths. */
function staticImportsOf(code: string, file: string): string[] {
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : ''
  const out = new Set<string>()
  for (const match of code.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.m?js)["']/g)) {
    out.add(new URL(match[1]!, `file:///${dir}`).pathname.slice(1))
  }
  return [...out]
}

/**
 * Adds Portico's service worker to a Vite app, in one step: in development the dev server serves it at
 * `/portico-service-worker.js` (built on the fly, cached), and `vite build` emits it at the root of the output with
 * the app's own files as its precache list. `PorticoProvider` registers it (unless
 * `config.serviceWorker` is false).
 *
 * @example
 * // vite.config.ts
 * import { porticoServiceWorker } from '@portico/service-worker/vite'
 * export default defineConfig({ plugins: [react(), porticoServiceWorker()], worker: { format: 'es' } })
 */
export function porticoServiceWorker(options: PorticoServiceWorkerOptions = {}): Plugin {
  const fileName = options.fileName ?? SERVICE_WORKER_FILE
  const maxBytes = options.maximumFileSizeToCacheInBytes ?? 2 * 1024 * 1024
  const pick = typeof options.precache === 'function' ? options.precache : options.precache === false ? () => false : (file: string) => KEPT_FILE.test(file)
  let config: ResolvedConfig
  let dev: Promise<string> | null = null

  return {
    name: 'portico-service-worker',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    configureServer(server) {
      const path = `${config.base.replace(/\/?$/, '/')}${fileName}`
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== path) return next()
        dev ??= buildServiceWorker({ manifest: [] }).then(({ code }) => code)
        dev.then(
          (code) => {
            res.setHeader('Content-Type', 'text/javascript')
            res.setHeader('Cache-Control', 'no-cache')
            res.end(code)
          },
          (error: unknown) => {
            dev = null
            next(error)
          },
        )
      })
    },
    generateBundle: {
      order: 'post',
      async handler(_, bundle) {
        if (config.command !== 'build' || config.build.ssr) return
        // The shell (the document, the entry and its static imports with their CSS) is precached: a
        // fresh tab needs it before anything else, and the page has just fetched it, so the worker's
        // copy comes from the HTTP cache where the host lets hashed files be cached. Every other file
        // (the modal, the workers, feature views) is kept when first fetched, or when the page hands
        // over what it fetched before the worker was there, so a view nobody opened is never downloaded
        // for the cache, nor the worker variant this browser does not run.
        const shell = new Set<string>()
        const follow = (file: string) => {
          const output = bundle[file]
          if (!output || shell.has(file)) return
          shell.add(file)
          if (output.type !== 'chunk') return
          for (const css of (output as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? []) shell.add(css)
          for (const imported of output.imports) follow(imported)
        }
        for (const output of Object.values(bundle)) if (output.type === 'chunk' && output.isEntry) follow(output.fileName)
        const manifest: PrecacheEntry[] = []
        const assets: string[] = []
        /** Hashed files of the assets folder the host's choice (or their size) leaves out. */
        let left = 0
        const assetsDir = `${config.build.assetsDir.replace(/\/+$/, '')}/`
        for (const output of Object.values(bundle)) {
          const file = output.fileName
          if (file === fileName || file.endsWith('.map') || file.startsWith('.vite/')) continue
          // The same test as the worker's: a file it will keep by its folder and name.
          const hashed = isHashedAsset(new URL(file, HOST), new URL(assetsDir, HOST))
          const content = output.type === 'chunk' ? output.code : output.source
          if (!pick(file) || content.length > maxBytes) {
            if (hashed && !shell.has(file)) left++
            continue
          }
          if (hashed && !shell.has(file)) assets.push(file)
          else manifest.push({ url: file, revision: hashed ? null : shortHash(content) })
        }
        manifest.sort((a, b) => a.url.localeCompare(b.url))
        assets.sort()
        // What each of the workers' files imports statically: handing over a worker's script (the core's,
        // whose own requests the page cannot see) keeps the chunks it needs to start offline as well. The
        // page's own chunks need no list: the page hands over every one it fetched.
        const kept = new Set(assets)
        const imports: Record<string, string[]> = {}
        for (const file of assets) {
          const output = bundle[file]
          if (!output || output.type !== 'asset' || !/\.m?js$/.test(file)) continue
          const found = staticImportsOf(String(output.source), file)
          const needed = found.filter((f) => kept.has(f))
          if (needed.length > 0) imports[file] = needed
        }
        // Every hashed file of the assets folder is kept: the worker is told the folder, not each name
        // (a list of a few hundred hashes costs every first visit about 3 KiB of gzip).
        const { code } = await buildServiceWorker({ manifest, assets: left === 0 ? assetsDir : assets, imports })
        this.emitFile({ type: 'asset', fileName, source: code })
      },
    },
  }
}
