import { numberToHex } from 'viem'
import { CallsStatusNotApprovedError, CapabilitiesAddressMissingError, MESSAGES, PorticoError, SchemaValidationError, SwitchChainError } from '@portico/shared-types/errors'
import { parseWith } from '@portico/shared-types/parse'
import type { WalletConnectSolanaMethod } from '@portico/shared-types/solana'
import type { z } from 'zod/mini'
import { capabilitiesSchema, isEip5792Method, type Capabilities } from '@portico/shared-types/eip5792'
import type { CaipNetworkId, WalletConnectRequestParameters } from '@portico/shared-types'
import type { WalletAnswer } from '@portico/shared-types/write'
import type { CoreContext } from '../../infra/context.ts'
import { failure, type SessionState } from './sessionState.ts'
import type { UniversalProviderClient as UniversalProvider } from './universalProvider.ts'

export type Requests = {
  /** An EIP-1193 request through the session; errors come back as the wallet's code and message. */
  request(params: WalletConnectRequestParameters): Promise<WalletAnswer>
  /** SPEC.md §4: the chain id normalised to hex; an approved chain becomes the default; else wallet_switchEthereumChain when allowed; else the §8 error. */
  switchChain(caipNetworkId: CaipNetworkId): Promise<WalletAnswer>
}

/** What a tab asks of the wallet through the session: signatures and transactions to the wallet, reads to the `rpcMap`. */
export function createRequests(ctx: CoreContext, load: () => Promise<UniversalProvider>, session: SessionState): Requests {
  /** The Solana chain the visitor last switched to, while the session approves it. */
  let solanaChain: CaipNetworkId | null = null
  async function switchChain(caipNetworkId: CaipNetworkId): Promise<WalletAnswer> {
    try {
      const p = await load()
      if (!p.session) return failure(new PorticoError(MESSAGES.sessionNotInitialized))
      if (caipNetworkId.startsWith('solana:')) {
        // Solana has no switching method: a chain the session approved is used from now on, another is refused.
        if (!session.state().session?.namespaces['solana']?.chains.includes(caipNetworkId)) return failure(new SwitchChainError(caipNetworkId))
        solanaChain = caipNetworkId
        await session.changed(p)
        return { ok: true, result: null }
      }
      const chainIdHex = numberToHex(Number(caipNetworkId.split(':')[1]))
      const ns = session.state().session?.namespaces.eip155
      if (ns?.chains.includes(caipNetworkId)) {
        p.setDefaultChain(caipNetworkId)
        await session.changed(p, caipNetworkId)
        return { ok: true, result: null }
      }
      if (ns?.methods.includes('wallet_switchEthereumChain')) {
        const from = session.state().session?.defaultChain ?? undefined
        await p.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainIdHex }] }, from)
        p.setDefaultChain(caipNetworkId)
        await session.changed(p, caipNetworkId)
        return { ok: true, result: null }
      }
      return failure(new SwitchChainError(caipNetworkId))
    } catch (error) {
      return failure(error)
    }
  }

  /**
   * The Solana chain a request goes to: the one asked for, else the one switched to, else the one the
   * dapp is on, else the session's first, among those the session approved.
   */
  function solanaChainOf(asked: string | undefined): string | null {
    const approved = session.state().session?.namespaces['solana']?.chains ?? []
    const active = ctx.store.get().activeCaipNetworkId
    return [asked, solanaChain, ctx.store.get().connections.solana?.caipAddress?.split(':').slice(0, 2).join(':'), active].find((c) => !!c && approved.includes(c)) ?? approved[0] ?? null
  }

  /**
   * One of WalletConnect's Solana methods through the session: the params as WalletConnect's Solana
   * RPC takes them (one object; the page's steps hand `[{ transaction }]`, a message without `pubkey`
   * is signed by the session's account), checked, and the wallet's answer checked by its schema.
   */
  async function solanaRequest(p: UniversalProvider, method: string, requestParams: unknown, asked: string | undefined): Promise<WalletAnswer> {
    // Loaded with the first Solana request: the core of an EVM-only dapp never fetches it.
    const { isWalletConnectSolanaMethod, walletConnectSolanaAnswerSchemas, walletConnectSolanaParamsSchemas } = await import('@portico/shared-types/solana')
    const chain = solanaChainOf(asked)
    if (!chain || !isWalletConnectSolanaMethod(method) || !session.state().session?.namespaces['solana']?.methods.includes(method)) {
      return failure(Object.assign(new PorticoError(`${method} is not approved by the wallet`), { code: UNSUPPORTED_METHOD }))
    }
    const given = Array.isArray(requestParams) ? (requestParams as unknown[])[0] : requestParams
    const account = session.accountOf(p, 'solana')
    const withKey = method === 'solana_signMessage' && typeof given === 'object' && given !== null && !('pubkey' in given) && account ? { ...given, pubkey: account.split(':')[2] } : given
    const schema: z.ZodMiniType = walletConnectSolanaParamsSchemas[method as WalletConnectSolanaMethod]
    const params = schema.safeParse(withKey)
    if (!params.success) return failure(Object.assign(new SchemaValidationError(`${method} params`, params.error.issues), { code: INVALID_PARAMS }))
    const answer = await p.request({ method, params: params.data as Record<string, unknown> }, chain)
    return { ok: true, result: parseWith(walletConnectSolanaAnswerSchemas[method as WalletConnectSolanaMethod], answer, `${method} answer`) }
  }

  return {
    async request({ method, params: requestParams, caipNetworkId }) {
      try {
        const p = await load()
        if (!p.session) return failure(new PorticoError(MESSAGES.connectBeforeRequest))
        if (method === 'wallet_switchEthereumChain') {
          const [first] = Array.isArray(requestParams) ? (requestParams as { chainId?: string }[]) : []
          if (!first?.chainId) return failure(Object.assign(new PorticoError('Missing chainId'), { code: -32602 }))
          return await switchChain(`eip155:${Number(first.chainId)}`)
        }
        if (method.startsWith('solana_')) return await solanaRequest(p, method, requestParams, caipNetworkId)
        if (isEip5792Method(method)) {
          const answered = eip5792Gate(method, requestParams, p.session as { sessionProperties?: Record<string, unknown> }, session.state().session?.namespaces.eip155?.methods ?? [])
          if (answered) return answered
        }
        const chain = caipNetworkId ?? session.state().session?.defaultChain ?? ctx.store.get().activeCaipNetworkId ?? undefined
        const result = await p.request({ method, ...(requestParams !== undefined ? { params: requestParams as unknown[] } : {}) }, chain)
        return { ok: true, result }
      } catch (error) {
        return failure(error)
      }
    },
    switchChain,
  }
}

/** EIP-1193's code for a method the wallet does not offer (here: not approved in the session). */
const UNSUPPORTED_METHOD = 4200
/** JSON-RPC's code for params that do not fit the method. */
const INVALID_PARAMS = -32602

/**
 * EIP-5792 through a WalletConnect session (SPEC.md §7, §8), before anything goes to the wallet: the
 * capabilities request names an address; capabilities the wallet put in its session's properties are
 * answered from there; a method the session did not approve is refused (`wallet_getCallsStatus` with
 * §8's text). Null: ask the wallet.
 */
function eip5792Gate(method: string, params: unknown, session: { sessionProperties?: Record<string, unknown> }, approved: readonly string[]): WalletAnswer | null {
  if (method === 'wallet_getCapabilities') {
    const [address, chainIds] = Array.isArray(params) ? (params as unknown[]) : []
    if (typeof address !== 'string' || !address) return failure(new CapabilitiesAddressMissingError())
    const advertised = advertisedCapabilities(session.sessionProperties, address)
    if (advertised) {
      // Only the chains asked about, when the request names them.
      const asked = Array.isArray(chainIds) ? chainIds.filter((id): id is string => typeof id === 'string').map((id) => id.toLowerCase()) : null
      return { ok: true, result: asked ? Object.fromEntries(Object.entries(advertised).filter(([id]) => asked.includes(id.toLowerCase()))) : advertised }
    }
  }
  if (approved.includes(method)) return null
  if (method === 'wallet_getCallsStatus') return failure(new CallsStatusNotApprovedError())
  return failure(Object.assign(new PorticoError(`${method} is not approved by the wallet`), { code: UNSUPPORTED_METHOD }))
}

/**
 * Capabilities a wallet advertised in its session's properties (`capabilities`: JSON, either by
 * address or for every account), parsed by the shared schema; null when it advertised none.
 */
function advertisedCapabilities(properties: Record<string, unknown> | undefined, address: string): Capabilities | null {
  const raw = properties?.['capabilities']
  if (typeof raw !== 'string') return null
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return null
  }
  const byAddress = typeof parsed === 'object' && parsed !== null ? Object.entries(parsed).find(([key]) => key.toLowerCase() === address.toLowerCase())?.[1] : undefined
  const capabilities = capabilitiesSchema.safeParse(byAddress ?? parsed)
  return capabilities.success ? capabilities.data : null
}
