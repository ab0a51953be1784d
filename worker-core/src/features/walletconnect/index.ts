import { disconnectedConnection, type CaipNetworkId, type ChainNamespace } from '@portico/shared-types'
import { WALLET_CONNECT_CONNECTOR_ID } from '@portico/shared-types/connectors'
import type { Feature } from '../feature.ts'
import { createWalletConnect, type CreateWalletConnectParameters } from './walletConnect.ts'

type WalletConnectMethods = 'prepareWalletConnect' | 'connectWalletConnect' | 'getWalletConnectAccount' | 'walletConnectRequest' | 'switchWalletConnectChain' | 'disconnectWalletConnect'

/**
 * WalletConnect, one client and one relay socket for every tab: a session the wallet approves
 * connects every tab, a one-click sign-in that verifies becomes a SIWX session, and a session the
 * wallet ends disconnects every tab.
 */
export const walletConnectApi =
  (params?: CreateWalletConnectParameters): Feature<WalletConnectMethods> =>
  (ctx, { connection, siwx, onDispose }) => {
    const walletConnect = createWalletConnect(
      ctx,
      {
        async connected(caipAddresses, walletName) {
          // SPEC.md §4: a status per namespace; one session may hold eip155 and solana at once. A namespace
          // the phone wallet did not hold yet is the visitor's connect: it becomes the one in use, beside
          // other wallets connected before (several at once); later answers change the wallet's entry.
          for (const caipAddress of caipAddresses) {
            const namespace = caipAddress.split(':')[0]
            const select = !ctx.store.get().wallets.some((w) => w.connectorId === WALLET_CONNECT_CONNECTOR_ID && w.namespace === namespace)
            await connection.setConnected({ caipAddress, connectorId: WALLET_CONNECT_CONNECTOR_ID, connectorName: walletName, connectorType: 'WALLET_CONNECT', select })
          }
          // The dapp's namespace (the last) is the active one, whichever namespace's account arrived first.
          const last = caipAddresses.at(-1)
          const lastNetwork = last?.split(':').slice(0, 2).join(':') as CaipNetworkId | undefined
          if (lastNetwork && ctx.store.get().activeNamespace !== lastNetwork.split(':')[0]) await connection.setActiveNetwork(lastNetwork)
          // A namespace the page asked for that the wallet did not approve stops waiting (the others stay connected).
          const held = new Set(caipAddresses.map((caipAddress) => caipAddress.split(':')[0]))
          const { connections } = ctx.store.get()
          const waiting = (Object.keys(connections) as ChainNamespace[]).filter(
            (ns) => !held.has(ns) && connections[ns]?.status === 'connecting' && connections[ns]?.connectorType === 'WALLET_CONNECT',
          )
          if (waiting.length > 0) ctx.store.set((s) => ({ connections: { ...s.connections, ...Object.fromEntries(waiting.map((ns) => [ns, disconnectedConnection])) } }))
        },
        async signedIn(auths, caipAddress, messageOf) {
          const env = ctx.env()
          if (!env) return
          // The sign-in's code (verifier calls, EIP-4361 messages) loads with the first one-click sign-in.
          const { sessionFromCacaos } = await import('../writes/siwx.ts')
          const session = await sessionFromCacaos(env.api, auths, caipAddress, messageOf).catch((error: unknown) => {
            // The sign-in then follows the connection, as without one-click.
            ctx.warn(`Portico: the one-click sign-in was not verified: ${error instanceof Error ? error.message : String(error)}`)
            return null
          })
          if (session) await siwx.add(session)
        },
        async disconnected() {
          const { connections, wallets } = ctx.store.get()
          const held = (Object.keys(connections) as ChainNamespace[]).find((ns) => connections[ns]?.connectorType === 'WALLET_CONNECT' && connections[ns]?.status !== 'disconnected')
          if (held) await connection.setDisconnected(held)
          // A phone wallet connected beside the one in use leaves the list (the session ended on the phone).
          const aside = wallets.find((w) => w.connectorId === WALLET_CONNECT_CONNECTOR_ID)
          if (!held && aside) await connection.setDisconnected(aside.namespace, { connectorId: WALLET_CONNECT_CONNECTOR_ID })
        },
      },
      params,
    )
    onDispose(() => walletConnect.dispose())
    return {
      prepareWalletConnect: (p) => walletConnect.prepare(p),
      connectWalletConnect: () => walletConnect.connect(),
      getWalletConnectAccount: (namespace) => walletConnect.getAccount(namespace),
      walletConnectRequest: (p) => walletConnect.request(p),
      switchWalletConnectChain: (caipNetworkId) => walletConnect.switchChain(caipNetworkId),
      disconnectWalletConnect: () => walletConnect.disconnect(),
    }
  }
