import { transferHandlers, type TransferHandler } from 'comlink'
import { PorticoError } from '@portico/shared-types'

/** What crosses the port for a thrown error: comlink's own form, and Portico's plain form beside it. */
export type ThrownOverPort = { isError: boolean; value: unknown; portico?: ReturnType<PorticoError['toJSON']> }

/**
 * Sends a thrown `PorticoError` across the worker port in its plain form (name, message, details,
 * status, code) beside comlink's own, so the page revives the class (`reviveError`) instead of a
 * bare `Error`. Installed once by each worker entry; every other thrown value goes as comlink sends it.
 */
export function installErrorTransfer() {
  const original = transferHandlers.get('throw') as TransferHandler<{ value: unknown }, ThrownOverPort> | undefined
  if (!original || (original as { porticoSends?: true }).porticoSends) return
  const handler: TransferHandler<{ value: unknown }, ThrownOverPort> & { porticoSends: true } = {
    porticoSends: true,
    canHandle: (value): value is { value: unknown } => original.canHandle(value),
    serialize(thrown) {
      const [serialized, transferables] = original.serialize(thrown)
      return thrown.value instanceof PorticoError ? [{ ...serialized, portico: thrown.value.toJSON() }, transferables] : [serialized, transferables]
    },
    deserialize: (serialized) => original.deserialize(serialized),
  }
  transferHandlers.set('throw', handler)
}
