import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { OidcProviderConfig } from '@portico/frame-service'
import { buildBrowserBundle } from '@portico/frame-service/bundle.ts'
import type { Context } from 'hono'
import { z } from 'zod'
import type { FaultStore } from '../faults/store.ts'
import { createBaseApp } from '../http/base-app.ts'
import { RequestLog } from '../http/request-log.ts'
import { createHttpServer } from '../http/server.ts'
import { serviceHandle, type ServiceHandle } from '../http/service-handle.ts'
import { SANDBOX_HOST } from '../options.ts'
import { FARCASTER_RELAY_PATH, FARCASTER_WALLET_PATH } from './farcaster-accounts.ts'
import { createFarcasterRelay, type FarcasterAccount } from './farcaster-relay.ts'
import { startMailbox, type MailboxMessage } from './mailbox.ts'
import { createOidcProviders, type OidcSocialProvider } from './oidc.ts'
import { PAGES_CSS, farcasterWalletPage, mailboxPage } from './pages.ts'
import type { FrameChain } from '@portico/frame-service'

const here = dirname(fileURLToPath(import.meta.url))

/** The name the sign-in stand-ins are listed under. */
export const SIGN_IN_SERVICE_NAME = 'Sign-in stand-ins (OpenID providers, mailbox, Farcaster)'

const PAGES_CSP = ["default-src 'none'", "style-src 'self'", "script-src 'self'", "connect-src 'self'", "img-src 'self' data:", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"].join(
  '; ',
)

export type SignInStandIns = ServiceHandle & {
  /** The frame service's email settings for these stand-ins (PORTICO_FRAME_SMTP_URL). */
  smtpUrl: string
  /** Each social provider as the frame service is configured with it (PORTICO_FRAME_{PROVIDER}_ISSUER, _CLIENT_ID, _CLIENT_SECRET). */
  social: Record<OidcSocialProvider, OidcProviderConfig>
  /** The Farcaster relay (PORTICO_FRAME_FARCASTER_RELAY_URL), the wallet's page and accounts, and the wallet's relay key. */
  farcaster: { relayUrl: string; walletUrl: string; relayKey: string; accounts(): Promise<FarcasterAccount[]>; openChannels(): number }
  /** The mailbox: every mail the SMTP server took, `{url}/mailbox` for people and `{url}/mailbox/messages?to=` as JSON. */
  mail: { url: string; smtpUrl: string; messages(to?: string): MailboxMessage[]; clear(): void }
  shutdown(): Promise<void>
}

/**
 * The sandbox's stand-ins for the sign-in peers a deployed frame service talks to: OpenID Connect
 * providers (any username signs in), an SMTP server with its mailbox, and a Farcaster relay with its
 * wallet and ID registry. The frame service reaches them only through its configuration, as it
 * would reach Google, an SMTP provider or Farcaster's relay.
 */
export async function startSignInStandIns(options: {
  port: number
  smtpPort?: number | undefined
  /** Where the providers send the visitor back: the frame service's `/social/callback`. */
  frameCallbackUrl: string
  /** The chain Farcaster's ID registry is placed on (none: the Farcaster wallet has no accounts). */
  farcasterChain: FrameChain | undefined
  chainReady?: Promise<unknown> | undefined
  faults: FaultStore
  cacheDir?: string | undefined
}): Promise<SignInStandIns> {
  const url = `http://${SANDBOX_HOST}:${options.port}`
  const mailbox = await startMailbox({ port: options.smtpPort ?? 0 })
  const oidc = createOidcProviders({ baseUrl: url, redirectUri: options.frameCallbackUrl })
  const relay = createFarcasterRelay({ baseUrl: url, chain: options.farcasterChain, cacheDir: options.cacheDir, chainReady: options.chainReady })
  let walletBundle: ReturnType<typeof buildBrowserBundle> | undefined

  const log = new RequestLog()
  const app = createBaseApp({ name: SIGN_IN_SERVICE_NAME, log, faults: options.faults, cors: false })
  const html = (c: Context, body: string, status: 200 | 400 = 200) => c.html(body, status, { 'content-security-policy': PAGES_CSP, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
  app.get('/health', (c) => c.json({ ok: true }))
  app.get('/assets/frame-pages.css', (c) => c.body(PAGES_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }))
  app.get('/mailbox', (c) => {
    const to = c.req.query('to') || undefined
    return html(c, mailboxPage(mailbox.messages(to), to))
  })
  app.get('/mailbox/messages', (c) => {
    const to = z.string().email().safeParse(c.req.query('to'))
    if (!to.success) return c.json({ error: 'Missing or invalid query parameter: to' }, 400)
    return c.json(mailbox.messages(to.data), 200, { 'cache-control': 'no-store' })
  })
  app.delete('/mailbox/messages', (c) => {
    mailbox.clear()
    return c.json({ ok: true })
  })
  app.route(FARCASTER_RELAY_PATH, relay.relay)
  app.get(FARCASTER_WALLET_PATH, (c) => html(c, farcasterWalletPage()))
  app.get(`${FARCASTER_WALLET_PATH}/config.json`, async (c) => {
    try {
      return c.json({ relayUrl: `${url}${FARCASTER_RELAY_PATH}`, relayKey: relay.relayKey, rpcUrl: options.farcasterChain?.rpcUrl, accounts: await relay.accounts() }, 200, {
        'cache-control': 'no-store',
      })
    } catch (err) {
      return c.json({ error: err instanceof Error ? err.message : 'The Farcaster wallet is not available' }, 503)
    }
  })
  app.get('/assets/farcaster-wallet.js', async (c) => {
    // Bundled on first use: a sandbox whose Farcaster wallet is never opened never builds it.
    walletBundle ??= buildBrowserBundle(resolve(here, 'farcaster-wallet.ts'), 'farcaster-wallet', options.cacheDir)
    walletBundle.catch(() => (walletBundle = undefined))
    return c.body((await walletBundle).js, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' })
  })

  const server = createHttpServer(app, options.port, SIGN_IN_SERVICE_NAME, oidc.handle)
  try {
    await server.start()
  } catch (err) {
    await mailbox.stop()
    throw err
  }
  return {
    ...serviceHandle(server, log),
    smtpUrl: mailbox.smtpUrl,
    social: oidc.clients,
    farcaster: {
      relayUrl: `${url}${FARCASTER_RELAY_PATH}`,
      walletUrl: `${url}${FARCASTER_WALLET_PATH}`,
      relayKey: relay.relayKey,
      accounts: () => relay.accounts(),
      openChannels: () => relay.openChannels(),
    },
    mail: { url, smtpUrl: mailbox.smtpUrl, messages: (to) => mailbox.messages(to), clear: () => mailbox.clear() },
    async shutdown() {
      await server.stop()
      await mailbox.stop()
    },
  }
}
