import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Context } from 'hono'
import type { FaultStore } from '../faults/store.ts'
import { createBaseApp } from '../http/base-app.ts'
import { SVG_CONTENT_TYPE, cachedAsset } from '../http/cached-asset.ts'
import { RequestLog } from '../http/request-log.ts'
import { createHttpServer } from '../http/server.ts'
import { serviceHandle, type ServiceHandle } from '../http/service-handle.ts'
import { SANDBOX_HOST } from '../options.ts'
import { buildPhoneWalletBundle } from './bundle.ts'
import { PHONE_WALLET_ACCOUNT_INDEXES, PHONE_WALLET_NAME, phoneWalletConfigSchema, type PhoneWalletChain, type PhoneWalletConfig, type PhoneWalletSolanaChain } from './config.ts'
import { PHONE_WALLET_ICON_SVG } from './icon.ts'

const here = dirname(fileURLToPath(import.meta.url))

export type PhoneWalletOptions = {
  port: number
  relayUrl: string
  chains: readonly PhoneWalletChain[]
  /** Solana chains the wallet approves in a session's solana namespace (none: eip155 only). */
  solanaChains?: readonly PhoneWalletSolanaChain[] | undefined
  faults: FaultStore
  /** Where the bundle is cached (sandbox/.cache by default). */
  cacheDir?: string | undefined
  /** What the wallet tells the relay; the sandbox's relay takes any. */
  projectId?: string
}

export type PhoneWalletHandle = ServiceHandle & {
  config: PhoneWalletConfig
  /** The page a dapp's "Open" button leads to: `{url}/wc?uri={encoded wc: URI}`. */
  deepLink(uri: string): string
  /** How the browser code was had at start: built (about a second) or from the cache. */
  bundle: { fromCache: boolean; ms: number; bytes: number }
}

export const PHONE_WALLET_PROJECT_ID = 'portico-sandbox-phone-wallet'

/** The wallet's own URL for a port: the catalogue lists it as mobile_link and webapp_link. */
export function phoneWalletUrl(port: number): string {
  return `http://${SANDBOX_HOST}:${port}`
}

const PAGE = [
  '<!doctype html>',
  '<html lang="en">',
  '<head>',
  '<meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  `<title>${PHONE_WALLET_NAME}</title>`,
  '<link rel="icon" href="/icon.svg" type="image/svg+xml">',
  '<link rel="stylesheet" href="/assets/phone-wallet.css">',
  '<script type="module" src="/assets/phone-wallet.js"></script>',
  '</head>',
  '<body>',
  `<main id="app"><h1>${PHONE_WALLET_NAME}</h1><p role="status">Starting…</p></main>`,
  '</body>',
  '</html>',
].join('\n')

/** The page's CSP: its own code only; it talks to the relay and the chains and nothing else. */
function contentSecurityPolicy(config: PhoneWalletConfig): string {
  const origins = new Set([config.relayUrl, ...[...config.chains, ...config.solanaChains].map((c) => new URL(c.rpcUrl).origin)])
  return ["default-src 'none'", "script-src 'self'", "style-src 'self'", 'img-src * data:', `connect-src 'self' ${[...origins].join(' ')}`, "base-uri 'none'", "form-action 'none'"].join('; ')
}

function revalidated(c: Context, body: string, contentType: string): Response {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  const headers = { etag, 'cache-control': 'no-cache', 'content-type': contentType }
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
  return c.body(body, 200, headers)
}

/**
 * The Sandbox Phone Wallet: a WalletConnect wallet page (WalletKit + core, bundled at start) served
 * on its own port. `/` and `/wc?uri=…` are the page; it reads `/config.json` for the relay and the
 * chains.
 */
export async function startPhoneWallet(options: PhoneWalletOptions): Promise<PhoneWalletHandle> {
  const url = phoneWalletUrl(options.port)
  const config = phoneWalletConfigSchema.parse({
    relayUrl: options.relayUrl,
    projectId: options.projectId ?? PHONE_WALLET_PROJECT_ID,
    chains: [...options.chains],
    solanaChains: [...(options.solanaChains ?? [])],
    accountIndexes: [...PHONE_WALLET_ACCOUNT_INDEXES],
    url,
  } satisfies PhoneWalletConfig)
  const [bundle, css] = await Promise.all([buildPhoneWalletBundle(options.cacheDir), readFile(resolve(here, 'page/phone-wallet.css'), 'utf8')])
  const csp = contentSecurityPolicy(config)

  const log = new RequestLog()
  const app = createBaseApp({ name: PHONE_WALLET_NAME, log, faults: options.faults })
  const page = (c: Context) => c.html(PAGE, 200, { 'content-security-policy': csp, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
  app.get('/', page)
  app.get('/wc', page)
  app.get('/assets/phone-wallet.js', (c) => revalidated(c, bundle.js, 'text/javascript; charset=utf-8'))
  app.get('/assets/phone-wallet.css', (c) => revalidated(c, css, 'text/css; charset=utf-8'))
  app.get('/icon.svg', (c) => cachedAsset(c, PHONE_WALLET_ICON_SVG, SVG_CONTENT_TYPE))
  app.get('/config.json', (c) => c.json(config, 200, { 'cache-control': 'no-store' }))
  app.get('/health', (c) => c.json({ ok: true }))

  const server = createHttpServer(app, options.port, PHONE_WALLET_NAME)
  await server.start()
  return {
    ...serviceHandle(server, log),
    config,
    deepLink: (uri) => `${url}/wc?uri=${encodeURIComponent(uri)}`,
    bundle: { fromCache: bundle.fromCache, ms: Math.round(bundle.ms), bytes: bundle.js.length },
  }
}
