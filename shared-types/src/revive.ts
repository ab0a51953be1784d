import {
  CallsStatusNotApprovedError,
  CapabilitiesAddressMissingError,
  DisconnectError,
  HttpRequestError,
  PorticoError,
  ResponseTooLargeError,
  SchemaValidationError,
  StorageUnavailableError,
  SwitchChainError,
  TimeoutError,
  TokenBalanceUnavailableError,
  UnansweredRequestError,
  UnsupportedChainError,
  UsageError,
  WalletError,
  WalletUnavailableError,
  type PorticoErrorName,
  type SerializedError,
} from './errors.ts'
import { UnsafeUrlError } from './safeUrl.ts'
import { WriteFailure } from './write-errors.ts'
import * as z from './zod-mini.ts'

/** An error as the core sends it across the port (`serializeError`), checked before it is revived. */
export const serializedErrorSchema = z.object({
  name: z.string(),
  message: z.string(),
  details: z.optional(z.string()),
  status: z.optional(z.number()),
  code: z.optional(z.number()),
})

const CLASSES: Record<PorticoErrorName, abstract new (...args: never[]) => PorticoError> = {
  PorticoError,
  HttpRequestError,
  TimeoutError,
  SchemaValidationError,
  TokenBalanceUnavailableError,
  UnsupportedChainError,
  SwitchChainError,
  StorageUnavailableError,
  UnsafeUrlError,
  ResponseTooLargeError,
  WriteFailure,
  WalletError,
  WalletUnavailableError,
  UnansweredRequestError,
  DisconnectError,
  UsageError,
  CapabilitiesAddressMissingError,
  CallsStatusNotApprovedError,
}

/**
 * An error of Portico's family again from its plain form (what crossed a worker port or the channel
 * between tabs): an instance of its class (`instanceof HttpRequestError` holds on the page), with its
 * message, details, HTTP status and code. An unknown name is a plain `PorticoError` of that message.
 */
export function reviveError(serialized: Omit<SerializedError, 'name'> & { name: string }): PorticoError {
  const Class = Object.hasOwn(CLASSES, serialized.name) ? CLASSES[serialized.name as PorticoErrorName] : PorticoError
  const error = new PorticoError(serialized.message, { details: serialized.details })
  Object.setPrototypeOf(error, Class.prototype)
  Object.defineProperty(error, 'name', { value: Class === PorticoError ? 'PorticoError' : serialized.name, writable: true, configurable: true, enumerable: true })
  if (serialized.status !== undefined) Object.defineProperty(error, 'status', { value: serialized.status, enumerable: true })
  if (serialized.code !== undefined) Object.defineProperty(error, 'code', { value: serialized.code, enumerable: true })
  return error
}
