import {
  chainNamespaceSchema,
  walletConnectPeerMetadataSchema,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  type WalletConnectSession,
  type WalletConnectState,
} from '@portico/shared-types'
import type { WalletAnswer } from '@portico/shared-types/write'
import type { CoreContext } from '../../infra/context.ts'
import type { UniversalProviderClient as UniversalProvider } from './universalProvider.ts'
import type { WalletConnectHooks } from './walletConnect.ts'

/** Whatever the client or the wallet threw, as an EIP-1193 error answer (code kept when there is one). */
export function failure(error: unknown): WalletAnswer {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown; data?: unknown }
  const message = typeof e.message === 'string' && e.message ? e.message : String(error)
  return { ok: false, error: { ...(typeof e.code === 'number' ? { code: e.code } : {}), message, ...(e.data !== undefined ? { data: e.data } : {}) } }
}

/** The wallet's own description of itself, parsed (`walletConnectPeerMetadataSchema`): a bad field is left empty. */
function peerOf(session: NonNullable<UniversalProvider['session']>): WalletConnectSession['peer'] {
  const { name, url, icons } = walletConnectPeerMetadataSchema.parse((session.peer as { metadata?: unknown } | undefined)?.metadata)
  return { name, url, icons }
}

function toSession(session: NonNullable<UniversalProvider['session']>, defaultChain: string | null): WalletConnectSession {
  const namespaces: WalletConnectSession['namespaces'] = {}
  for (const [key, ns] of Object.entries(session.namespaces) as [string, { chains?: string[]; accounts: string[]; methods: string[]; events: string[] }][]) {
    namespaces[key] = { chains: ns.chains ?? [...new Set(ns.accounts.map((a) => a.split(':').slice(0, 2).join(':')))], accounts: ns.accounts, methods: ns.methods, events: ns.events }
  }
  return {
    topic: session.topic,
    peer: peerOf(session),
    namespaces,
    defaultChain: (defaultChain as CaipNetworkId | null) ?? null,
    expiry: session.expiry,
  }
}

export type SessionState = {
  state(): WalletConnectState
  patch(p: Partial<WalletConnectState>): void
  /** The account of the session in `namespace`, on the default chain when it has one there. */
  accountOf(p: UniversalProvider, namespace?: ChainNamespace): CaipAddress | null
  /**
   * The session's account of each namespace it holds (eip155, solana), the dapp's namespace last (the
   * one a page is connecting through WalletConnect, else the one the dapp is on): recording them in
   * this order leaves the dapp on its namespace.
   */
  accountsOf(p: UniversalProvider): CaipAddress[]
  /** The account a connection answers: the one in the dapp's namespace when the session has it, else another. */
  primaryAccount(p: UniversalProvider): CaipAddress | null
  /** Pushes the provider's session (or none) to every tab. */
  publish(p: UniversalProvider, defaultChain?: string): void
  /**
   * The session changed (approved, updated, the wallet switched chain or account): published, and the
   * core records its accounts (one change after another). Answers the account the dapp is left on.
   */
  changed(p: UniversalProvider, defaultChain?: string): Promise<CaipAddress | null>
  /** The session ended (deleted by the wallet, expired): the core disconnects every namespace it held. */
  ended(): Promise<void>
}

/** The WalletConnect session as core state (`state.walletConnect`), pushed to every tab. */
export function createSessionState(ctx: CoreContext, hooks: WalletConnectHooks, onEnded: () => void): SessionState {
  const state = () => ctx.store.get().walletConnect
  const patch = (p: Partial<WalletConnectState>) => ctx.store.set((s) => ({ walletConnect: { ...s.walletConnect, ...p } }))

  function accountOf(p: UniversalProvider, namespace: ChainNamespace = 'eip155'): CaipAddress | null {
    const ns = p.session?.namespaces[namespace]
    if (!ns?.accounts.length) return null
    const active = ctx.store.get().activeCaipNetworkId
    const preferred = [state().session?.defaultChain, active].filter(Boolean)
    for (const chain of preferred) {
      const account = ns.accounts.find((a: string) => a.startsWith(`${chain}:`))
      if (account) return account as CaipAddress
    }
    return ns.accounts[0] as CaipAddress
  }

  function accountsOf(p: UniversalProvider): CaipAddress[] {
    const { connections, activeNamespace, activeCaipNetworkId } = ctx.store.get()
    const connecting = (Object.keys(connections) as ChainNamespace[]).find((ns) => connections[ns]?.status === 'connecting' && connections[ns]?.connectorType === 'WALLET_CONNECT')
    const onNamespace = connecting ?? activeNamespace ?? activeCaipNetworkId?.split(':')[0]
    const namespaces = Object.keys(p.session?.namespaces ?? {}).filter((ns): ns is ChainNamespace => chainNamespaceSchema.safeParse(ns).success)
    namespaces.sort((a, b) => Number(a === onNamespace) - Number(b === onNamespace))
    return namespaces.flatMap((ns) => accountOf(p, ns) ?? [])
  }

  function publish(p: UniversalProvider, defaultChain?: string) {
    if (!p.session) return patch({ session: null })
    const account = accountOf(p) ?? accountsOf(p).at(-1) ?? null
    const chain = defaultChain ?? (account ? account.split(':').slice(0, 2).join(':') : null)
    patch({ session: toSession(p.session, chain), status: 'idle', uri: null, expiresAt: null, error: null })
  }

  /** The changes being recorded, one after another: each orders the accounts from the state the one before left. */
  let recording: Promise<unknown> = Promise.resolve()

  return {
    state,
    patch,
    accountOf,
    accountsOf,
    primaryAccount: (p) => accountsOf(p).at(-1) ?? null,
    publish,
    changed(p, defaultChain) {
      publish(p, defaultChain)
      const run = recording.then(async () => {
        const accounts = accountsOf(p)
        if (accounts.length > 0) await hooks.connected(accounts, (p.session && peerOf(p.session).name) || 'WalletConnect')
        return accounts.at(-1) ?? null
      })
      recording = run.catch(() => undefined)
      return run
    },
    async ended() {
      onEnded()
      patch({ session: null })
      await hooks.disconnected()
    },
  }
}
