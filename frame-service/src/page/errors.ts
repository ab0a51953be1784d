/**
 * The frame page's two error kinds, small enough for the frame's first script (the approvals and
 * panels that throw them load later).
 */

/** A refusal of the frame service: its message and HTTP status (0: no answer). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** An answer of the frame with an EIP-1193 code (4001: rejected by the visitor, or aborted by the page). */
export class RpcCodeError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}
