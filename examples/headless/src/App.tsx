import { useEffect, useState, type FormEvent } from 'react'
import { PorticoProvider, WalletButton, useAccount, useActivity, useBalances, useConnect, useDisconnect, useEmailLogin, useSocialLogin, useWallets, type SocialLoginProvider } from '@portico/react'
import { config } from './config.ts'

// A dapp that draws its own connect UI: no Portico button, no Portico modal (except the QR code a
// WalletButton opens for a wallet that is not installed). Portico's core still runs underneath:
// one session, cache and WalletConnect socket for every tab.
export function App() {
  return (
    <PorticoProvider config={config}>
      <main>
        <h1>Headless dapp</h1>
        <Dapp />
      </main>
    </PorticoProvider>
  )
}

function Dapp() {
  const { status } = useAccount()
  return (
    <>
      <p>
        Status: <output data-testid="status">{status}</output>
      </p>
      {status === 'connected' ? <Account /> : <Connect />}
    </>
  )
}

function Connect() {
  // The wallet list wakes Portico's core and asks the catalogue: it is shown on the visitor's intent.
  const [listShown, setListShown] = useState(false)
  return (
    <section aria-labelledby="connect-title">
      <h2 id="connect-title">Connect</h2>
      <p>
        One click: <WalletButton wallet="Sandbox Wallet" />
      </p>
      <EmailLogin />
      <SocialLogin />
      {listShown ? (
        <WalletList />
      ) : (
        <button type="button" onClick={() => setListShown(true)}>
          Choose a wallet
        </button>
      )}
    </section>
  )
}

/** Waits until typing pauses before searching (the core answers a search no sooner than 300 ms anyway). */
function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

function WalletList() {
  const [typed, setTyped] = useState('')
  const search = useDebounced(typed, 250)
  const { wallets, status, isFetching, hasNextPage, fetchNextPage, error, retry } = useWallets({ search })
  const { connect, status: connecting, wallet, uri, deepLink, error: connectError, cancel } = useConnect()
  return (
    <div>
      <label>
        Search wallets <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      </label>
      {connecting === 'connecting' ? <p role="status">Approve the connection in {wallet?.name}…</p> : null}
      {connecting === 'pairing' && uri ? (
        <div role="group" aria-label="WalletConnect pairing">
          <p>Scan the pairing link with {wallet?.name} (or paste it in the wallet):</p>
          <input readOnly aria-label="Pairing link" value={uri} />
          {deepLink ? (
            <a href={deepLink} target="_blank" rel="noreferrer">
              Open {wallet?.name}
            </a>
          ) : null}
          <button type="button" onClick={() => void navigator.clipboard?.writeText(uri)}>
            Copy link
          </button>
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        </div>
      ) : null}
      {connectError ? <p role="alert">{connectError.code === 'declined' ? 'You declined the connection.' : connectError.message}</p> : null}
      <ul aria-label="Wallets" aria-busy={isFetching}>
        {wallets.map((w) => (
          <li key={w.id}>
            <button type="button" onClick={() => void connect(w)}>
              {w.icon ? <img src={w.icon} alt="" width={24} height={24} /> : null}
              {w.name}
            </button>
            {w.installed ? <span> Installed</span> : null}
            {w.recent ? <span> Recent</span> : null}
          </li>
        ))}
      </ul>
      {status === 'loading' ? <p role="status">Loading wallets…</p> : null}
      {error ? (
        <p role="alert">
          The wallet list is unavailable.{' '}
          <button type="button" onClick={retry}>
            Try again
          </button>
        </p>
      ) : null}
      {hasNextPage ? (
        <button type="button" onClick={fetchNextPage} disabled={isFetching}>
          More wallets
        </button>
      ) : null}
    </div>
  )
}

function EmailLogin() {
  const { status, email, error, sendCode, verifyCode, resendCode, reset } = useEmailLogin()
  const [typed, setTyped] = useState('')
  const [code, setCode] = useState('')
  const submit = (action: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault()
    void action()
  }
  if (status === 'awaitingCode' || status === 'verifying') {
    return (
      <form aria-label="Email code" onSubmit={submit(() => verifyCode(code))}>
        <p>We sent a code to {email}.</p>
        <label>
          Code <input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
        <button type="submit" disabled={status === 'verifying'}>
          Verify
        </button>
        <button type="button" onClick={() => void resendCode()}>
          Resend code
        </button>
        <button type="button" onClick={reset}>
          Use another email
        </button>
        {status === 'verifying' ? <p role="status">Checking the code…</p> : null}
        {error ? <p role="alert">{error.message}</p> : null}
      </form>
    )
  }
  return (
    <form aria-label="Email login" onSubmit={submit(() => sendCode(typed))}>
      <label>
        Email <input type="email" autoComplete="email" value={typed} onChange={(e) => setTyped(e.target.value)} />
      </label>
      <button type="submit" disabled={status === 'sending'}>
        Send code
      </button>
      {status === 'sending' ? <p role="status">Sending the code…</p> : null}
      {status === 'awaitingDevice' ? <p role="status">Open the link we emailed to {email} to confirm this device.</p> : null}
      {error ? <p role="alert">{error.message}</p> : null}
    </form>
  )
}

const SOCIALS: { provider: SocialLoginProvider; name: string }[] = [
  { provider: 'google', name: 'Google' },
  { provider: 'x', name: 'X' },
  { provider: 'discord', name: 'Discord' },
  { provider: 'farcaster', name: 'Farcaster' },
]

function SocialLogin() {
  const { login, status, provider, farcasterUri, error, cancel } = useSocialLogin()
  const name = SOCIALS.find((s) => s.provider === provider)?.name
  return (
    <div role="group" aria-label="Social login">
      {SOCIALS.map((s) => (
        // The popup opens in the click itself, so `login` is called right in the handler.
        <button type="button" key={s.provider} onClick={() => login(s.provider)}>
          {s.name}
        </button>
      ))}
      {status === 'connecting' ? (
        <p role="status">
          Continue in {name}…{' '}
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        </p>
      ) : null}
      {farcasterUri && status === 'connecting' ? (
        <a href={farcasterUri} target="_blank" rel="noreferrer">
          Sign in with Farcaster
        </a>
      ) : null}
      {error ? <p role="alert">{error.message}</p> : null}
    </div>
  )
}

const amount = (numeric: string) => new Intl.NumberFormat('en', { maximumFractionDigits: 4 }).format(Number(numeric))

function Account() {
  const { address, connectorName } = useAccount()
  const { native, balances, status, error } = useBalances()
  const { transactions, pending, status: activityStatus, hasNextPage, fetchNextPage } = useActivity()
  const { disconnect } = useDisconnect()
  const [failed, setFailed] = useState<string | null>(null)
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <p>
        Connected with {connectorName}: <output data-testid="address">{address}</output>
      </p>
      <p>
        Balance: <output data-testid="balance">{native ? `${amount(native.quantity.numeric)} ${native.symbol}` : status === 'error' ? (error?.message ?? 'unavailable') : 'loading…'}</output>
      </p>
      <h3>Tokens</h3>
      <ul aria-label="Tokens">
        {balances.map((b) => (
          <li key={b.address ?? 'native'}>
            {amount(b.quantity.numeric)} {b.symbol}
          </li>
        ))}
      </ul>
      <h3>Activity</h3>
      {activityStatus === 'loading' ? <p role="status">Loading activity…</p> : null}
      <ul aria-label="Activity">
        {pending.map((p) => (
          <li key={p.hash}>Pending: {p.hash}</li>
        ))}
        {transactions.map((tx) => (
          <li key={tx.id}>
            {tx.metadata.operationType} · {tx.metadata.minedAt.slice(0, 10)} · {tx.metadata.hash.slice(0, 10)}…
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <button type="button" onClick={fetchNextPage}>
          More activity
        </button>
      ) : null}
      <p>
        <button type="button" onClick={() => void disconnect().catch((e: unknown) => setFailed(e instanceof Error ? e.message : String(e)))}>
          Disconnect
        </button>
      </p>
      {failed ? <p role="alert">{failed}</p> : null}
    </section>
  )
}
