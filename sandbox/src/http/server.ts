import { getRequestListener } from '@hono/node-server'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Hono } from 'hono'
import { SANDBOX_HOST } from '../options.ts'
import { PortInUseError } from '../ports.ts'

export type HttpServerHandle = {
  url: string
  isRunning(): boolean
  /** Binds 127.0.0.1:port; resolves once listening. A no-op when already running. */
  start(): Promise<void>
  /** Closes the listener and every open connection, so the port refuses at once. */
  stop(): Promise<void>
}

/** Takes a request before the Hono app sees it (a Node handler such as an OpenID provider); false passes it on. */
export type NodePreHandler = (req: IncomingMessage, res: ServerResponse) => boolean

/** A restartable HTTP server around a Hono app (and an optional Node handler asked first). */
export function createHttpServer(app: Hono, port: number, what: string, before?: NodePreHandler): HttpServerHandle {
  const honoListener = getRequestListener(app.fetch)
  const listener = before ? (req: IncomingMessage, res: ServerResponse) => void (before(req, res) || honoListener(req, res)) : honoListener
  let server: Server | undefined

  return {
    url: `http://${SANDBOX_HOST}:${port}`,
    isRunning: () => server !== undefined,
    async start() {
      if (server) return
      const next = createServer(listener)
      await new Promise<void>((resolve, reject) => {
        next.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(port, what) : err))
        next.listen({ port, host: SANDBOX_HOST, exclusive: true }, () => resolve())
      })
      server = next
    },
    async stop() {
      const current = server
      if (!current) return
      server = undefined
      await new Promise<void>((resolve, reject) => {
        current.close((err) => (err ? reject(err) : resolve()))
        current.closeAllConnections()
      })
    },
  }
}
