import { getRequestListener } from '@hono/node-server'
import { createServer, type Server } from 'node:http'
import type { Hono } from 'hono'

export type HttpServerHandle = {
  isRunning(): boolean
  /** Binds host:port; resolves once listening. A no-op when already running. */
  start(): Promise<void>
  /** Closes the listener and every open connection, so the port refuses at once. */
  stop(): Promise<void>
}

/** The port is taken by another program. */
export class PortTakenError extends Error {
  override readonly name = 'PortTakenError'
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(`The frame service cannot listen on ${host}:${port}: the port is in use (set PORTICO_FRAME_PORT)`)
  }
}

/** A restartable HTTP server around the service's Hono app. */
export function createHttpServer(app: Hono, port: number, host: string): HttpServerHandle {
  const listener = getRequestListener(app.fetch)
  let server: Server | undefined
  return {
    isRunning: () => server !== undefined,
    async start() {
      if (server) return
      const next = createServer(listener)
      // Long polls (device confirmation, Farcaster) answer within 20 s; a slow client gets no more than this.
      next.requestTimeout = 60_000
      next.headersTimeout = 20_000
      await new Promise<void>((resolve, reject) => {
        next.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortTakenError(port, host) : err))
        next.listen({ port, host, exclusive: true }, () => resolve())
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
