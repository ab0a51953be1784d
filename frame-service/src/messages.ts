import { EMBEDDED_ERRORS } from '@portico/shared-types/errors'

/**
 * What the frame service answers when a step fails: the `message` of a FRAME_<EVENT>_ERROR. The texts
 * live in shared-types (`EMBEDDED_ERRORS`), where the modal finds each one's translation.
 */
export const FRAME_MESSAGES = EMBEDDED_ERRORS

/** An error whose message a visitor reads (the service answers it with 400 and `{ error }`). */
export class FrameError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 502 = 400,
  ) {
    super(message)
    this.name = 'FrameError'
  }
}

/** A failure of the service itself (a key that does not match its user, a database in use, an unreadable key file): for the deployer's log, never shown to a visitor as is. */
export class FrameServiceError extends Error {
  override readonly name = 'FrameServiceError'
}
