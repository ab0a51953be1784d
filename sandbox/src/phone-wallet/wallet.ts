import type { IWalletKit, WalletKitTypes } from '@reown/walletkit'
import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils'
import type { KeyPairSigner } from '@solana/kit'
import { numberToHex, type Address, type LocalAccount } from 'viem'
import { parseChainId } from '../../wallet/chains.ts'
import { describeRequest, type RequestRow } from '../../wallet/describe.ts'
import { internalError, invalidParams, unknownChain, unsupportedMethod, userRejected, WalletRpcError } from '../../wallet/errors.ts'
import { chainIdParams, parseParams } from '../../wallet/params.ts'
import { atomicStatusOn, createWalletCalls, type WalletBatch } from '../../wallet/calls.ts'
import { personalSign, sendTransaction, signTypedDataV4, type SigningContext } from '../../wallet/signing.ts'
import type { ApprovalRequest, SandboxChain } from '../../wallet/types.ts'
import type { PhoneWalletChain } from './config.ts'
import { handleSolanaRequest, PHONE_WALLET_SOLANA_METHODS, type PhoneWalletSolanaChain } from './solana.ts'
import { URI_MESSAGES, checkPairingUri } from './uri.ts'

/** Methods the wallet grants in a session, and the events it emits. */
export const PHONE_WALLET_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTypedData',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  // EIP-5792: batches, atomic through an EIP-7702 delegation where the chain has Simple7702Account (as the Sandbox Wallet).
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
] as const
export const PHONE_WALLET_EVENTS = ['chainChanged', 'accountsChanged'] as const

/** A dev account: its EVM key and, where the wallet has Solana chains, its Solana key (the sandbox's Solana dev account of the same index). */
export type WalletAccount = { index: number; account: LocalAccount; solana?: KeyPairSigner | undefined }

/** A connection request, as the page shows it. */
export type ProposalPrompt = {
  kind: 'proposal'
  key: string
  id: number
  title: string
  dapp: { name: string; url: string; description: string; icon: string | undefined }
  /** Every chain the dapp asks for (required first), with the wallet's name for it where it has one. */
  chains: Array<{ caip: string; name: string | undefined; required: boolean }>
  methods: string[]
  /** Why Approve is not possible (a required chain the wallet lacks, or no chain it has); undefined when it is. */
  blocker: string | undefined
}

/** A request of a connected dapp waiting for the person's answer. */
export type RequestPrompt = { kind: 'request'; key: string; id: number; topic: string; method: string; title: string; rows: RequestRow[]; dapp: string }

/**
 * A one-click sign-in (WalletConnect `wc_sessionAuthenticate`): connect and sign in with the wallet
 * in one approval. `message` is the EIP-4361 text signed for the first chain (one per chain the
 * wallet has among those asked, each signed on approval).
 */
export type AuthenticatePrompt = { kind: 'authenticate'; key: string; id: number; title: string; dapp: { name: string; url: string }; chains: string[]; message: string }

export type Prompt = ProposalPrompt | RequestPrompt | AuthenticatePrompt

export type SessionView = { topic: string; name: string; url: string; icon: string | undefined; chains: string[]; accounts: string[]; methods: string[] }

export type Notice = { id: number; kind: 'info' | 'error'; text: string }

export type PhoneWalletState = {
  relay: 'connected' | 'offline'
  accounts: Array<{ index: number; address: Address; solanaAddress: string | undefined }>
  account: { index: number; address: Address; solanaAddress: string | undefined }
  chains: readonly PhoneWalletChain[]
  /** The Solana chains the wallet approves in a session's solana namespace. */
  solanaChains: readonly PhoneWalletSolanaChain[]
  chain: PhoneWalletChain
  /** Waiting for the person, oldest first; the page shows the first. */
  prompts: Prompt[]
  sessions: SessionView[]
  /** The latest message; `notices` keeps the last 20. */
  notice: Notice | undefined
  notices: Notice[]
}

export type PhoneWallet = {
  state(): PhoneWalletState
  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: (state: PhoneWalletState) => void): () => void
  /** Pairs with a `wc:` URI; false (with a notice saying why) when it is not one, expired or used. */
  pair(uri: string): Promise<boolean>
  /** Answers the prompt with this key (a proposal: approve the session; a request: do it). */
  approve(key: string): Promise<void>
  reject(key: string): Promise<void>
  /** Makes `chainId` the active chain in every session (adding it where missing), then emits chainChanged. */
  switchChain(chainId: number): Promise<void>
  /** Makes a dev account the session account everywhere (a session update), then emits accountsChanged. */
  switchAccount(index: number): Promise<void>
  disconnect(topic: string): Promise<void>
  /** Stops listening to WalletKit (the page never does; tests do). */
  stop(): void
}

export type PhoneWalletOptions = {
  walletKit: IWalletKit
  chains: readonly PhoneWalletChain[]
  accounts: readonly WalletAccount[]
  /** Solana chains (the sandbox's Localnet): a proposal's solana namespace is approved on them with the active account's Solana key. */
  solanaChains?: readonly PhoneWalletSolanaChain[] | undefined
  fetch?: typeof fetch
  now?: () => number
  /** The account and chain active at start (the page keeps them across reloads); the first of each otherwise. */
  initial?: { accountIndex?: number | undefined; chainId?: number | undefined }
  /**
   * What a session approval grants, when less than everything (the page's `?chains=` and
   * `?methods=`): only these chain ids and methods among the wallet's. Undefined: all of them.
   */
  grant?: { chains?: readonly number[] | undefined; methods?: readonly string[] | undefined }
}

const NOTICES_KEPT = 20

function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return url || 'an unnamed dapp'
  }
}

type RpcErrorBody = { code: number; message: string; data?: string }

/** A wallet error as a JSON-RPC error body; the node's `data` (revert data is a hex string) goes along. */
function toRpcError(error: unknown): RpcErrorBody {
  if (!(error instanceof WalletRpcError)) return { code: -32603, message: error instanceof Error ? error.message : String(error) }
  const data = error.data === undefined ? undefined : typeof error.data === 'string' ? error.data : JSON.stringify(error.data)
  return { code: error.code, message: error.message, ...(data === undefined ? {} : { data }) }
}

/** What the wallet asks for a proposal, in the words of the page. */
export function proposalPrompt(proposal: WalletKitTypes.SessionProposal, chains: readonly PhoneWalletChain[], solanaChains: readonly PhoneWalletSolanaChain[] = []): ProposalPrompt {
  const { params } = proposal
  const named = (caip: string) => chains.find((c) => `eip155:${c.id}` === caip)?.name ?? solanaChains.find((c) => c.caipNetworkId === caip)?.name
  const listed = (namespaces: ProposalTypes.RequiredNamespaces, required: boolean) =>
    Object.entries(namespaces).flatMap(([key, ns]) => (ns.chains ?? (key.includes(':') ? [key] : [])).map((caip) => ({ caip, name: named(caip), required })))
  const all = [...listed(params.requiredNamespaces, true), ...listed(params.optionalNamespaces ?? {}, false)]
  const seen = new Set<string>()
  const unique = all.filter((c) => (seen.has(c.caip) ? false : (seen.add(c.caip), true)))
  const methods = [...new Set([...Object.values(params.requiredNamespaces), ...Object.values(params.optionalNamespaces ?? {})].flatMap((ns) => ns.methods))]
  const metadata = params.proposer.metadata
  const dappName = metadata.name || originOf(metadata.url)
  const missing = unique.filter((c) => c.required && c.name === undefined).map((c) => c.caip)
  const blocker =
    missing.length > 0
      ? `${dappName} requires ${missing.join(', ')}, which this wallet does not have: only Reject is possible.`
      : unique.some((c) => c.name !== undefined)
        ? undefined
        : `${dappName} asks for no network this wallet has (${unique.map((c) => c.caip).join(', ') || 'none'}): only Reject is possible.`
  return {
    kind: 'proposal',
    key: `proposal:${proposal.id}`,
    id: proposal.id,
    title: `Connect to ${dappName}?`,
    dapp: { name: metadata.name, url: metadata.url, description: metadata.description, icon: metadata.icons[0] },
    chains: unique,
    methods,
    blocker,
  }
}

function sessionView(session: SessionTypes.Struct): SessionView {
  const ns = Object.values(session.namespaces)
  const metadata = session.peer.metadata
  return {
    topic: session.topic,
    name: metadata.name,
    url: metadata.url,
    icon: metadata.icons[0],
    chains: ns.flatMap((n) => n.chains ?? []),
    accounts: ns.flatMap((n) => n.accounts),
    methods: ns.flatMap((n) => n.methods),
  }
}

/**
 * The Sandbox Phone Wallet's logic over WalletKit, free of the DOM: pairing, proposals, requests
 * (signed with the same code as the injected Sandbox Wallet, so a node's error reaches the dapp
 * with the node's own code), chain and account changes, disconnects. The page renders `state()`.
 */
export function createPhoneWallet(options: PhoneWalletOptions): PhoneWallet {
  const { walletKit, chains, accounts } = options
  const solanaChains = options.solanaChains ?? []
  const now = options.now ?? Date.now
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  if (chains.length === 0 || accounts.length === 0) throw new Error('The phone wallet needs at least one chain and one account')

  let active = accounts.find((a) => a.index === options.initial?.accountIndex) ?? (accounts[0] as WalletAccount)
  let chain = chains.find((c) => c.id === options.initial?.chainId) ?? (chains[0] as PhoneWalletChain)
  let relay: PhoneWalletState['relay'] = walletKit.core.relayer.connected ? 'connected' : 'offline'
  const prompts: Prompt[] = []
  const answers = new Map<string, (approved: boolean) => void>()
  const proposals = new Map<number, WalletKitTypes.SessionProposal>()
  const notices: Notice[] = []
  const listeners = new Set<(state: PhoneWalletState) => void>()
  let nextNotice = 1

  /** Names of the sessions last seen, for the notice when a dapp ends one (it is gone by then). */
  const sessionNames = new Map<string, string>()
  const state = (): PhoneWalletState => {
    const sessions = Object.values(walletKit.getActiveSessions()).map(sessionView)
    for (const s of sessions) sessionNames.set(s.topic, s.name)
    return {
      relay,
      accounts: accounts.map((a) => ({ index: a.index, address: a.account.address, solanaAddress: a.solana?.address })),
      account: { index: active.index, address: active.account.address, solanaAddress: active.solana?.address },
      chains,
      solanaChains,
      chain,
      prompts: [...prompts],
      sessions,
      notice: notices.at(-1),
      notices: [...notices],
    }
  }
  const changed = (): void => {
    const snapshot = state()
    for (const listener of listeners) listener(snapshot)
  }
  const notify = (kind: Notice['kind'], text: string): void => {
    notices.push({ id: nextNotice++, kind, text })
    if (notices.length > NOTICES_KEPT) notices.splice(0, notices.length - NOTICES_KEPT)
    changed()
  }
  const removePrompt = (key: string): void => {
    const i = prompts.findIndex((p) => p.key === key)
    if (i >= 0) prompts.splice(i, 1)
  }

  /** Shows a request prompt; resolves with the person's answer (false if the request goes away). */
  const ask = (base: Omit<RequestPrompt, 'kind' | 'key' | 'title' | 'rows'>, title: string, rows: RequestRow[]): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      const key = `request:${base.topic}:${base.id}`
      prompts.push({ kind: 'request', key, title, rows, ...base })
      answers.set(key, (approved) => {
        answers.delete(key)
        removePrompt(key)
        resolve(approved)
        changed()
      })
      changed()
    })

  const chainFor = (caip: string): PhoneWalletChain | undefined => chains.find((c) => `eip155:${c.id}` === caip)
  const batches = new Map<string, WalletBatch>()

  /**
   * EIP-5792 capabilities advertised with the session (`sessionProperties.capabilities`, JSON by
   * address then hex chain id), when the session grants `wallet_getCapabilities`: a dapp reads them
   * without asking. Each chain's `atomic` as it is at approval (`ready` stays true once delegated: the
   * wallet runs the batch either way).
   */
  async function advertisedCapabilities(namespaces: SessionTypes.Namespaces): Promise<Record<string, string> | null> {
    const ns = namespaces['eip155']
    if (!ns?.methods.includes('wallet_getCapabilities')) return null
    const byAddress: Record<string, Record<string, { atomic: { status: string } }>> = {}
    for (const caip of ns.accounts) {
      const [, reference, address] = caip.split(':')
      const known = chains.find((c) => String(c.id) === reference)
      if (!known || !address) continue
      const status = await atomicStatusOn(asSandboxChain(known), address as Address, fetchFn).catch(() => 'unsupported' as const)
      ;(byAddress[address] ??= {})[numberToHex(known.id)] = { atomic: { status } }
    }
    return { capabilities: JSON.stringify(byAddress) }
  }
  const asSandboxChain = (c: PhoneWalletChain): SandboxChain => ({ id: c.id, name: c.name, rpcUrl: c.rpcUrl, nativeCurrency: c.nativeCurrency, blockExplorerUrl: c.blockExplorerUrl })

  const accountsOn = (chainIds: readonly string[]): string[] => chainIds.map((caip) => `${caip}:${active.account.address}`)

  /** The active account's Solana address on each of `chainIds`. */
  const solanaAccountsOn = (chainIds: readonly string[]): string[] => (active.solana ? chainIds.map((caip) => `${caip}:${active.solana!.address}`) : [])

  /**
   * The session's namespaces for the active account: eip155 with `chainIds` (`extraChain` added),
   * solana on its chains; undefined if it has neither.
   */
  const withChainsAndAccount = (session: SessionTypes.Struct, extraChain?: string): SessionTypes.Namespaces | undefined => {
    const { eip155, solana } = session.namespaces
    if (!eip155 && !solana) return undefined
    const namespaces = { ...session.namespaces }
    if (eip155) {
      const chainIds = [...new Set([...(eip155.chains ?? []), ...(extraChain ? [extraChain] : [])])]
      namespaces['eip155'] = { ...eip155, chains: chainIds, accounts: accountsOn(chainIds) }
    }
    // A Solana chain has one account per key: the active account's (an account without one keeps the session's).
    if (solana && active.solana) namespaces['solana'] = { ...solana, accounts: solanaAccountsOn(solana.chains ?? []) }
    return namespaces
  }

  const sameNamespaces = (a: SessionTypes.Namespaces, b: SessionTypes.Namespaces): boolean => JSON.stringify(a) === JSON.stringify(b)

  /** Updates a session to the active chain and account if it needs it, then emits what changed. */
  const applyToSession = async (session: SessionTypes.Struct, events: { chain: boolean; account: boolean }): Promise<void> => {
    const caip = `eip155:${chain.id}`
    const namespaces = withChainsAndAccount(session, session.namespaces.eip155 ? caip : undefined)
    if (!namespaces) return
    if (!sameNamespaces(namespaces, session.namespaces)) await (await walletKit.updateSession({ topic: session.topic, namespaces })).acknowledged()
    if (!session.namespaces.eip155) return
    if (events.chain) await walletKit.emitSessionEvent({ topic: session.topic, chainId: caip, event: { name: 'chainChanged', data: chain.id } })
    if (events.account) await walletKit.emitSessionEvent({ topic: session.topic, chainId: caip, event: { name: 'accountsChanged', data: [active.account.address] } })
  }

  /**
   * The wallet has one active chain: every session hears of a change. When a dapp asked for it
   * (`requestingTopic`), only that session's failure fails the request; the others are noted.
   */
  const switchTo = async (next: PhoneWalletChain, requestingTopic?: string): Promise<void> => {
    chain = next
    changed()
    for (const session of Object.values(walletKit.getActiveSessions())) {
      const applied = applyToSession(session, { chain: true, account: false })
      if (requestingTopic === undefined || session.topic === requestingTopic) await applied
      else await applied.catch((e: unknown) => notify('error', `Could not tell ${session.peer.metadata.name} about the network: ${String(e)}`))
    }
  }

  // ---- requests ------------------------------------------------------------------------------

  const handleRequest = async (event: WalletKitTypes.SessionRequest): Promise<unknown> => {
    const { id, topic, params } = event
    const { method } = params.request
    const session = walletKit.getActiveSessions()[topic]
    if (!session) throw internalError('The session is gone')
    const dapp = session.peer.metadata.name || originOf(session.peer.metadata.url)
    const origin = originOf(event.verifyContext.verified.origin || session.peer.metadata.url)
    if (method.startsWith('solana_')) {
      const solanaChain = solanaChains.find((c) => c.caipNetworkId === params.chainId)
      if (!solanaChain) throw unknownChain(params.chainId)
      if (!active.solana) throw unsupportedMethod(method)
      const asked = (description: { title: string; rows: RequestRow[] }) => ask({ id, topic, method, dapp }, description.title, description.rows)
      const answer = await handleSolanaRequest({ signer: active.solana, chain: solanaChain, origin, ask: asked, fetch: fetchFn }, method, params.request.params)
      if (method === 'solana_signAndSendTransaction') notify('info', `Transaction sent on ${solanaChain.name}: ${(answer as { signature: string }).signature}`)
      return answer
    }
    const requestChain = chainFor(params.chainId)
    if (!requestChain) throw unknownChain(params.chainId)
    const approve = (request: ApprovalRequest): Promise<boolean> => {
      const described = describeRequest(request)
      return ask({ id, topic, method, dapp }, described.title, described.rows)
    }
    const ctx: SigningContext = { account: active.account, approve, origin, chain: asSandboxChain(requestChain), fetch: fetchFn }
    // EIP-5792 on the request's chain; the batches it ran are the wallet's, across requests.
    const chainById = (chainId: number) => {
      const known = chains.find((c) => c.id === chainId)
      return known ? asSandboxChain(known) : undefined
    }
    const walletCalls = () => createWalletCalls({ signing: () => ctx, chainById, activeChain: () => ctx.chain, fetch: fetchFn }, batches)
    switch (method) {
      case 'wallet_getCapabilities':
        return walletCalls().getCapabilities(params.request.params)
      case 'wallet_sendCalls':
        return walletCalls().sendCalls(params.request.params)
      case 'wallet_getCallsStatus':
        return walletCalls().getCallsStatus(params.request.params)
      case 'personal_sign':
        return personalSign(ctx, params.request.params)
      case 'eth_signTypedData_v4':
      case 'eth_signTypedData':
        return signTypedDataV4(ctx, params.request.params)
      case 'eth_sendTransaction': {
        const hash = await sendTransaction(ctx, params.request.params)
        notify('info', `Transaction sent on ${requestChain.name}: ${hash}`)
        return hash
      }
      case 'wallet_switchEthereumChain': {
        const [{ chainId }] = parseParams(chainIdParams, params.request.params, method)
        const id_ = parseChainId(chainId)
        if (id_ === undefined) throw invalidParams(`wallet_switchEthereumChain: chainId ${chainId} is not a chain id`)
        const target = chains.find((c) => c.id === id_)
        if (!target) throw unknownChain(chainId)
        const approved = await ask({ id, topic, method, dapp }, `Switch to ${target.name} for ${origin}?`, [
          { label: 'Network', value: `${target.name} (${target.id})` },
          { label: 'From', value: `${chain.name} (${chain.id})` },
        ])
        if (!approved) throw userRejected()
        await switchTo(target, topic)
        notify('info', `Switched to ${target.name}`)
        return null
      }
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [active.account.address]
      case 'eth_chainId':
        return numberToHex(requestChain.id)
      default:
        throw unsupportedMethod(method)
    }
  }

  const onRequest = (event: WalletKitTypes.SessionRequest): void => {
    void (async () => {
      let response: { id: number; jsonrpc: '2.0'; result: unknown } | { id: number; jsonrpc: '2.0'; error: RpcErrorBody }
      try {
        response = { id: event.id, jsonrpc: '2.0', result: await handleRequest(event) }
      } catch (error) {
        const rpcError = toRpcError(error)
        response = { id: event.id, jsonrpc: '2.0', error: rpcError }
        if (rpcError.code !== 4001) notify('error', `${event.params.request.method} failed: ${rpcError.message}`)
        else notify('info', `Rejected ${event.params.request.method}`)
      }
      try {
        await walletKit.respondSessionRequest({ topic: event.topic, response })
      } catch (error) {
        notify('error', `Could not answer ${event.params.request.method}: ${error instanceof Error ? error.message : String(error)}`)
      }
    })()
  }

  // ---- WalletKit events -----------------------------------------------------------------------

  const onProposal = (proposal: WalletKitTypes.SessionProposal): void => {
    proposals.set(proposal.id, proposal)
    prompts.push(proposalPrompt(proposal, chains, solanaChains))
    changed()
  }
  /** The request as this wallet answers it: only its own chains (active first) and methods, for the active account. */
  const authRequests = new Map<number, WalletKitTypes.SessionAuthenticate>()
  const authPayloadOf = (event: WalletKitTypes.SessionAuthenticate) => {
    const ordered = [chain, ...chains.filter((c) => c.id !== chain.id)].map((c) => `eip155:${c.id}`)
    return populateAuthPayload({ authPayload: event.params.authPayload, chains: ordered, methods: [...PHONE_WALLET_METHODS] })
  }
  const onAuthenticate = (event: WalletKitTypes.SessionAuthenticate): void => {
    const metadata = event.params.requester.metadata
    const dappName = metadata.name || originOf(metadata.url)
    const payload = authPayloadOf(event)
    if (payload.chains.length === 0) {
      void walletKit.rejectSessionAuthenticate({ id: event.id, reason: getSdkError('UNSUPPORTED_CHAINS') }).catch(() => undefined)
      notify('error', `${dappName} asked to sign in on no network this wallet has`)
      return
    }
    authRequests.set(event.id, event)
    const iss = `did:pkh:${payload.chains[0]}:${active.account.address}`
    prompts.push({
      kind: 'authenticate',
      key: `authenticate:${event.id}`,
      id: event.id,
      title: `Connect to ${dappName} and sign in?`,
      dapp: { name: metadata.name, url: metadata.url },
      chains: payload.chains,
      message: walletKit.formatAuthMessage({ request: payload, iss }),
    })
    changed()
  }

  /** Approves a one-click sign-in: one signed CACAO per chain, then the session they grant. */
  const approveAuthenticate = async (prompt: AuthenticatePrompt): Promise<void> => {
    const event = authRequests.get(prompt.id)
    authRequests.delete(prompt.id)
    removePrompt(prompt.key)
    changed()
    if (!event) return
    try {
      const payload = authPayloadOf(event)
      const auths = []
      for (const caip of payload.chains) {
        const iss = `did:pkh:${caip}:${active.account.address}`
        const message = walletKit.formatAuthMessage({ request: payload, iss })
        const signature = await active.account.signMessage({ message })
        auths.push(buildAuthObject(payload, { t: 'eip191', s: signature }, iss))
      }
      await walletKit.approveSessionAuthenticate({ id: event.id, auths })
      notify('info', `Connected to ${prompt.dapp.name} and signed in`)
    } catch (error) {
      notify('error', `Could not sign in to ${prompt.dapp.name}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  const onProposalExpire = ({ id }: { id: number }): void => {
    if (!proposals.delete(id)) return
    removePrompt(`proposal:${id}`)
    notify('error', 'The connection request expired. Ask the dapp for a new link.')
  }
  const onRequestExpire = ({ id }: { id: number }): void => {
    for (const prompt of prompts) if (prompt.kind === 'request' && prompt.id === id) answers.get(prompt.key)?.(false)
  }
  const onDelete = ({ topic }: { topic: string }): void => {
    for (const prompt of [...prompts]) if (prompt.kind === 'request' && prompt.topic === topic) answers.get(prompt.key)?.(false)
    notify('info', `${sessionNames.get(topic) ?? 'A dapp'} ended the session`)
  }
  const onRelayConnect = (): void => {
    relay = 'connected'
    changed()
  }
  const onRelayDisconnect = (): void => {
    relay = 'offline'
    changed()
  }

  walletKit.on('session_proposal', onProposal)
  walletKit.on('session_authenticate', onAuthenticate)
  walletKit.on('proposal_expire', onProposalExpire)
  walletKit.on('session_request', onRequest)
  walletKit.on('session_request_expire', onRequestExpire)
  walletKit.on('session_delete', onDelete)
  walletKit.core.relayer.on('relayer_connect', onRelayConnect)
  walletKit.core.relayer.on('relayer_disconnect', onRelayDisconnect)

  return {
    state,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },

    async pair(input) {
      const checked = checkPairingUri(input, now())
      if (!checked.ok) {
        notify('error', checked.message)
        return false
      }
      if (walletKit.core.pairing.getPairings().some((p) => p.topic === checked.pairing.topic)) {
        notify('error', URI_MESSAGES.used)
        return false
      }
      try {
        await walletKit.pair({ uri: checked.uri })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        notify('error', /already exists/i.test(message) ? URI_MESSAGES.used : /expired/i.test(message) ? URI_MESSAGES.expired : `Pairing failed: ${message}`)
        return false
      }
      notify('info', 'Paired: waiting for the dapp’s connection request…')
      return true
    },

    async approve(key) {
      const answer = answers.get(key)
      if (answer) return answer(true)
      const prompt = prompts.find((p) => p.key === key)
      if (prompt?.kind === 'authenticate') return approveAuthenticate(prompt)
      if (prompt?.kind !== 'proposal') return
      const proposal = proposals.get(prompt.id)
      if (!proposal) return
      if (prompt.blocker !== undefined) {
        notify('error', prompt.blocker)
        return
      }
      const grantedChains = options.grant?.chains
      const ordered = [chain, ...chains.filter((c) => c.id !== chain.id)].filter((c) => grantedChains === undefined || grantedChains.includes(c.id)).map((c) => `eip155:${c.id}`)
      const grantedMethods = options.grant?.methods
      const methods = PHONE_WALLET_METHODS.filter((m) => grantedMethods === undefined || grantedMethods.includes(m))
      const solanaMethods = PHONE_WALLET_SOLANA_METHODS.filter((m) => grantedMethods === undefined || grantedMethods.includes(m))
      const solanaIds = solanaChains.map((c) => c.caipNetworkId)
      // The solana namespace with the active account's Solana key, where the wallet has Solana chains and the key.
      const supportedNamespaces: Parameters<typeof buildApprovedNamespaces>[0]['supportedNamespaces'] = {
        eip155: { chains: ordered, methods, events: [...PHONE_WALLET_EVENTS], accounts: accountsOn(ordered) },
      }
      if (active.solana && solanaIds.length > 0) supportedNamespaces['solana'] = { chains: solanaIds, methods: solanaMethods, events: [], accounts: solanaAccountsOn(solanaIds) }
      let namespaces: SessionTypes.Namespaces
      try {
        namespaces = buildApprovedNamespaces({ proposal: proposal.params, supportedNamespaces })
      } catch (error) {
        notify('error', `Cannot approve: ${error instanceof Error ? error.message : String(error)}`)
        return
      }
      if (!namespaces.eip155 && !namespaces.solana) {
        notify('error', `${prompt.dapp.name} asks for no network this wallet has. Reject it instead.`)
        return
      }
      proposals.delete(prompt.id)
      removePrompt(key)
      try {
        const sessionProperties = await advertisedCapabilities(namespaces)
        await walletKit.approveSession({ id: prompt.id, namespaces, ...(sessionProperties ? { sessionProperties } : {}) })
        notify('info', `Connected to ${prompt.dapp.name}`)
      } catch (error) {
        notify('error', `Could not connect to ${prompt.dapp.name}: ${error instanceof Error ? error.message : String(error)}`)
      }
    },

    async reject(key) {
      const answer = answers.get(key)
      if (answer) return answer(false)
      const prompt = prompts.find((p) => p.key === key)
      if (prompt?.kind === 'authenticate') {
        authRequests.delete(prompt.id)
        removePrompt(key)
        changed()
        await walletKit.rejectSessionAuthenticate({ id: prompt.id, reason: getSdkError('USER_REJECTED') }).catch(() => undefined)
        return notify('info', `Rejected the sign-in request from ${prompt.dapp.name}`)
      }
      if (prompt?.kind !== 'proposal') return
      proposals.delete(prompt.id)
      removePrompt(key)
      try {
        await walletKit.rejectSession({ id: prompt.id, reason: getSdkError('USER_REJECTED') })
        notify('info', `Rejected the connection request from ${prompt.dapp.name}`)
      } catch (error) {
        notify('error', `Could not reject: ${error instanceof Error ? error.message : String(error)}`)
      }
    },

    async switchChain(chainId) {
      const target = chains.find((c) => c.id === chainId)
      if (!target) return notify('error', `This wallet has no chain ${chainId}`)
      try {
        await switchTo(target)
        notify('info', `Switched to ${target.name}`)
      } catch (error) {
        notify('error', `Could not switch the network: ${error instanceof Error ? error.message : String(error)}`)
      }
    },

    async switchAccount(index) {
      const next = accounts.find((a) => a.index === index)
      if (!next) return notify('error', `This wallet has no account ${index}`)
      active = next
      changed()
      try {
        for (const session of Object.values(walletKit.getActiveSessions())) await applyToSession(session, { chain: false, account: true })
        notify('info', `Switched to account ${index}`)
      } catch (error) {
        notify('error', `Could not switch the account: ${error instanceof Error ? error.message : String(error)}`)
      }
    },

    async disconnect(topic) {
      const session = walletKit.getActiveSessions()[topic]
      for (const prompt of [...prompts]) if (prompt.kind === 'request' && prompt.topic === topic) answers.get(prompt.key)?.(false)
      try {
        await walletKit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
        notify('info', `Disconnected from ${session?.peer.metadata.name ?? 'the dapp'}`)
      } catch (error) {
        notify('error', `Could not disconnect: ${error instanceof Error ? error.message : String(error)}`)
      }
    },

    stop() {
      walletKit.off('session_proposal', onProposal)
      walletKit.off('session_authenticate', onAuthenticate)
      walletKit.off('proposal_expire', onProposalExpire)
      walletKit.off('session_request', onRequest)
      walletKit.off('session_request_expire', onRequestExpire)
      walletKit.off('session_delete', onDelete)
      walletKit.core.relayer.off('relayer_connect', onRelayConnect)
      walletKit.core.relayer.off('relayer_disconnect', onRelayDisconnect)
      listeners.clear()
    },
  }
}
