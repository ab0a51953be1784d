import { getRequestListener } from '@hono/node-server'
import { createServer, type Server } from 'node:http'
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

/** A restartable HTTP server around a Hono app. */
export function createHttpServer(app: Hono, port: number, what: string): HttpServerHandle {
  const listener = getRequestListener(app.fetch)
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
