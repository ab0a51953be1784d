/// <reference lib="webworker" />
import { expose } from 'comlink'
import { CORE_CHANNEL } from '@portico/shared-types/constants'
import { createCore } from '../core.ts'
import { installErrorTransfer } from '../infra/errorTransfer.ts'
import { createCoreHub, type LockManagerLike } from '../infra/hub.ts'
import { createStorage } from '../infra/storage.ts'

/**
 * Dedicated-worker entry, for browsers without SharedWorker: every tab runs one, the tabs elect a
 * leader through a Web Lock, and only the leader's worker runs the core; the others forward to it
 * over a BroadcastChannel. See `hub.ts`.
 */
installErrorTransfer()
const scope = self as unknown as DedicatedWorkerGlobalScope
const locks: LockManagerLike | undefined = 'locks' in scope.navigator ? scope.navigator.locks : undefined
expose(
  createCoreHub({
    createCore: () => createCore({ storage: createStorage() }),
    channel: new BroadcastChannel(CORE_CHANNEL),
    locks,
  }),
)
