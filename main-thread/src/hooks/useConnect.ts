import { useCallback, useEffect, useRef, useState } from 'react'
import { WALLET_CONNECT_CONNECTOR_ID } from '@portico/shared-types/connectors'
import { activeConnection, type CaipAddress } from '@portico/shared-types/light'
import { usePorticoClient, useSnapshot } from '../context.ts'
import type { PorticoWallet } from './useWallets.ts'

/**
 * Why a connection or a login failed: 'declined' (the visitor refused in the wallet), 'unavailable'
 * (not offered here: the wallet is not in the page, no WalletConnect, no `embeddedWalletUrl`),
 * 'offline' (WalletConnect needs the network), 'invalidEmail', 'invalidCode' (not six digits),
 * 'popupBlocked', 'popupClosed', 'timeout' (the login had no answer in time), 'failed' (anything else).
 * `message` says what the wallet or the frame answered, with SPEC.md §8's texts where they apply.
 */
export type ConnectError = { code: ConnectErrorCode; message: string }
export type ConnectErrorCode = 'declined' | 'unavailable' | 'offline' | 'invalidEmail' | 'invalidCode' | 'popupBlocked' | 'popupClosed' | 'timeout' | 'failed'
const ERROR_CODES: readonly ConnectErrorCode[] = ['declined', 'unavailable', 'offline', 'invalidEmail', 'invalidCode', 'popupBlocked', 'popupClosed', 'timeout', 'failed']

export type ConnectStatus = 'idle' | 'connecting' | 'pairing' | 'connected' | 'failed'

export type UseConnectReturnType = {
  /** Connects `wallet` (from `useWallets`): in the page when installed, else through WalletConnect. Never rejects: the outcome is in `status` and `error`. */
  connect(wallet: PorticoWallet): Promise<void>
  /** 'pairing': WalletConnect's URI waits for a phone (`uri`, `deepLink`); 'connecting': the wallet is asked. */
  status: ConnectStatus
  /** The wallet of the last `connect`. */
  wallet: PorticoWallet | undefined
  /** The WalletConnect pairing URI while pairing (show it as a QR code), the same in every tab. */
  uri: string | undefined
  /** The wallet's own link with the URI (its app on a touch device, else its desktop or web app), when it has one Portico may open. */
  deepLink: string | undefined
  error: ConnectError | null
  /** The account once connected. */
  caipAddress: CaipAddress | undefined
  /** Calls a WalletConnect pairing off and forgets the attempt. */
  cancel(): void
}

type Attempt = { id: number; wallet: PorticoWallet; status: 'connecting' | 'connected' | 'failed'; error: ConnectError | null; caipAddress?: CaipAddress | undefined }

/** The hooks' steps, loaded on first use; kept once loaded (a pairing's link is worked out with them). */
let loaded: typeof import('./headlessFlows.ts') | null = null
const flows = () => import('./headlessFlows.ts').then((m) => (loaded = m))
/** A failure as the hooks answer it: the flows' typed errors keep their code, anything else is 'failed'. */
export function toConnectError(cause: unknown): ConnectError {
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown }
  return { code: ERROR_CODES.includes(code as ConnectErrorCode) ? (code as ConnectErrorCode) : 'failed', message: typeof message === 'string' ? message : String(cause) }
}

/**
 * Connects a wallet from a dapp's own UI, with the core underneath: a wallet in the page asks it
 * there; any other goes through WalletConnect, whose pairing URI (`uri`, for a QR code) and the
 * wallet's link (`deepLink`) come back while the phone is awaited. A pairing left waiting when the
 * component unmounts is called off.
 *
 * @example
 * const { connect, status, uri, deepLink, error } = useConnect()
 * <button onClick={() => void connect(wallet)}>{wallet.name}</button>
 * {status === 'pairing' ? <a href={deepLink ?? uri}>Open {wallet.name}</a> : null}
 * {error ? <p role="alert">{error.message}</p> : null}
 */
export function useConnect(): UseConnectReturnType {
  const client = usePorticoClient()
  const { core } = useSnapshot()
  const [attempt, setAttempt] = useState<Attempt | null>(null)
  const latest = useRef(0)
  const pairing = useRef(false)

  const connect = useCallback(
    async (wallet: PorticoWallet) => {
      const id = ++latest.current
      const viaWalletConnect = wallet.connectorType === 'WALLET_CONNECT' && !wallet.installed
      pairing.current = viaWalletConnect
      setAttempt({ id, wallet, status: 'connecting', error: null })
      const outcome = await flows()
        .then((m) => m.connectWallet(client, wallet))
        .then(
          (caipAddress) => ({ status: 'connected' as const, error: null, caipAddress }),
          (cause: unknown) => ({ status: 'failed' as const, error: toConnectError(cause) }),
        )
      if (id !== latest.current) return
      pairing.current = false
      setAttempt({ id, wallet, ...outcome })
    },
    [client],
  )

  const cancel = useCallback(() => {
    latest.current++
    if (pairing.current)
      void flows()
        .then((m) => m.cancelWalletConnect(client))
        .catch(() => undefined)
    pairing.current = false
    setAttempt(null)
  }, [client])

  // A pairing nobody looks at any more is called off, as leaving the modal's QR code does.
  useEffect(
    () => () => {
      if (pairing.current)
        void flows()
          .then((m) => m.cancelWalletConnect(client))
          .catch(() => undefined)
    },
    [client],
  )

  const wc = core?.walletConnect
  const waitingForPhone = attempt?.status === 'connecting' && attempt.wallet.connectorType === 'WALLET_CONNECT' && !attempt.wallet.installed
  const uri = waitingForPhone && wc?.status === 'pairing' && wc.uri ? wc.uri : undefined
  const deepLink = uri && loaded && attempt?.wallet.id !== WALLET_CONNECT_CONNECTOR_ID ? (loaded.walletLink(attempt?.wallet.listing, uri, loaded.isTouchDevice()) ?? undefined) : undefined
  const connection = core ? activeConnection(core) : null
  const connected = attempt?.status === 'connected' && connection?.status === 'connected'
  return {
    connect,
    status: !attempt ? 'idle' : attempt.status === 'connected' ? (connected ? 'connected' : 'idle') : uri ? 'pairing' : attempt.status,
    wallet: attempt?.wallet,
    uri,
    deepLink,
    error: attempt?.error ?? null,
    caipAddress: connected ? (connection.caipAddress ?? undefined) : undefined,
    cancel,
  }
}
