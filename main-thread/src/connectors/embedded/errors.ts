import { PorticoError } from '@portico/shared-types/errors'

/** An error of the embedded wallet's frame, with SPEC.md §8's text (and the frame's EIP-1193 code when it gave one: 4001 rejected). */
export class EmbeddedWalletError extends PorticoError {
  readonly code: number | undefined
  constructor(message: string, options?: { cause?: unknown; details?: string; code?: number | undefined }) {
    super(message, options)
    this.code = options?.code
  }
}
