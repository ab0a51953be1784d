import { transferHandlers, type TransferHandler } from 'comlink'
import { reviveError, serializedErrorSchema } from '@portico/shared-types'

type ThrownOverPort = { isError: boolean; value: unknown; portico?: unknown }

/**
 * Revives the errors the core throws across the port as their classes (`HttpRequestError`,
 * `SchemaValidationError`, `WriteFailure`…; the worker sends their plain form beside comlink's own):
 * the page can test `instanceof` and read `status`, `details` and `walk()`. What does not pass the
 * schema is thrown as comlink throws it.
 */
export function installErrorRevival() {
  const original = transferHandlers.get('throw') as TransferHandler<{ value: unknown }, ThrownOverPort> | undefined
  if (!original || (original as { porticoRevives?: true }).porticoRevives) return
  const handler: TransferHandler<{ value: unknown }, ThrownOverPort> & { porticoRevives: true } = {
    porticoRevives: true,
    canHandle: (value): value is { value: unknown } => original.canHandle(value),
    serialize: (thrown) => original.serialize(thrown),
    deserialize(serialized) {
      const plain = serializedErrorSchema.safeParse(serialized.portico)
      if (plain.success) throw reviveError(plain.data)
      return original.deserialize(serialized)
    },
  }
  transferHandlers.set('throw', handler)
}
