import { numberToHex } from 'viem'
import { MESSAGES, PorticoError, SwitchChainError } from '@portico/shared-types/errors'
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
  async function switchChain(caipNetworkId: CaipNetworkId): Promise<WalletAnswer> {
    try {
      const p = await load()
      if (!p.session) return failure(new PorticoError(MESSAGES.sessionNotInitialized))
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
