import { WALLET_CONNECT_CONNECTOR_ID } from '@portico/shared-types/connectors'
import type { Eip1193Provider } from '@portico/shared-types/eip1193'
import { SwitchChainError, WalletError } from '@portico/shared-types/errors'
import type { CaipAddress } from '@portico/shared-types/light'
import type { WalletAnswer } from '@portico/shared-types/write'
import type { ConnectorSourceContext } from './registry.ts'
import { isUserRejection, providerHelpers } from './walletErrors.ts'
import type { Connector, ConnectorSource } from './types.ts'

/** A failed answer from the core as the error a wallet would throw: viem's with the wallet's code, or the client's plain message (SPEC.md §8). */
async function answerError(error: Extract<WalletAnswer, { ok: false }>['error']): Promise<Error> {
  const cause = new WalletError(error.message, { code: error.code, data: error.data })
  return typeof error.code === 'number' ? (await providerHelpers()).toProviderError(cause) : cause
}

async function unwrap(answer: WalletAnswer): Promise<unknown> {
  if (answer.ok) return answer.result
  throw await answerError(answer.error)
}

/**
 * WalletConnect (type WALLET_CONNECT): the session lives in the core (one relay socket and one session
 * for every tab, `worker-core/src/features/walletconnect/`), so this connector only forwards: eip155
 * requests, and WalletConnect's Solana methods (`solana_signAndSendTransaction`...), which the core
 * sends to the session's Solana chain. The pairing URI
 * and the session are core state every tab follows; the core records approval, the wallet's chain and
 * account changes and a session delete itself, so there is nothing to subscribe to here.
 */
export function walletConnectSource({ api, config }: ConnectorSourceContext): ConnectorSource {
  const provider: Eip1193Provider = {
    request: async ({ method, params }) => unwrap(await api.walletConnectRequest({ method, params })),
  }
  const connector: Connector = {
    id: WALLET_CONNECT_CONNECTOR_ID,
    type: 'WALLET_CONNECT',
    name: 'WalletConnect',
    // One session for both namespaces: the proposal asks for solana too when the dapp has Solana networks (its Solana methods go through the session).
    namespaces: config.networks.some((network) => network.chainNamespace === 'solana') ? ['eip155', 'solana'] : ['eip155'],
    approval: 'wallet',
    async connect() {
      const caipAddress = await unwrap(await api.connectWalletConnect())
      if (typeof caipAddress !== 'string') throw (await providerHelpers()).providerError(4100, 'The wallet approved no account')
      return caipAddress as CaipAddress
    },
    disconnect: () => api.disconnectWalletConnect(),
    getCaipAddress: (namespace = 'eip155') => api.getWalletConnectAccount(namespace),
    async switchChain(network) {
      const answer = await api.switchWalletConnectChain(network.caipNetworkId)
      if (answer.ok) return
      const cause = await answerError(answer.error)
      if (isUserRejection(cause)) throw cause
      throw new SwitchChainError(network.caipNetworkId, { cause })
    },
    getProvider: async () => provider,
    subscribe: () => () => undefined,
  }
  return { connectors: () => [connector], subscribe: () => () => undefined, destroy: () => undefined }
}
