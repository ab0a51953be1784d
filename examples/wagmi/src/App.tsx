import { ConnectButton, NetworkButton, PorticoProvider } from '@portico/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { parseEther } from 'viem'
import { useChainId, useConnect, useConnection, useConnectors, useDisconnect, useSendTransaction, useSignMessage, useSwitchChain, WagmiProvider } from 'wagmi'
import { portico, wagmiConfig } from './wagmi.ts'

const queryClient = new QueryClient()

/** What wagmi's hooks see: they act on whichever wallet Portico connected. */
function WagmiPanel() {
  const { address, status, chainId } = useConnection()
  const configChainId = useChainId()
  const connectors = useConnectors()
  const connect = useConnect()
  const signMessage = useSignMessage()
  const sendTransaction = useSendTransaction()
  const switchChain = useSwitchChain()
  const disconnect = useDisconnect()
  const other = configChainId === 31337 ? 31338 : 31337
  return (
    <section aria-label="wagmi">
      <p>
        wagmi: <output data-testid="wagmi-status">{status}</output> <output data-testid="wagmi-address">{address ?? ''}</output> on chain{' '}
        <output data-testid="wagmi-chain">{chainId ?? configChainId}</output>
      </p>
      {status === 'connected' ? (
        <>
          <button type="button" onClick={() => signMessage.mutate({ message: 'Hello from wagmi' })}>
            Sign message (wagmi)
          </button>
          <button type="button" onClick={() => address && sendTransaction.mutate({ to: address, value: parseEther('0.001') })}>
            Send 0.001 to myself (wagmi)
          </button>
          <button type="button" onClick={() => switchChain.mutate({ chainId: other })}>
            Switch to chain {other} (wagmi)
          </button>
          <button type="button" onClick={() => disconnect.mutate()}>
            Disconnect (wagmi)
          </button>
        </>
      ) : (
        <button type="button" onClick={() => connect.mutate({ connector: connectors[0]! })}>
          Connect (wagmi)
        </button>
      )}
      {signMessage.data ? <output data-testid="wagmi-signature">{signMessage.data}</output> : null}
      {sendTransaction.data ? <output data-testid="wagmi-transaction">{sendTransaction.data}</output> : null}
      {signMessage.error || sendTransaction.error || switchChain.error || connect.error ? (
        <p role="alert">{(signMessage.error ?? sendTransaction.error ?? switchChain.error ?? connect.error)?.message}</p>
      ) : null}
    </section>
  )
}

export function App() {
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <PorticoProvider client={portico}>
          <main>
            <h1>My dapp</h1>
            <NetworkButton />
            <ConnectButton />
            <WagmiPanel />
          </main>
        </PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
