import type { Remote } from 'comlink'
import type { CoreState, PorticoConfig, PorticoCoreApi } from '@portico/shared-types'
import type { ClientInternals, ClientSnapshot } from '../createClient.ts'

/** What every part of the session is started with: the page-side client, the parsed configuration and the core. */
export type SessionContext = {
  client: ClientInternals
  config: PorticoConfig
  api: Remote<PorticoCoreApi>
}

/**
 * One part of the session (connectors, routing, sign-in, wallet assets, presence), as the connectors
 * are one kind each in their registry: `startSession` starts a list of them and hands each core state
 * the tab takes to every one in turn. A new part is a module here and one line in that list.
 */
export type SessionFeature = {
  /** Before the tab takes `state` (what must be stored before anything renders it). */
  before?(state: CoreState): void
  /** The modal as this part wants it for `state`, given the modal as the parts before it left it. */
  modal?(state: CoreState, modal: ClientSnapshot['modal'], snapshot: ClientSnapshot): ClientSnapshot['modal']
  /** After the tab has taken `state` (the snapshot holds it). */
  after?(state: CoreState): void
  /** The visitor opened the modal: a refresh of what this part hands the core. */
  refresh?(): Promise<void>
  /** Ends the part: listeners, timers, subscriptions. */
  stop?(): void
}
