// The base of Portico's error family, apart from the subclasses and the message tables
// (errors.ts re-exports it all): what the page's first paint throws (a hook outside its provider)
// costs only this module.

export type PorticoErrorName =
  | 'PorticoError'
  | 'HttpRequestError'
  | 'TimeoutError'
  | 'SchemaValidationError'
  | 'TokenBalanceUnavailableError'
  | 'UnsupportedChainError'
  | 'SwitchChainError'
  | 'StorageUnavailableError'
  | 'UnsafeUrlError'
  | 'ResponseTooLargeError'
  | 'WriteFailure'
  | 'WalletError'
  | 'WalletUnavailableError'
  | 'UnansweredRequestError'
  | 'DisconnectError'
  | 'UsageError'
  | 'CapabilitiesAddressMissingError'
  | 'CallsStatusNotApprovedError'

/** Plain form of an error, safe to send across a worker port or store in IndexedDB. */
export type SerializedError = { name: PorticoErrorName; message: string; details?: string | undefined; status?: number | undefined; code?: number | undefined }

export type PorticoErrorOptions = { cause?: unknown; details?: string | undefined }

/** Base of Portico's error family: a short message for people, the cause chain for developers. */
export class PorticoError extends Error {
  override name: PorticoErrorName = 'PorticoError'
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(shortMessage: string, options: PorticoErrorOptions = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.shortMessage = shortMessage
    this.details = options.details
  }

  /** Walks the cause chain, returning the first error `fn` accepts, or the deepest one. */
  walk(fn?: (err: unknown) => boolean): unknown {
    let current: unknown = this
    while (current instanceof Error) {
      if (fn?.(current)) return current
      if (current.cause === undefined) return fn ? undefined : current
      current = current.cause
    }
    return fn ? undefined : current
  }

  toJSON(): SerializedError {
    return { name: this.name, message: this.shortMessage, details: this.details }
  }
}

/** The dapp's code used Portico outside its contract (a hook outside `<PorticoProvider>`, a build without its placeholder): the message says how. */
export class UsageError extends PorticoError {
  override name = 'UsageError' as const
}
