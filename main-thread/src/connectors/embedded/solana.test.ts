import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Network } from '@portico/shared-types'
import { AUTH_CONNECTOR_ID } from '@portico/shared-types/connectors'
import { SwitchChainError } from '@portico/shared-types/errors'
import { EmbeddedWalletError } from './errors.ts'
import type { FrameClient } from './frame.ts'
import { embeddedSolana, embeddedSolanaProvider } from './solana.ts'
import type { ConnectorSourceContext } from '../registry.ts'

const LOCALNET = 'solana:CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4'
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VL2Mcfq'
const ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const network = (caipNetworkId: string, chainNamespace: 'solana' | 'eip155' = 'solana') =>
  ({ caipNetworkId, chainNamespace, id: caipNetworkId.split(':')[1], name: caipNetworkId }) as unknown as Network
const NETWORKS = [network('eip155:31337', 'eip155'), network(LOCALNET), network(DEVNET)]
const user = { address: '0x0000000000000000000000000000000000000001', chainId: 31337, solanaAddress: ADDRESS }

/** The core's state as far as the Solana account reads it. */
const api = (state: { activeCaipNetworkId?: string; solana?: string }) =>
  ({
    getState: async () => ({
      activeCaipNetworkId: state.activeCaipNetworkId ?? null,
      connections: state.solana ? { solana: { status: 'connected', connectorId: AUTH_CONNECTOR_ID, caipAddress: state.solana } } : {},
    }),
  }) as unknown as ConnectorSourceContext['api']

describe('the embedded wallet’s Solana account', () => {
  it('is named on the network asked for, else the active one, the one held, the first configured', async () => {
    expect(await embeddedSolana(NETWORKS, api({})).account(user)).toBe(`${LOCALNET}:${ADDRESS}`)
    expect(await embeddedSolana(NETWORKS, api({ activeCaipNetworkId: DEVNET })).account(user)).toBe(`${DEVNET}:${ADDRESS}`)
    expect(await embeddedSolana(NETWORKS, api({ activeCaipNetworkId: 'eip155:31337', solana: `${DEVNET}:${ADDRESS}` })).account(user)).toBe(`${DEVNET}:${ADDRESS}`)
    const asked = embeddedSolana(NETWORKS, api({}))
    expect(await asked.account(user, network(DEVNET))).toBe(`${DEVNET}:${ADDRESS}`)
    expect(await asked.account(user)).toBe(`${DEVNET}:${ADDRESS}`)
    // No Solana key from the frame, or no Solana network in the dapp: no account.
    expect(await embeddedSolana(NETWORKS, api({})).account({ ...user, solanaAddress: undefined })).toBeNull()
    expect(await embeddedSolana([NETWORKS[0]!], api({})).account(user)).toBeNull()
  })

  it('switches between the dapp’s Solana networks only', async () => {
    const solana = embeddedSolana(NETWORKS, api({}))
    solana.switchNetwork(network(DEVNET))
    expect(await solana.account(user)).toBe(`${DEVNET}:${ADDRESS}`)
    const mainnet = () => solana.switchNetwork(network('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))
    expect(mainnet).toThrow(SwitchChainError)
    expect(mainnet).toThrow("Failed to switch to chain 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'. The chain is not approved or the wallet does not support 'wallet_switchEthereumChain' method")
    expect(await solana.account(user)).toBe(`${DEVNET}:${ADDRESS}`)
  })

  it('sends the Solana signing methods to the frame on the account’s network, refuses the rest, and turns a rejection in the frame into viem’s', async () => {
    const asked: unknown[] = []
    let answer: () => unknown = () => ({ result: { signature: 'sig' } })
    const frame = { request: async (event: string, payload: unknown) => (asked.push([event, payload]), answer()) } as unknown as FrameClient
    const refused: string[] = []
    const approvals = { notAllowed: (method: string) => void refused.push(method), show: () => undefined, hide: () => undefined }
    const provider = embeddedSolanaProvider({ approvals, loadedFrame: () => frame, ensureChecked: async () => null, account: async () => `${LOCALNET}:${ADDRESS}`, getFrame: async () => frame })
    const params = [{ transaction: 'AAAA' }]
    expect(await provider.request({ method: 'solana_signAndSendTransaction', params })).toEqual({ signature: 'sig' })
    expect(asked).toEqual([['RPC_REQUEST', { method: 'solana_signAndSendTransaction', params, chainId: LOCALNET }]])
    await expect(provider.request({ method: 'eth_sendTransaction', params: [] })).rejects.toThrow('Requested RPC call is not allowed')
    await expect(provider.request({ method: 'solana_getBalance', params: [] })).rejects.toThrow('Requested RPC call is not allowed')
    expect(refused).toEqual(['eth_sendTransaction', 'solana_getBalance'])
    answer = () => {
      throw new EmbeddedWalletError('The visitor rejected the request', { code: 4001 })
    }
    await expect(provider.request({ method: 'solana_signMessage', params: [{ message: '3yZe7d' }] })).rejects.toBeInstanceOf(UserRejectedRequestError)
    const signedOut = embeddedSolanaProvider({ approvals, loadedFrame: () => null, ensureChecked: async () => null, account: async () => null, getFrame: async () => frame })
    await expect(signedOut.request({ method: 'solana_signMessage', params: [{ message: '3yZe7d' }] })).rejects.toThrow(/signed out/)
  })
})
