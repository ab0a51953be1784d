/// <reference lib="webworker" />
import { expose } from 'comlink'
import { createCore } from '../core.ts'
import { installErrorTransfer } from '../infra/errorTransfer.ts'
import { createStorage } from '../infra/storage.ts'

installErrorTransfer()
/** SharedWorker entry: one core for every tab of the origin. */
const core = createCore({ storage: createStorage() })
const scope = self as unknown as SharedWorkerGlobalScope
scope.onconnect = (event: MessageEvent) => {
  const port = event.ports[0]
  if (port) expose(core, port)
}
