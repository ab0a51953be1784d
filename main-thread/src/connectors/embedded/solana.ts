import { ProviderRpcError, UnauthorizedProviderError, UserRejectedRequestError } from 'viem'
import { AUTH_CONNECTOR_ID } from '@portico/shared-types/connectors'
import type { EmbeddedUser } from '@portico/shared-types/embedded'
import { classifyRpcMethod, USER_REJECTED_CODE } from '@portico/shared-types/embedded-rpc'
import type { Eip1193Provider } from '@portico/shared-types/eip1193'
import { MESSAGES, SwitchChainError, WalletError } from '@portico/shared-types/errors'
import type { CaipAddress, CaipNetworkId } from '@portico/shared-types/light'
import type { Network } from '@portico/shared-types'
import type { ConnectorSourceContext } from '../registry.ts'
import { EmbeddedWalletError } from './errors.ts'
import type { FrameClient } from './frame.ts'

type SourceApi = ConnectorSourceContext['api']
type Approvals = NonNullable<ConnectorSourceContext['approvals']>

/**
 * The embedded wallet's Solana account (SPEC.md §4: an eoa on solana; §9: the auth connector serves
 * eip155 and solana): the frame keeps one ed25519 key per user next to its EVM key and answers its
 * address with the user. The account is named on the dapp's Solana network: the one asked for, the
 * active one, the one held, else the first configured.
 */
export function embeddedSolana(networks: readonly Network[], api: SourceApi) {
  const solanaNetworks = networks.filter((n) => n.chainNamespace === 'solana')
  const known = (id: string | null | undefined): id is CaipNetworkId => solanaNetworks.some((n) => n.caipNetworkId === id)
  let chosen: CaipNetworkId | null = null
  const network = async (asked?: Network): Promise<CaipNetworkId | undefined> => {
    if (asked?.chainNamespace === 'solana' && known(asked.caipNetworkId)) chosen = asked.caipNetworkId
    if (chosen) return chosen
    const state = await api.getState()
    const held = state.connections.solana
    const heldNetwork = held?.connectorId === AUTH_CONNECTOR_ID ? held.caipAddress?.split(':').slice(0, 2).join(':') : undefined
    return [state.activeCaipNetworkId, heldNetwork].find(known) ?? solanaNetworks[0]?.caipNetworkId
  }
  return {
    networks: solanaNetworks,
    /** The user's Solana account as `solana:<ref>:<address>`, or null (no Solana network, or a frame without Solana keys). */
    async account(user: EmbeddedUser | null, asked?: Network): Promise<CaipAddress | null> {
      const id = await network(asked)
      return user?.solanaAddress && id ? (`${id}:${user.solanaAddress}` as CaipAddress) : null
    },
    /** The same key on every Solana network of the dapp: only the network the account is named on changes. */
    switchNetwork(to: Network): void {
      if (!known(to.caipNetworkId)) throw new SwitchChainError(to.caipNetworkId)
      chosen = to.caipNetworkId
    },
  }
}

/**
 * The embedded wallet's Solana provider: the core's Solana steps (`solana_signAndSendTransaction`,
 * `solana_signMessage`, `solana_signTransaction`) go to the frame, which shows each in its own
 * approval and signs with the key it keeps; any other method is refused as on eip155.
 */
export function embeddedSolanaProvider(deps: {
  approvals: Approvals
  loadedFrame: () => FrameClient | null
  ensureChecked: () => Promise<CaipAddress | null>
  account: () => Promise<CaipAddress | null>
  getFrame: () => Promise<FrameClient>
}): Eip1193Provider {
  const { approvals, loadedFrame, ensureChecked, account, getFrame } = deps
  return {
    async request({ method, params }) {
      if (classifyRpcMethod(method) !== 'unsafe' || !method.startsWith('solana_')) {
        approvals.notAllowed(
          method,
          () =>
            void loadedFrame()
              ?.request('ABORT_APPROVALS', {})
              .catch(() => undefined),
        )
        throw new ProviderRpcError(new WalletError(MESSAGES.rpcNotAllowed, { code: 4200 }), { code: 4200, shortMessage: MESSAGES.rpcNotAllowed })
      }
      await ensureChecked()
      const caipAddress = await account()
      if (!caipAddress) throw new UnauthorizedProviderError(new WalletError('The embedded wallet is signed out', { code: UnauthorizedProviderError.code }))
      const [namespace, reference] = caipAddress.split(':')
      try {
        const { result } = await (await getFrame()).request('RPC_REQUEST', { method, params, chainId: `${namespace}:${reference}` })
        return result
      } catch (error) {
        // The visitor rejected in the frame's approval, or the page gave up on it (EIP-1193 4001).
        if (error instanceof EmbeddedWalletError && error.code === USER_REJECTED_CODE) throw new UserRejectedRequestError(error)
        throw error
      }
    },
  }
}
