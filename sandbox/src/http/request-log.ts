/** One request the data API received, kept for tests (GET /__admin/requests). */
export type RequestLogEntry = {
  method: string
  path: string
  query: Record<string, string>
  /** Epoch milliseconds when the request arrived. */
  time: number
  /** Status answered; absent while the request is in flight. */
  status?: number
}

/** In-memory request log. Lives beside the server, so it survives dataApi.stop()/start(). */
export class RequestLog {
  readonly #entries: RequestLogEntry[] = []

  /** Records a request and returns the entry, so the caller can fill in the status later. */
  record(entry: Omit<RequestLogEntry, 'status'>): RequestLogEntry {
    const stored: RequestLogEntry = { ...entry, query: { ...entry.query } }
    this.#entries.push(stored)
    return stored
  }

  list(): RequestLogEntry[] {
    return this.#entries.map((e) => ({ ...e, query: { ...e.query } }))
  }

  clear(): number {
    return this.#entries.splice(0).length
  }
}
