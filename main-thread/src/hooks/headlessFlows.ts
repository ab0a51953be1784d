// The steps behind the headless hooks (`useConnect`, `useEmailLogin`, `useSocialLogin`, `WalletButton`),
// loaded when a hook is first used, never with the page: the same client calls the modal's views make.
import { AUTH_CONNECTOR_ID, WALLET_CONNECT_CONNECTOR_ID } from '@portico/shared-types/connectors'
import { activeConnection, type CaipAddress } from '@portico/shared-types/light'
import type { WalletListing } from '@portico/shared-types'
import { MESSAGES } from '@portico/shared-types/errors'
import { toPageSafeUrl } from '@portico/shared-types/safeUrl'
import { prepareWalletConnect } from '../actions/prepareWalletConnect.ts'
import { connectWith } from '../actions/selectWallet.ts'
export { isTouchDevice, walletLink } from '../actions/walletLink.ts'
import type { PorticoClient } from '../client/createClient.ts'
import { getConnector, getWalletConnector } from '../client/getConnector.ts'
import { isAuthConnector, type AuthConnector, type SocialLoginProvider } from '../connectors/embedded/types.ts'
import type { Connector } from '../connectors/types.ts'
import { isInstalled } from '../client/connectorRows.ts'
import type { ConnectErrorCode } from './useConnect.ts'
import type { PorticoWallet } from './useWallets.ts'

/** How long the session may take to list a connector of a kind it offers (its code loads apart). */
const CONNECTOR_WAIT_MS = 10_000

/** A typed failure of the headless hooks: `code` for the dapp's code, `message` for the visitor. */
export class HeadlessError extends Error {
  override name = 'ConnectError'
  constructor(
    readonly code: ConnectErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** The page's connector `id` once the session lists it; undefined when it does not within the wait. */
export async function connectorOnPage(client: PorticoClient, id: string): Promise<Connector | undefined> {
  await client.start()
  const found = () => getConnector(client.getSnapshot(), id)
  if (found()) return found()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      off()
      resolve(found())
    }
    const off = client.subscribe(() => {
      if (found()) done()
    })
    const timer = setTimeout(done, CONNECTOR_WAIT_MS)
  })
}

/** The embedded wallet's connector, or a typed error when the dapp did not configure `embeddedWalletUrl`. */
export async function authConnector(client: PorticoClient): Promise<AuthConnector> {
  await client.start()
  if (!client.getSnapshot().config?.embeddedWalletUrl) throw new HeadlessError('unavailable', 'Email and social login need `embeddedWalletUrl` in the configuration')
  const connector = await connectorOnPage(client, AUTH_CONNECTOR_ID)
  if (!isAuthConnector(connector)) throw new HeadlessError('unavailable', 'Unable to load email login dependency')
  return connector
}

/** The error of a failed attempt (the session's `attempt`, or the WalletConnect pairing's), typed. */
export function attemptError(message: string | null | undefined): HeadlessError {
  const text = message ?? 'Unknown wallet error'
  return new HeadlessError(text === 'Connection declined' || /reject|declin/i.test(text) ? 'declined' : 'failed', text)
}

/**
 * Connects `wallet`: through its page connector when it is in the page (remembered as recent, as the
 * modal does), else through WalletConnect, whose pairing URI the core then shows every tab
 * (`state.walletConnect.uri`). Resolves with the account; throws a `HeadlessError`.
 */
export async function connectWallet(client: PorticoClient, wallet: PorticoWallet): Promise<CaipAddress> {
  await client.start()
  const snapshot = client.getSnapshot()
  const onPage = wallet.connectorType === 'WALLET_CONNECT' ? getWalletConnector(snapshot, wallet) : (getConnector(snapshot, wallet.id) ?? getWalletConnector(snapshot, wallet))
  if (onPage) {
    await connectWith(client, onPage.id, wallet.listing)
  } else if (wallet.connectorType !== 'WALLET_CONNECT') {
    throw new HeadlessError('unavailable', 'This wallet is no longer available on the page')
  } else {
    if (snapshot.core?.online === false) throw new HeadlessError('offline', 'WalletConnect needs the network')
    void client.withCore((api) => api.prepareWalletConnect()).catch(() => undefined)
    if (!(await connectorOnPage(client, WALLET_CONNECT_CONNECTOR_ID))) throw new HeadlessError('unavailable', 'WalletConnect is not available')
    await client.connect(WALLET_CONNECT_CONNECTOR_ID)
  }
  const after = client.getSnapshot()
  if (after.attempt?.status === 'failed') throw attemptError(after.attempt.error)
  const connection = after.core ? activeConnection(after.core) : null
  if (connection?.status !== 'connected' || !connection.caipAddress) throw attemptError(after.core?.walletConnect.error)
  return connection.caipAddress
}

/** Calls a WalletConnect pairing off (nobody looks at its URI any more), unless a session came of it. */
export async function cancelWalletConnect(client: PorticoClient): Promise<void> {
  if (client.getSnapshot().core?.walletConnect.session) return
  await client.withCore((api) => api.disconnectWalletConnect())
}

const same = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase()

/**
 * The wallet `WalletButton` names: 'walletConnect'; a wallet in the page, by its connector id, rdns or
 * name; else a catalogue wallet by its id, rdns or name (the recent, featured and recommended wallets,
 * then a catalogue search for the name). Null when none matches.
 */
export async function findWallet(client: PorticoClient, name: string): Promise<PorticoWallet | null> {
  await client.start()
  if (name === WALLET_CONNECT_CONNECTOR_ID)
    return { id: name, name: 'WalletConnect', icon: undefined, installed: false, recent: false, connectorType: 'WALLET_CONNECT', rdns: undefined, listing: undefined }
  const snapshot = client.getSnapshot()
  const connector = snapshot.connectors.find((c) => (isInstalled(c) || c.type === 'EXTERNAL') && (c.id === name || same(c.rdns, name) || same(c.name, name)))
  if (connector)
    return { id: connector.id, name: connector.name, icon: connector.icon, installed: isInstalled(connector), recent: false, connectorType: connector.type, rdns: connector.rdns, listing: undefined }
  const matches = (w: WalletListing) => w.id === name || same(w.rdns, name) || same(w.name, name)
  const fromListing = (w: WalletListing, icon: string | null | undefined, recent = false): PorticoWallet => {
    const { imageUrl: _image, ...listing } = w as WalletListing & { imageUrl?: unknown }
    return { id: w.id, name: w.name, icon: icon ?? undefined, installed: false, recent, connectorType: 'WALLET_CONNECT', rdns: w.rdns ?? undefined, listing }
  }
  const recent = snapshot.core?.recentWallets.find(matches)
  if (recent) return fromListing(recent, null, true)
  const custom = snapshot.config?.customWallets.find((w) => w.id === name || same(w.rdns, name) || same(w.name, name))
  if (custom)
    return fromListing(
      {
        id: custom.id,
        name: custom.name,
        image_id: null,
        rdns: custom.rdns ?? null,
        chains: [],
        mobile_link: custom.mobile_link ?? null,
        desktop_link: custom.desktop_link ?? null,
        webapp_link: custom.webapp_link ?? null,
      },
      custom.image_url,
    )
  if (!snapshot.config?.projectId || !snapshot.config.catalogueUrl) return null
  const pages = await client.withCore((api) => Promise.all([api.getFeaturedWallets(), api.getRecommendedWallets(), api.getWallets({ search: name })]))
  const listed = pages.flatMap((page) => page.data).find(matches)
  return listed ? fromListing(listed, listed.imageUrl) : null
}

/** After the embedded wallet's login: the connection the session made, or the typed error of its attempt. */
export function embeddedOutcome(client: PorticoClient): CaipAddress {
  const snapshot = client.getSnapshot()
  if (snapshot.attempt?.connectorId === AUTH_CONNECTOR_ID && snapshot.attempt.status === 'failed') throw attemptError(snapshot.attempt.error)
  const connection = snapshot.core ? activeConnection(snapshot.core) : null
  if (connection?.status !== 'connected' || connection.connectorId !== AUTH_CONNECTOR_ID || !connection.caipAddress) throw new HeadlessError('failed', MESSAGES.somethingWentWrong)
  return connection.caipAddress
}

/**
 * Social login in the popup `popup` (opened by the visitor's click): the modal's flow
 * (`runSocialLogin`), followed by the caller instead of the ConnectingSocial view.
 */
export async function socialLogin(client: PorticoClient, provider: Exclude<SocialLoginProvider, 'farcaster'>, popup: Window | null, active: () => boolean): Promise<CaipAddress> {
  const connector = await authConnector(client).catch((cause: unknown) => {
    popup?.close()
    throw cause
  })
  let failure: HeadlessError | null = null
  const { runSocialLogin } = await import('../actions/socialLogin.ts')
  await runSocialLogin(client, connector, provider, popup, {
    active,
    fail(error, timedOut) {
      failure =
        error === 'blocked'
          ? new HeadlessError('popupBlocked', 'The login popup was blocked')
          : error === 'closed'
            ? new HeadlessError('popupClosed', 'The login popup was closed')
            : new HeadlessError(timedOut ? 'timeout' : 'failed', error)
    },
  })
  if (failure) throw failure
  return embeddedOutcome(client)
}

/** Sign In With Farcaster: `onUri` gets the channel's link (for a QR code), then the login waits for the Farcaster wallet. */
export async function farcasterLogin(client: PorticoClient, onUri: (uri: string) => void, signal: AbortSignal): Promise<CaipAddress> {
  const connector = await authConnector(client)
  // Shown only if Portico may open it (https; http on loopback for the sandbox), as the modal's view does.
  const link = toPageSafeUrl(await connector.embedded.getFarcasterUri(signal), { message: MESSAGES.embeddedDefaultError })
  if (!(link instanceof URL)) throw link
  onUri(link.href)
  await connector.embedded.connectFarcaster(signal)
  await client.connect(connector.id)
  return embeddedOutcome(client)
}

/** Opens Portico's modal at the QR code for `wallet` (WalletConnect with its links), as the modal's own wallet rows do. */
export function openWalletConnect(client: PorticoClient, wallet: PorticoWallet): void {
  prepareWalletConnect(client)
  client.open(
    wallet.id === WALLET_CONNECT_CONNECTOR_ID
      ? { name: 'ConnectingWalletConnect', walletId: wallet.id, walletName: wallet.name }
      : { name: 'ConnectingWalletConnect', walletId: wallet.id, walletName: wallet.name, wallet: wallet.listing, imageUrl: wallet.icon ?? null },
  )
}

/**
 * A new device: waits until the visitor opened the emailed confirmation link. Each wait lasts at most
 * 30 s (SPEC.md §9); it goes on until the link is opened or `signal` gives up, as the modal's view does.
 */
export async function waitForDevice(connector: AuthConnector, signal: AbortSignal): Promise<void> {
  for (;;) {
    try {
      return await connector.embedded.connectDevice(signal)
    } catch (cause) {
      if (signal.aborted || !(cause instanceof Error) || cause.message !== MESSAGES.somethingWentWrong) throw cause
    }
  }
}
