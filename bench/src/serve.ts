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

export type StaticServer = {
  url: string
  /** Paths requested since the last reset, in order (what the server saw, workers included). */
  requests: string[]
  reset(): void
  close(): Promise<void>
}

/** A plain static server on 127.0.0.1: no compression, no caching, headers under our control. */
export function serveStatic(dir: string, port: number, headers: Record<string, string> = {}): Promise<StaticServer> {
  const requests: string[] = []
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')
    requests.push(path)
    const file = normalize(join(dir, path === '/' ? 'index.html' : path))
    const common = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers }
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
        reset: () => void requests.splice(0),
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()) }),
      }),
    )
  })
}
