import { useEffect, useId, useState } from 'react'
import { useAccount, useConnections, useDisconnect, useModal, useNetwork, useProvider, useSwitchConnection } from '@portico/react'
import { reason } from './reason.ts'

const MESSAGE = 'Hello from the Portico demo'
const toHex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`
/** MESSAGE's UTF-8 bytes in base58, as `solana_signMessage` takes them (WalletConnect's shape). */
const MESSAGE_BASE58 = 'AnWhC1FA47o8tPCdLQP8pthjD3cAfVaiHD6m4'

/** True when the active network is a Solana one: the demo's EVM-only requests say so instead of failing. */
function useSolanaActive(): boolean {
  return useNetwork().network?.chainNamespace === 'solana'
}

/** Says, in place of an EVM-only button on a Solana network, what the button needs. */
function EvmOnly({ label }: { label: string }) {
  const id = useId()
  return (
    <p className="demo-sign">
      <button type="button" className="demo-secondary" disabled aria-describedby={id}>
        {label}
      </button>{' '}
      <span id={id}>Needs an EVM network: switch network to try it.</span>
    </p>
  )
}

/**
 * A dapp asking the connected wallet for a signature, with Portico's approval view open meanwhile:
 * `personal_sign` on an EVM network, `solana_signMessage` on a Solana one (its signature in base58).
 */
function SignMessage() {
  const { address, isConnected } = useAccount()
  const { provider } = useProvider()
  const { open, close } = useModal()
  const solana = useSolanaActive()
  const [result, setResult] = useState<string | null>(null)
  const [signature, setSignature] = useState<string | null>(null)
  if (!isConnected || !provider || !address) return null
  const sign = async () => {
    setResult(null)
    setSignature(null)
    open({ name: 'ApproveTransaction', title: 'Sign Message' })
    try {
      const signed = solana
        ? ((await provider.request({ method: 'solana_signMessage', params: [{ message: MESSAGE_BASE58, pubkey: address }] })) as { signature?: unknown })
        : await provider.request({ method: 'personal_sign', params: [toHex(MESSAGE), address] })
      const text = String(solana ? (signed as { signature?: unknown }).signature : signed)
      setSignature(text)
      setResult(`Signed: ${text.slice(0, 18)}…`)
    } catch (error) {
      setResult(`Not signed: ${reason(error)}`)
    } finally {
      close()
    }
  }
  return (
    <p className="demo-sign">
      <button type="button" className="demo-secondary" onClick={() => void sign()}>
        Sign a message
      </button>{' '}
      <span data-testid="sign-result" data-signature={signature ?? undefined}>
        {result}
      </span>
    </p>
  )
}

/** Where the demo's transfer goes: the test mnemonic's second account (a sandbox address). */
const TIP_RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A dapp sending 0.01 ETH through `useProvider()`: an extension or a phone wallet over WalletConnect, the same call. */
function SendTip() {
  const { address, isConnected } = useAccount()
  const { provider } = useProvider()
  const solana = useSolanaActive()
  const [result, setResult] = useState<string | null>(null)
  if (!isConnected || !provider || !address) return null
  if (solana) return <EvmOnly label="Send 0.01 ETH" />
  const send = async () => {
    setResult(null)
    try {
      const hash = await provider.request({ method: 'eth_sendTransaction', params: [{ from: address, to: TIP_RECEIVER, value: '0x2386f26fc10000' }] })
      setResult(`Sent: ${String(hash)}`)
    } catch (error) {
      setResult(`Not sent: ${reason(error)}`)
    }
  }
  return (
    <p className="demo-sign">
      <button type="button" className="demo-secondary" onClick={() => void send()}>
        Send 0.01 ETH
      </button>{' '}
      <span data-testid="send-result">{result}</span>
    </p>
  )
}

type CallsStatus = { status: number; atomic: boolean; receipts?: { transactionHash: string }[] }

/**
 * A dapp sending two transfers as one batch through `useProvider()` (EIP-5792): it asks the wallet's
 * capabilities, sends the calls (atomically when the wallet can), then follows the batch's status.
 */
function SendBatch() {
  const { address, isConnected } = useAccount()
  const { chainId } = useNetwork()
  const { provider } = useProvider()
  const solana = useSolanaActive()
  const [result, setResult] = useState<string | null>(null)
  if (!isConnected || !provider || !address || chainId === undefined) return null
  if (solana) return <EvmOnly label="Send a batch (EIP-5792)" />
  const send = async () => {
    setResult(null)
    try {
      const hexChainId = `0x${Number(chainId).toString(16)}`
      const capabilities = (await provider.request({ method: 'wallet_getCapabilities', params: [address, [hexChainId]] })) as Record<string, { atomic?: { status?: string } }>
      const atomic = ['supported', 'ready'].includes(capabilities[hexChainId]?.atomic?.status ?? '')
      const calls = [
        { to: TIP_RECEIVER, value: '0x38d7ea4c68000' },
        { to: TIP_RECEIVER, value: '0x38d7ea4c68000' },
      ]
      const { id } = (await provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: hexChainId, from: address, atomicRequired: atomic, calls }] })) as { id: string }
      for (;;) {
        const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus
        if (status.status >= 200) {
          const n = status.receipts?.length ?? 0
          return setResult(`${status.status === 200 ? 'Batch confirmed' : `Batch failed (${status.status})`}: ${status.atomic ? 'atomic' : 'one by one'}, ${n} transaction${n === 1 ? '' : 's'}`)
        }
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    } catch (error) {
      setResult(`Not sent: ${reason(error)}`)
    }
  }
  return (
    <p className="demo-sign">
      <button type="button" className="demo-secondary" onClick={() => void send()}>
        Send a batch (EIP-5792)
      </button>{' '}
      <span data-testid="batch-result">{result}</span>
    </p>
  )
}

/** The demo's requests through `useProvider()`: a signed message, a transfer and an EIP-5792 batch. */
/**
 * The account the dapp's EIP-1193 provider last announced (`accountsChanged`), from the connected one
 * on: a switch to another connected wallet reaches the same provider object. It asks the wallet
 * nothing (an embedded wallet's frame loads only when the dapp needs it).
 */
function ProviderAccount() {
  const { provider } = useProvider()
  const { address } = useAccount()
  const solana = useSolanaActive()
  const [announced, setAnnounced] = useState<string | null>(null)
  useEffect(() => {
    if (!provider || solana) return
    const onAccounts = (accounts: string[]) => setAnnounced(accounts[0] ?? null)
    provider.on?.('accountsChanged', onAccounts as never)
    return () => provider.removeListener?.('accountsChanged', onAccounts as never)
  }, [provider, solana])
  if (!provider || solana) return null
  return (
    <p className="demo-status" data-testid="provider-account">
      Provider account: {announced ?? address}
    </p>
  )
}

/** The dapp's own list of the visitor's wallets (`useConnections`): switch or disconnect one from the page. */
function Connections() {
  const connections = useConnections()
  const { switchConnection, error } = useSwitchConnection()
  const { disconnect } = useDisconnect()
  if (connections.length < 2) return null
  return (
    <section className="demo-connections" aria-label="Connected wallets" data-testid="dapp-connections">
      <ul>
        {connections.map((c) => (
          <li key={c.id} data-active={c.isActive}>
            {c.name} · {c.accounts[0].slice(0, 6)}…{c.accounts[0].slice(-4)} · {c.namespace}
            {c.isActive ? (
              ' (in use)'
            ) : (
              <button type="button" className="demo-secondary" onClick={() => void switchConnection(c).catch(() => undefined)}>
                Use {c.name}
              </button>
            )}{' '}
            <button type="button" className="demo-secondary" onClick={() => void disconnect({ connection: c })}>
              Disconnect {c.name}
            </button>
          </li>
        ))}
      </ul>
      {error ? <p role="alert">{reason(error)}</p> : null}
    </section>
  )
}

export function WalletRequests() {
  return (
    <>
      <ProviderAccount />
      <Connections />
      <SignMessage />
      <SendTip />
      <SendBatch />
    </>
  )
}
