/// <reference lib="webworker" />
import { expose } from 'comlink'
import { createCore } from '../core.ts'
import { createStorage } from '../storage.ts'

/** Dedicated-worker entry, for browsers without SharedWorker: one core per tab, sharing IndexedDB. */
expose(createCore({ storage: createStorage() }))
