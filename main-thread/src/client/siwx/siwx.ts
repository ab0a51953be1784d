import type { CaipAddress, CoreState, SiwxSession } from '@portico/shared-types'
import { activeConnection } from '@portico/shared-types/light'
import { SIWX_DEFAULT_EXPIRES_IN_MS, siwxOptions } from '@portico/shared-types/siwx-config'
import { getConnectedConnector } from '../getConnector.ts'
import { isSiwxDappConfig, siwxAccountToAsk, siwxModal, siwxSessionEndsAt, siwxSetAside } from './rules.ts'
import { adoptDappSessions, revokeDappSessions, signedInChains, siwxDappAnswerer } from './dapp.ts'
import { createSiwxSignIn } from './signIn.ts'
import type { SessionContext, SessionFeature } from '../session/feature.ts'

export type SiwxFeature = SessionFeature & {
  /**
   * On disconnect: a dapp's own sign-in forgets the account's sessions too (its `revokeSession`), best
   * effort. Answers whether the dapp's configuration signed the account out.
   */
  signOut(caipAddress: CaipAddress | null, sessions: readonly SiwxSession[]): Promise<boolean>
}

/**
 * Sign-in with the wallet (SPEC.md §4): it initialises on connect (this tab's, held for the sign
 * view), the sign view opens for the account to ask and closes once it has a session, it asks again
 * the moment the session runs out, and the dapp's own SIWX configuration (`getSessions`, its message
 * functions, `revokeSession`) is asked and told in its place.
 */
export function startSiwx({ client, config, api }: SessionContext): SiwxFeature {
  const siwx = siwxOptions(config)
  // The older `siweConfig` opens the sign-in as ConnectingSiwe; `siwx` as SIWXSignMessage.
  const siwxView = config.siweConfig ? 'ConnectingSiwe' : 'SIWXSignMessage'
  const supportedNetworks: string[] = config.networks.map((n) => n.caipNetworkId)
  const dappSiwx = isSiwxDappConfig(siwx) ? siwx : null
  const toAskIn = (state: CoreState) => siwxAccountToAsk(siwx, supportedNetworks, state, Date.now())
  /** The account the sign view is shown for: none while the dapp's `getSessions` is still asked (it may find a session). */
  const shownToAsk = (toAsk: CaipAddress | null) => {
    const pending = client.get().siwx
    return toAsk && pending?.caipAddress === toAsk && pending.status === 'checking' ? null : toAsk
  }
  const signIn = createSiwxSignIn({
    client: { withCore: (fn) => fn(api) },
    publish(siwxState) {
      const before = client.get().siwx
      client.set({ siwx: siwxState })
      // The check found no session (or failed): the sign view opens now, as it would have on connect.
      const snapshot = client.get()
      if (before?.status === 'checking' && siwxState && siwxState.status !== 'checking' && snapshot.core) {
        const toAsk = toAskIn(snapshot.core)
        const connected = activeConnection(snapshot.core).status === 'connected'
        if (toAsk === siwxState.caipAddress) client.set({ modal: siwxModal(snapshot.modal, shownToAsk(toAsk), siwxSetAside(config), connected, siwxView) })
      }
    },
    intent: (caipAddress) => ({
      kind: 'siwx',
      caipAddress,
      domain: window.location.host,
      uri: window.location.origin,
      ...(siwx && !isSiwxDappConfig(siwx)
        ? { expiresInMs: siwx.expiresInMs, ...(siwx.statement ? { statement: siwx.statement } : {}) }
        : { expiresInMs: SIWX_DEFAULT_EXPIRES_IN_MS, via: 'dapp' as const }),
    }),
    connector: () => getConnectedConnector(client.get()),
    ...(dappSiwx ? { dapp: siwxDappAnswerer(dappSiwx), signedInAlready: (caipAddress: CaipAddress) => adoptDappSessions(dappSiwx, api, caipAddress) } : {}),
  })

  /** Starts (or drops) the sign-in for `state`, then answers the modal (read after that) with the sign view opened or closed. */
  function ask(state: CoreState, modal: () => Parameters<typeof siwxModal>[0]) {
    const connected = activeConnection(state).status === 'connected'
    const toAsk = toAskIn(state)
    signIn.update(toAsk && !siwxSetAside(config).has(toAsk) ? toAsk : null)
    return siwxModal(modal(), shownToAsk(toAsk), siwxSetAside(config), connected, siwxView)
  }

  /** Asks again the moment the account's sign-in runs out, not at the next change of the core's state. */
  let expiryTimer: ReturnType<typeof setTimeout> | undefined
  function watchExpiry(state: CoreState) {
    clearTimeout(expiryTimer)
    const connection = activeConnection(state)
    if (!siwx || connection.status !== 'connected' || !connection.caipAddress) return
    const endsAt = siwxSessionEndsAt(state.siwxSessions, connection.caipAddress, Date.now())
    // Timers hold at most ~24.8 days; a longer session is checked again then.
    if (endsAt !== null)
      expiryTimer = setTimeout(
        () => {
          const snapshot = client.get()
          if (snapshot.core) client.set({ modal: ask(snapshot.core, () => client.get().modal) })
        },
        Math.min(endsAt - Date.now() + 1, 2 ** 31 - 1),
      )
  }

  /**
   * A disconnect this tab did not make (the wallet's own, a phone ending its WalletConnect session, another
   * tab's) signed the account out in the core: the first tab to take it tells the dapp's own SIWX
   * configuration (`revokeSession`), so the dapp hears it once whichever tab is open.
   */
  const toldSignOuts = new Set<string>()
  function tellDappSignOuts(state: CoreState) {
    if (!dappSiwx) return
    for (const signOut of state.siwxSignOuts) {
      if (toldSignOuts.has(signOut.id)) continue
      toldSignOuts.add(signOut.id)
      void api
        .takeSiwxSignOut(signOut.id)
        .then((taken) => (taken ? revokeDappSessions(dappSiwx, signOut.caipAddress, signOut.chainIds) : undefined))
        .catch(() => undefined)
    }
  }

  return {
    modal: (state, modal) => ask(state, () => modal),
    after(state) {
      watchExpiry(state)
      tellDappSignOuts(state)
    },
    async signOut(caipAddress, sessions) {
      if (dappSiwx && caipAddress) await revokeDappSessions(dappSiwx, caipAddress, signedInChains(caipAddress, sessions))
      return dappSiwx !== null && caipAddress !== null
    },
    stop() {
      clearTimeout(expiryTimer)
      signIn.destroy()
    },
  }
}
