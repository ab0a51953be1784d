import type { Plugin, ResolvedConfig } from 'vite'
import { buildServiceWorker, shortHash, type PrecacheEntry } from './build.ts'
import { SERVICE_WORKER_FILE } from './constants.ts'

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

const PRECACHED = /\.(?:html|js|mjs|css|svg|png|jpe?g|webp|avif|gif|ico|woff2?|json|webmanifest)$/i
const HASHED = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i

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
  const pick = typeof options.precache === 'function' ? options.precache : options.precache === false ? () => false : (file: string) => PRECACHED.test(file)
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
        const manifest: PrecacheEntry[] = []
        for (const output of Object.values(bundle)) {
          const file = output.fileName
          if (file === fileName || file.endsWith('.map') || !pick(file)) continue
          const content = output.type === 'chunk' ? output.code : output.source
          if (content.length > maxBytes) continue
          const hashed = file.startsWith(`${config.build.assetsDir}/`) && HASHED.test(file)
          manifest.push({ url: file, revision: hashed ? null : shortHash(content) })
        }
        manifest.sort((a, b) => a.url.localeCompare(b.url))
        const { code } = await buildServiceWorker({ manifest })
        this.emitFile({ type: 'asset', fileName, source: code })
      },
    },
  }
}
