import { createCore, type Core } from '../core.ts'
import { createStorage, type CreateStorageParameters } from '../infra/storage.ts'

/** In-page entry for tests and server rendering: the same core, no worker. */
export function createInPageCore(storage: CreateStorageParameters = {}): Core {
  return createCore({ storage: createStorage(storage) })
}
