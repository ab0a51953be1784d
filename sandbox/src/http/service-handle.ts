import type { RequestLog, RequestLogEntry } from './request-log.ts'
import type { HttpServerHandle } from './server.ts'

/** A running sandbox HTTP service, as tests see it. */
export type ServiceHandle = {
  /** Base URL, e.g. http://127.0.0.1:8787 */
  url: string
  /** Every request received so far (admin routes excepted), oldest first. */
  requests(): RequestLogEntry[]
  clearRequests(): void
  /** Closes only this service (the chains keep running): the port refuses connections. */
  stop(): Promise<void>
  /** Re-opens the service after stop(); the request log is kept. */
  start(): Promise<void>
  isRunning(): boolean
}

export function serviceHandle(server: HttpServerHandle, log: RequestLog): ServiceHandle {
  return {
    url: server.url,
    requests: () => log.list(),
    clearRequests: () => void log.clear(),
    stop: () => server.stop(),
    start: () => server.start(),
    isRunning: () => server.isRunning(),
  }
}
