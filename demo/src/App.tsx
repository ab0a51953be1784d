import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { ConnectButton, NetworkButton, PorticoProvider, SERVICE_WORKER_UPDATE_EVENT, useAccount, useModal, useNetwork, useProvider, useTheme, type ServiceWorkerUpdate } from '@portico/react'
import { ChaosSwitch } from './ChaosSwitch.tsx'
import { reason } from './reason.ts'
import { porticoConfig, siwxMode, siwxSessionUrl } from './config.ts'

/** The demonstration of a malicious request shows once a wallet is connected: its code loads then, not with the page. */
const MaliciousRequest = lazy(() => import('./MaliciousRequest.tsx').then((m) => ({ default: m.MaliciousRequest })))

function MaliciousBox() {
  const { isConnected } = useAccount()
  if (!isConnected) return null
  return (
    <Suspense fallback={null}>
      <MaliciousRequest />
    </Suspense>
  )
}

function Status() {
  const { isConnected, address, status } = useAccount()
  const { network } = useNetwork()
  return (
    <p className="demo-status" data-testid="dapp-status">
      {isConnected ? `Connected ${address} on ${network?.name}` : status === 'connecting' ? 'Connecting…' : 'Not connected'}
    </p>
  )
}

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

type SignedInSession = { address: string; chainId: number; issuedAt: string; expirationTime: string | null }

/** The signed-in state as the dapp's server sees it: the sandbox verifier's session of the connected account. */
function SignedIn() {
  const { address, isConnected } = useAccount()
  const { network } = useNetwork()
  const [session, setSession] = useState<SignedInSession | null>(null)
  const chainId = network?.id
  useEffect(() => {
    if (!siwxMode || !isConnected || !address || chainId === undefined) return setSession(null)
    let alive = true
    const read = () =>
      fetch(siwxSessionUrl(address, chainId))
        .then(async (r) => (r.ok ? ((await r.json()) as { session: SignedInSession }).session : null))
        .catch(() => null)
        .then((s) => alive && setSession(s))
    void read()
    const timer = setInterval(() => void read(), 1000)
    return () => {
      alive = false
      clearInterval(timer)
    }
  }, [address, chainId, isConnected])
  if (!siwxMode || !isConnected) return null
  return (
    <p className="demo-status" data-testid="siwx-status">
      {session ? `Signed in as ${session.address} on chain ${session.chainId} · issued ${session.issuedAt} · expires ${session.expirationTime ?? 'never'}` : 'Not signed in'}
    </p>
  )
}

/** Portico's service worker found a new version: it waits until the visitor moves every tab onto it. */
function UpdateBanner() {
  const [update, setUpdate] = useState<ServiceWorkerUpdate | null>(null)
  useEffect(() => {
    const onUpdate = (event: Event) => setUpdate((event as CustomEvent<ServiceWorkerUpdate>).detail)
    window.addEventListener(SERVICE_WORKER_UPDATE_EVENT, onUpdate)
    return () => window.removeEventListener(SERVICE_WORKER_UPDATE_EVENT, onUpdate)
  }, [])
  if (!update) return null
  return (
    <div className="demo-update" role="status">
      A new version of this page is ready.{' '}
      <button type="button" className="demo-secondary" onClick={() => void update.apply()}>
        Reload all tabs
      </button>
    </div>
  )
}

function ThemeToggle() {
  const { themeMode, setThemeMode } = useTheme()
  const next = themeMode === 'dark' ? 'light' : 'dark'
  return (
    <button type="button" className="demo-secondary" onClick={() => setThemeMode(next)}>
      {next === 'dark' ? 'Dark theme' : 'Light theme'}
    </button>
  )
}

export function App() {
  return (
    <PorticoProvider config={porticoConfig}>
      <main className="demo">
        <UpdateBanner />
        <header className="demo-header">
          <h1>Portico demo</h1>
          <div className="demo-actions">
            <ThemeToggle />
            <NetworkButton className="demo-secondary" />
            <ConnectButton />
          </div>
        </header>
        <p>This page is a dapp that embeds Portico. Open the modal to connect a wallet.</p>
        <Status />
        <SignedIn />
        <SignMessage />
        <SendTip />
        <SendBatch />
        <MaliciousBox />
        <ChaosSwitch />
      </main>
    </PorticoProvider>
  )
}
