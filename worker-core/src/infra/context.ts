import type { CaipAddress, CoreConfig, CoreOptions } from '@portico/shared-types'
import type { HttpClient } from './http.ts'
import type { FocusManager, OnlineManager } from './managers.ts'
import type { Persister } from './persister.ts'
import type { Queries } from './query.ts'
import type { RpcRegistry } from './rpc.ts'
import type { StateStore } from './store.ts'

/** What exists once a tab has configured the core. */
export type CoreEnv = {
  config: CoreConfig
  options: CoreOptions
  /** The blockchain-data API. */
  api: HttpClient
  /** The wallet catalogue, when configured. */
  catalogue: HttpClient | null
  rpc: RpcRegistry
}

/** Shared by the core's parts (balances, transactions, identity, catalogue, …). */
export type CoreContext = {
  store: StateStore
  records: Persister
  /** The one query helper every read goes through. */
  queries: Queries
  online: OnlineManager
  focus: FocusManager
  now: () => number
  sleep: (ms: number) => Promise<void>
  fetch: typeof fetch
  warn: (message: string) => void
  /** Resolves once the records are restored from storage. */
  ready: Promise<void>
  /** Null until a tab has called `configure`. */
  env(): CoreEnv | null
  /** The connected account of the active namespace. */
  activeAccount(): CaipAddress | null
}
