import { lazy, Suspense, useEffect, useState } from 'react'
import { ConnectButton, NetworkButton, PorticoProvider, SERVICE_WORKER_UPDATE_EVENT, useAccount, useNetwork, useTheme, type ServiceWorkerUpdate } from '@portico/react'
import { ChaosSwitch } from './ChaosSwitch.tsx'
import { porticoConfig, siwxMode, siwxSessionUrl } from './config.ts'

/** The demonstration of a malicious request shows once a wallet is connected: its code loads then, not with the page. */
const MaliciousRequest = lazy(() => import('./MaliciousRequest.tsx').then((m) => ({ default: m.MaliciousRequest })))

/** The dapp's own requests through `useProvider()` show once a wallet is connected: their code loads then, not with the page. */
const WalletRequests = lazy(() => import('./WalletRequests.tsx').then((m) => ({ default: m.WalletRequests })))

function ConnectedBox() {
  const { isConnected } = useAccount()
  if (!isConnected) return null
  return (
    <Suspense fallback={null}>
      <WalletRequests />
    </Suspense>
  )
}

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
        <ConnectedBox />
        <MaliciousBox />
        <ChaosSwitch />
      </main>
    </PorticoProvider>
  )
}
