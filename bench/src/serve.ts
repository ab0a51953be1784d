import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
}

/** One request the server saw: its path, its `Sec-Fetch-Dest` (script, worker, sharedworker, serviceworker, empty for fetch()) and when. */
export type Hit = { path: string; dest: string; at: number }

/** A file of the build's assets folder whose name carries its content hash. */
const HASHED = /^\/assets\/.+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/

export type StaticServer = {
  url: string
  /** Paths requested since the last reset, in order (what the server saw, workers included). */
  requests: string[]
  /** The same requests with their fetch destination. */
  hits: Hit[]
  reset(): void
  close(): Promise<void>
}

/** A plain static server on 127.0.0.1: no compression, no caching, headers under our control. */
export function serveStatic(dir: string, port: number, headers: Record<string, string> = {}): Promise<StaticServer> {
  const requests: string[] = []
  const hits: Hit[] = []
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')
    requests.push(path)
    const dest = req.headers['sec-fetch-dest']
    hits.push({ path, dest: typeof dest === 'string' ? dest : '', at: Date.now() })
    const file = normalize(join(dir, path === '/' ? 'index.html' : path))
    // Content-hashed build files may be kept by the browser, as any host of a Vite build serves them;
    // the document, the service worker and everything else is never stored.
    const cache = HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-store'
    const common = { 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff', ...headers }
    if (!file.startsWith(normalize(dir)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { ...common, 'Content-Type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(200, { ...common, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': statSync(file).size })
    if (req.method === 'HEAD') res.end()
    else createReadStream(file).pipe(res)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        hits,
        reset: () => {
          requests.splice(0)
          hits.splice(0)
        },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      }),
    )
  })
}
