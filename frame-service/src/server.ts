import { isIP } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getConnInfo } from '@hono/node-server/conninfo'
import { frameQuerySchema } from '@portico/shared-types/embedded'
import { Hono, type Context } from 'hono'
import * as z from 'zod'
import { buildBrowserBundle } from './bundle.ts'
import type { OidcProvider, OidcProviderConfig } from './config.ts'
import { createHttpServer } from './http.ts'
import { FrameAccounts, type CallContext, type FrameLimits, type FrameUser } from './accounts.ts'
import { frameProjectsSchema, originAllowed, originPatternSchema, type FrameProjects } from './allow-list.ts'
import { FRAME_API, type FrameApi, type FrameApiName } from './api.ts'
import { approvalAssetRoutes } from './approval-assets.ts'
import { approvalWindowRoutes } from './approval-window.ts'
import { createMailSender } from './mail.ts'
import { FRAME_MESSAGES, FrameError } from './messages.ts'
import { FRAME_SERVICE_NAME, PAGES_CSS, SOCIAL_CALLBACK_JS, deviceConfirmedPage, framePage, htmlPage, socialCallbackPage } from './pages.ts'
import { FARCASTER_CHANNEL_TTL_MS, createFarcasterLogin } from './farcaster.ts'
import { createSocialLogin, type OidcSocialProvider } from './social.ts'
import { createNameLookup } from './names.ts'
import { createPasskeys } from './passkeys.ts'
import { createTotp } from './totp.ts'
import { deviceLabel } from './device-label.ts'
import { answerRpc, parseChainId, transactionParams, type FrameChain, type SmartContext } from './rpc.ts'
import { createSmartAccounts, dataApiBundlerUrl } from './smart-account.ts'
import { answerSolana, type FrameSolanaNetwork } from './solana-rpc.ts'
import { formatUnits, type Address, type Hex } from 'viem'
import { simulateForAccount } from './simulate.ts'
import { readLookupTables } from './solana-chain.ts'
import { simulateSolanaForAccount } from './solana-simulate.ts'
import { outflowUsd, requireStepUp, type StepUpPolicy } from './step-up.ts'
import { userOperationCalls } from './page/describe.ts'
import { loadFrameKey, newFrameKey, sha256Hex } from './store/keys.ts'
import { openFrameStore, type FrameStore } from './store/store.ts'

/** The transaction of a Solana signing request, as the step-up values it (answerSolana checks the rest). */
const solanaTransactionOf = z.tuple([z.object({ transaction: z.string().min(1).max(10_000) })]).rest(z.unknown())

const here = dirname(fileURLToPath(import.meta.url))

/** How long one Farcaster long poll waits before answering `{ pending: true }` (the page asks again). */
const FARCASTER_POLL_MS = 20_000
/** How long one device long poll waits before answering `{ confirmed: false }` (the page asks again). */
const DEVICE_POLL_MS = 20_000
/** How long reading a transaction's address lookup tables may take before the approval shows it without them. */
const SOLANA_LOOKUP_TIMEOUT_MS = 5_000

/** One request the service answered (for a deployer's log or metrics: `onRequest`). */
export type FrameRequestLogEntry = { method: string; path: string; status: number; time: number; ms: number }

/**
 * What startFrameService takes: the configuration (frame-service/README.md "Configuration";
 * `loadFrameServiceConfig` reads and checks it from the environment) and the embedder's hooks.
 */
export type FrameServiceOptions = {
  port: number
  /** The address to bind (default 127.0.0.1). */
  host?: string | undefined
  chains: readonly FrameChain[]
  /** Project id -> allowed origins. */
  projects: FrameProjects
  /** How login mails leave: the deployer's SMTP server. */
  mail: { smtpUrl: string; from?: string | undefined }
  /** The OpenID Connect providers offered for social sign-in (none: social sign-in is refused). */
  social?: Partial<Record<OidcProvider, OidcProviderConfig>> | undefined
  /** Sign In With Farcaster: its relay, and an RPC of the ID registry's chain (none: Farcaster is refused). */
  farcaster?: { relayUrl: string; rpcUrl: string } | undefined
  cacheDir?: string | undefined
  /** Called once for each new embedded account (a sandbox funds it on its chains). */
  onNewAccount?: (address: `0x${string}`) => Promise<void>
  /** Called once for each new user's Solana account. */
  onNewSolanaAccount?: (address: string) => Promise<void>
  /** Called after each request is answered. */
  onRequest?: (entry: FrameRequestLogEntry) => void
  /** A PostgreSQL server for users, sessions and keys (PORTICO_FRAME_DATABASE_URL); else PGlite on `dataDir`. */
  databaseUrl?: string | undefined
  /** PGlite's data folder (created when missing); with neither this nor `databaseUrl`, PGlite in memory (tests only: the configuration requires one). */
  dataDir?: string | undefined
  /** The key that seals the users' keys (PORTICO_FRAME_KEY, base64 of 32 bytes); else read from `keyFile`. */
  key?: string | undefined
  /** The generated key's file (mode 0600), made on first start; with no file either, a key for this run only (tests). */
  keyFile?: string | undefined
  /** The origin visitors reach the service on (https behind a proxy); default `http://127.0.0.1:{port}`. */
  publicUrl?: string | undefined
  /** Proxies whose X-Forwarded-For names the client (the socket's address is the client otherwise). */
  trustedProxies?: readonly string[] | undefined
  limits?: Partial<FrameLimits> | undefined
  sessionIdleMs?: number | undefined
  sessionLifetimeMs?: number | undefined
  /** The blockchain-data API's base (`…/v1`) whose identity endpoint names the addresses an approval shows (PORTICO_FRAME_IDENTITY_URL); none: no names. */
  identityUrl?: string | undefined
  /**
   * The blockchain-data API's base (`…/v1`) whose bundler call (SPEC.md §7 `POST /bundler`) reaches the
   * chains' ERC-4337 bundlers and paymaster (PORTICO_FRAME_BUNDLER_URL); none: no smart accounts.
   */
  bundlerUrl?: string | undefined
  /** USD price per native-currency symbol, shown beside values in approvals. */
  usdPrices?: Readonly<Record<string, number>> | undefined
  /**
   * Approvals that send out this many USD or more (valued with `usdPrices`) need a sign-in, passkey or
   * authenticator-app code of the last 5 minutes (step-up.ts); undefined: never.
   */
  stepUpUsd?: number | undefined
  /** The Solana networks the service signs for with each user's ed25519 key (their sends go to `rpcUrl`); none: Solana requests are refused. */
  solanaNetworks?: readonly FrameSolanaNetwork[] | undefined
  /**
   * The clock of sessions, codes, device links, pending logins, limits and cooldowns (Date.now when
   * none). Given only here, by code that embeds the service (the sandbox's tests move it on instead of
   * waiting); no environment variable or configuration file of the deployed service sets it.
   */
  now?: () => number
}

export type FrameServiceHandle = {
  /** The service's public origin. */
  url: string
  accounts: FrameAccounts
  /** The database (users, devices, sessions, codes, pending logins, limits). */
  store: FrameStore
  /** `{url}/social/callback`, the redirect URI to register with every social provider. */
  socialCallbackUrl: string
  /** The social providers offered (configured), and whether Farcaster is. */
  offered: { social: readonly OidcSocialProvider[]; farcaster: boolean }
  /** The allow-list: project id -> origins (exact, or `http://host:*`). */
  projects: { get(projectId: string): readonly string[] | undefined; set(projectId: string, origins: readonly string[]): void; remove(projectId: string): void }
  /** `{url}/frame?projectId=…&chainId=…&version=4&enableLogger=false`. */
  frameUrl(query: { projectId: string; chainId: number | string; version?: number; enableLogger?: boolean }): string
  bundle: { fromCache: boolean; ms: number; bytes: number }
  /** The RPC methods the service answered for a signed-in user, oldest first (signing and reads alike), the last 1,000. */
  rpcMethods(): { method: string; at: number }[]
  /** Closes only the HTTP port (start() reopens it); the database stays open. */
  stop(): Promise<void>
  start(): Promise<void>
  isRunning(): boolean
  /** Stops the HTTP server and the database for good. */
  shutdown(): Promise<void>
}

function bearer(c: Context): string | undefined {
  const header = c.req.header('authorization')
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined
}

/** The headers the frame page sends with every API call (frame-service/README.md "Who may call the API"). */
export const FRAME_HEADERS = { project: 'x-portico-project', embedder: 'x-portico-embedder', binding: 'x-portico-binding' } as const
/** The browser session's binding secret: random, kept in the frame origin's sessionStorage. */
export const bindingSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/)

/** The frame page's CSP: its own script, its own API, nothing else; embedded only by the project's origins. */
function frameCsp(allowed: readonly string[]): string {
  // `http://127.0.0.1:*` is already CSP's own form of "any port".
  const ancestors = allowed.length > 0 ? allowed.join(' ') : "'none'"
  return ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "base-uri 'none'", "form-action 'none'", `frame-ancestors ${ancestors}`].join('; ')
}
/**
 * What a refused frame URL answers (an unknown project, a malformed URL, an embedder off the list):
 * 403 and a page whose one script tells its embedder 'Invalid App Configuration' (FRAME_INIT_ERROR,
 * to that exact origin) and does nothing else (no API, no storage), so any page may show it.
 */
const REFUSED_CSP = ["default-src 'none'", "script-src 'self'", "style-src 'self'", "base-uri 'none'", "form-action 'none'"].join('; ')
const REFUSED_JS = `(() => {
  if (window.parent === window) return
  const ancestors = location.ancestorOrigins
  let origin = ancestors && ancestors.length > 0 ? ancestors[0] : null
  if (!origin && document.referrer) try { origin = new URL(document.referrer).origin } catch {}
  if (origin && origin !== 'null') window.parent.postMessage({ type: 'FRAME_INIT_ERROR', payload: { message: ${JSON.stringify(FRAME_MESSAGES.invalidAppConfiguration)} } }, origin)
})()
`
/** The origin of a Referer header, or undefined. */
function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}

/** An address as written in both forms (`::ffff:127.0.0.1` is 127.0.0.1). */
const plainAddress = (address: string) => (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address)

/**
 * The client's address: the socket's; when the socket is a trusted proxy, X-Forwarded-For is read
 * from its right end, past every trusted proxy, to the first address that is not one (what a
 * client writes at the left end is never believed).
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trustedProxies: readonly string[]): string {
  const socket = plainAddress(socketAddress ?? 'unknown')
  const trusted = new Set(trustedProxies.map(plainAddress))
  if (!forwardedFor || !trusted.has(socket)) return socket
  const hops = forwardedFor
    .split(',')
    .map((h) => plainAddress(h.trim()))
    .filter((h) => h !== '')
  let client = socket
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string
    if (isIP(hop) === 0) return client
    client = hop
    if (!trusted.has(hop)) return hop
  }
  return client
}
const PAGES_CSP = ["default-src 'none'", "style-src 'self'", "script-src 'self'", "connect-src 'self'", "img-src 'self' data:", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"].join(
  '; ',
)

/**
 * The embedded wallet's secure frame service: the frame page a dapp loads in a hidden iframe, the
 * JSON API behind it (users, keys, signing), the email login's mails through the configured SMTP
 * server, and the configured social (OpenID Connect) and Farcaster sign-ins (frame-service/README.md).
 */
export async function startFrameService(options: FrameServiceOptions): Promise<FrameServiceHandle> {
  const host = options.host ?? '127.0.0.1'
  const url = options.publicUrl ? new URL(options.publicUrl).origin : `http://127.0.0.1:${options.port}`
  const ownOrigin = new URL(url).origin
  /**
   * The origins the frame page is served on: the public one, and for a loopback service
   * (`http://127.0.0.1:PORT`) also `http://localhost:PORT`, the same server under the one loopback
   * name a browser accepts as a passkey's relying party (WebAuthn refuses IP addresses).
   */
  const ownOrigins = new Set([ownOrigin])
  if (/^http:\/\/127\.0\.0\.1(:\d+)?$/.test(ownOrigin)) ownOrigins.add(ownOrigin.replace('127.0.0.1', 'localhost'))
  const now = options.now ?? Date.now
  const trustedProxies = options.trustedProxies ?? []
  const projects = new Map(Object.entries(frameProjectsSchema.parse(options.projects)))
  const chains = new Map(options.chains.map((c) => [c.id, c]))
  const solanaNetworks = options.solanaNetworks ?? []
  const defaultChain = options.chains[0]
  if (!defaultChain) throw new FrameError('The frame service needs at least one chain')
  // With neither a key nor a key file: a key for this run only (an in-memory database's tests).
  const key = await loadFrameKey({ key: options.key || (options.keyFile === undefined ? newFrameKey() : undefined), keyFile: options.keyFile ?? '' })
  // The database and the page's bundle start side by side; the database is closed when the bundle fails.
  const [storeResult, bundleResult] = await Promise.allSettled([
    openFrameStore({ databaseUrl: options.databaseUrl, dataDir: options.dataDir }),
    buildBrowserBundle(resolve(here, 'page/frame.ts'), 'frame', options.cacheDir, { splitting: true }),
  ] as const)
  if (storeResult.status === 'rejected' || bundleResult.status === 'rejected') {
    if (storeResult.status === 'fulfilled') await storeResult.value.close()
    throw [storeResult, bundleResult].find((r) => r.status === 'rejected')?.reason
  }
  const store = storeResult.value
  const bundle = bundleResult.value
  const mail = createMailSender({ smtpUrl: options.mail.smtpUrl, from: options.mail.from ?? `Portico Wallet <wallet@${new URL(url).hostname}>` })
  const smartAccounts = createSmartAccounts(options.bundlerUrl ? dataApiBundlerUrl(options.bundlerUrl) : undefined)
  /** A new user's accounts get the sandbox's funds: its key's EOA, and its smart account (the one it sees by default) where the chain has one. */
  const fundNewAccount = async (address: `0x${string}`) => {
    await options.onNewAccount?.(address)
    const chain = options.chains[0]
    if (!chain || !(await smartAccounts.available(chain))) return
    try {
      await options.onNewAccount?.(await smartAccounts.addressOf(address, chain))
    } catch {
      // Best effort: a login never fails for it.
    }
  }
  const accounts = new FrameAccounts({
    store,
    key,
    frameUrl: url,
    send: (m) => mail.send(m),
    defaultChainId: defaultChain.id,
    now,
    limits: options.limits,
    sessionIdleMs: options.sessionIdleMs,
    sessionLifetimeMs: options.sessionLifetimeMs,
    ...(options.onNewAccount ? { onNewAccount: (address: `0x${string}`) => fundNewAccount(address) } : {}),
    ...(options.onNewSolanaAccount ? { onNewSolanaAccount: options.onNewSolanaAccount } : {}),
  })
  const purge = () => accounts.purge().catch((err: unknown) => console.error('[frame database]', err))
  await purge()
  const purgeTimer = setInterval(purge, 10 * 60_000)
  purgeTimer.unref()

  const chainOf = (raw: number | string | undefined, fallback: number): FrameChain => {
    const id = raw === undefined ? fallback : parseChainId(raw)
    const chain = id === undefined ? undefined : chains.get(id)
    if (!chain) throw new FrameError(FRAME_MESSAGES.unsupportedChain)
    return chain
  }

  const social = createSocialLogin(url, store, options.social ?? {}, now)
  const farcaster = options.farcaster ? createFarcasterLogin({ frameUrl: url, relayUrl: options.farcaster.relayUrl, rpcUrl: options.farcaster.rpcUrl }) : undefined

  // No CORS anywhere: the API is for the frame page, which is on this origin.
  const app = new Hono()
  app.use('*', async (c, next) => {
    const started = performance.now()
    await next()
    options.onRequest?.({ method: c.req.method, path: c.req.path, status: c.res.status, time: Date.now(), ms: performance.now() - started })
  })
  app.notFound((c) => c.json({ error: 'Not found' }, 404))
  app.onError((err, c) => {
    console.error(`[${FRAME_SERVICE_NAME}]`, err)
    return c.json({ error: FRAME_MESSAGES.defaultError }, 500)
  })
  const invalid = (c: Context) => c.json({ error: FRAME_MESSAGES.invalidAppConfiguration }, 403, { 'cache-control': 'no-store' })

  /**
   * Who calls the API: only the frame page, so `Origin` must be this service's own, and the page
   * names its project and embedder, which must be on that project's allow-list. Undefined otherwise.
   */
  function callContext(c: Context): CallContext | undefined {
    const frameOrigin = c.req.header('origin') ?? ''
    if (!ownOrigins.has(frameOrigin)) return undefined
    const projectId = c.req.header(FRAME_HEADERS.project) ?? ''
    const origin = c.req.header(FRAME_HEADERS.embedder) ?? ''
    const allowed = projects.get(projectId)
    if (!allowed || !originAllowed(origin, allowed)) return undefined
    const socket = getConnInfo(c).remote.address
    return { projectId, origin, client: clientAddress(socket, c.req.header('x-forwarded-for'), trustedProxies), frameOrigin }
  }
  const bindingOf = (c: Context): string | undefined => {
    const parsed = bindingSecretSchema.safeParse(c.req.header(FRAME_HEADERS.binding))
    return parsed.success ? parsed.data : undefined
  }
  // Every /api/* request that is not the frame page's own POST (a preflight, another method, another origin) is refused here.
  app.use('/api/*', async (c, next) => {
    if (c.req.method !== 'POST' || !callContext(c)) return invalid(c)
    await next()
  })
  app.get('/health', (c) => c.json({ ok: true }))
  app.get('/favicon.ico', (c) => c.body(null, 204))
  app.get('/assets/frame.js', (c) => c.body(bundle.js, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }))
  // What the frame page loads when it is asked for it (approvals, Solana, the settings panels): named by their content.
  app.get('/assets/chunks/:file', (c) => {
    const js = Object.hasOwn(bundle.chunks, c.req.param('file')) ? bundle.chunks[c.req.param('file')] : undefined
    if (js === undefined) return c.text('Not found', 404)
    return c.body(js, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' })
  })
  approvalAssetRoutes(app, options.chains, options.usdPrices ?? {})
  approvalWindowRoutes(app, (entry, name) => buildBrowserBundle(entry, name, options.cacheDir))
  app.get('/assets/frame-refused.js', (c) => c.body(REFUSED_JS, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }))
  app.get('/assets/social-callback.js', (c) => c.body(SOCIAL_CALLBACK_JS, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }))
  app.get('/social/callback', async (c) => {
    const target = await social.callbackTarget(c.req.query('state') ?? '')
    return c.html(socialCallbackPage(target), target ? 200 : 400, { 'content-security-policy': PAGES_CSP, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
  })
  app.get('/assets/frame-pages.css', (c) => c.body(PAGES_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }))

  app.get('/frame', (c) => {
    const query = frameQuerySchema.safeParse(c.req.query())
    const chainId = query.success ? parseChainId(query.data.chainId) : undefined
    const allowed = query.success ? projects.get(query.data.projectId) : undefined
    // The embedding page's origin, when the browser names it: one off the list gets the refusal at once
    // (the real page would be blocked by its frame-ancestors, and the dapp would hear nothing).
    const embedder = c.req.header('sec-fetch-dest') === 'iframe' ? refererOrigin(c.req.header('referer')) : undefined
    const refusedEmbedder = allowed !== undefined && embedder !== undefined && !ownOrigins.has(embedder) && !originAllowed(embedder, allowed)
    if (!query.success || !allowed || refusedEmbedder) {
      return c.html(htmlPage(FRAME_MESSAGES.invalidAppConfiguration, `<p role="alert">${FRAME_MESSAGES.invalidAppConfiguration}</p>`, { script: '/assets/frame-refused.js' }), 403, {
        'content-security-policy': REFUSED_CSP,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      })
    }
    const html = framePage({
      projectId: query.data.projectId,
      allowedOrigins: [...allowed],
      chainId: chainId !== undefined && chains.has(chainId) ? chainId : null,
      chains: options.chains.map((ch) => ({ id: ch.id, name: ch.name })),
      solanaNetworks: solanaNetworks.map((n) => ({ caipNetworkId: n.caipNetworkId, name: n.name })),
      logger: query.data.enableLogger === 'true',
    })
    return c.html(html, 200, { 'content-security-policy': frameCsp(allowed), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
  })

  app.get('/device/confirm', async (c) => {
    const token = c.req.query('token') ?? ''
    const ok = token !== '' && (await accounts.confirmDevice(token))
    return c.html(deviceConfirmedPage(ok, FRAME_MESSAGES.linkInvalid), ok ? 200 : 400, { 'content-security-policy': PAGES_CSP, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
  })

  /** One JSON API route: body parsed with its schema, FrameError -> `{ error }` with its status. */
  function api<N extends FrameApiName>(
    name: N,
    handler: (body: z.output<FrameApi[N]['request']>, token: string | undefined, context: CallContext, binding: string | undefined) => Promise<z.input<FrameApi[N]['response']>>,
  ) {
    const route = FRAME_API[name]
    app.post(route.path, async (c) => {
      const context = callContext(c)
      if (!context) return invalid(c)
      let json: unknown
      try {
        json = await c.req.json()
      } catch {
        return c.json({ error: 'Invalid JSON body' }, 400)
      }
      const body = route.request.safeParse(json)
      if (!body.success) {
        const issue = body.error.issues[0]
        return c.json({ error: issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request' }, 400)
      }
      try {
        const answer = await handler(body.data as z.output<FrameApi[N]['request']>, bearer(c), context, bindingOf(c))
        return c.json(route.response.parse(answer) as object, 200, { 'cache-control': 'no-store' })
      } catch (err) {
        if (err instanceof FrameError) return c.json({ error: err.message }, err.status)
        throw err
      }
    })
  }

  api('emailConnect', async ({ email, deviceId }, token, context) => ({ action: await accounts.connectEmail(email, deviceId, token, context) }))
  api('emailDevice', async ({ email, deviceId }) => ({ confirmed: await accounts.waitForDevice(email, deviceId, DEVICE_POLL_MS) }))
  api('emailOtp', async ({ email, deviceId, otp }, _token, context) => ({ token: await accounts.verifyLoginCode(email, deviceId, otp, context) }))
  /** The user's smart account on the chain (undefined where the chain has none, or it cannot be read now). */
  const smartInfo = async (user: FrameUser, chain: FrameChain) => ((await smartAccounts.available(chain)) ? smartAccounts.info(user.account, chain).catch(() => undefined) : undefined)
  /** What an RPC request needs of the smart account: set when the user prefers it on this chain. */
  const smartContext = async (user: FrameUser, chain: FrameChain, context: CallContext): Promise<SmartContext> => {
    const smart = user.preferredAccountType === 'smartAccount' && (await smartAccounts.available(chain)) ? await smartAccounts.account(user.account, chain).catch(() => undefined) : undefined
    return { accounts: smartAccounts, projectId: context.projectId, address: smart?.address }
  }
  api('user', async ({ chainId }, token, context) => {
    const user = await accounts.userOf(token, context)
    if (chainId !== undefined) {
      const id = parseChainId(chainId)
      if (id !== undefined && chains.has(id) && id !== user.chainId) await accounts.setChain(user, id)
    }
    return accounts.describe(user, await smartInfo(user, chainOf(undefined, user.chainId)))
  })
  api('switchChain', async ({ chainId }, token, context) => {
    const user = await accounts.userOf(token, context)
    await accounts.setChain(user, chainOf(chainId, user.chainId).id)
    return { chainId: user.chainId }
  })
  api('signOut', async (_body, token) => {
    await accounts.signOut(token)
    return {}
  })
  api('sessionDevice', async ({ userAgent }, token, context) => {
    await accounts.setDevice(await accounts.userOf(token, context), userAgent)
    return {}
  })
  api('sessions', async ({ userAgent }, token, context) => {
    const user = await accounts.userOf(token, context)
    if (userAgent !== undefined) await accounts.setDevice(user, userAgent)
    return { sessions: await accounts.listSessions(user, context) }
  })
  api('endSession', async ({ id }, token, context) => ({ ended: await accounts.endSession(await accounts.userOf(token, context), id) }))
  api('endAllSessions', async ({ keepCurrent }, token, context) => ({ ended: await accounts.endAllSessions(await accounts.userOf(token, context), keepCurrent) }))
  const lookupNames = createNameLookup(options.identityUrl, now)
  api('names', async ({ addresses }, token, context) => {
    await accounts.userOf(token, context)
    return { names: await lookupNames(addresses, context.projectId) }
  })
  // One transaction at a time per user: each takes the next nonce only after the previous was sent.
  const sending = new Map<string, Promise<unknown>>()
  const rpcLog: { method: string; at: number }[] = []
  const logRpc = (method: string) => {
    rpcLog.push({ method, at: Date.now() })
    if (rpcLog.length > 1_000) rpcLog.splice(0, rpcLog.length - 1_000)
  }
  const usdPrices = options.usdPrices ?? {}
  /** The user's step-up policy: a fresh factor for approvals worth options.stepUpUsd or more. */
  const stepUpOf = (user: FrameUser): StepUpPolicy => ({ thresholdUsd: options.stepUpUsd, usdPrices, fresh: () => accounts.hasFreshFactor(user) })
  /** What EVM calls from `from` send out, in USD: simulated, or else their own value in the network's coin. */
  const callsUsd = async (chain: FrameChain, from: Address, calls: readonly { to?: Address | undefined; value?: bigint | undefined; data?: Hex | undefined }[]) => {
    const simulation = await simulateForAccount(chain, from, calls).catch(() => undefined)
    if (simulation?.status === 'simulated') return outflowUsd(simulation.changes, usdPrices)
    const { symbol, decimals } = chain.viemChain.nativeCurrency
    return calls.reduce((usd, c) => usd + Number(formatUnits(c.value ?? 0n, decimals)) * (usdPrices[symbol] ?? 0), 0)
  }
  /** eth_sendTransaction from the user's EOA, valued; a malformed one is worth 0 here (answerRpc refuses it). */
  const transactionUsd = async (user: FrameUser, chain: FrameChain, params: unknown) => {
    const parsed = transactionParams.safeParse(params)
    if (!parsed.success) return 0
    const [tx] = parsed.data
    const data = (tx.data ?? tx.input) as Hex | undefined
    return callsUsd(chain, user.account.address, [{ to: tx.to as Address | undefined, value: tx.value, data }])
  }
  /** A Solana transaction of the user's, valued by its simulation; one that cannot be simulated counts as above any amount. */
  const solanaUsd = async (user: FrameUser, solana: FrameSolanaNetwork, params: unknown) => {
    const parsed = solanaTransactionOf.safeParse(params)
    if (!parsed.success) return 0
    const simulation = await simulateSolanaForAccount(solana, user.solana.address, parsed.data[0].transaction).catch(() => undefined)
    if (simulation?.status !== 'simulated') return Number.POSITIVE_INFINITY
    const changes = simulation.changes.map((c) => ({
      kind: c.kind === 'sol' ? ('native' as const) : ('spl' as const),
      symbol: c.symbol ?? (c.kind === 'sol' ? 'SOL' : undefined),
      decimals: c.decimals ?? (c.kind === 'sol' ? 9 : undefined),
      diff: c.diff,
    }))
    return outflowUsd(changes, usdPrices)
  }
  api('rpc', async ({ method, params, chainId }, token, context) => {
    const user = await accounts.userOf(token, context)
    logRpc(method)
    const chain = chainOf(chainId, user.chainId)
    const smart = await smartContext(user, chain, context)
    if (method !== 'eth_sendTransaction') return { result: await answerRpc(user, chain, method, params, smart) }
    const previous = sending.get(user.id) ?? Promise.resolve()
    const mine = previous
      .catch(() => undefined)
      .then(async () => {
        await requireStepUp(stepUpOf(user), () => transactionUsd(user, chain, params))
        return answerRpc(user, chain, method, params, smart)
      })
    sending.set(user.id, mine)
    try {
      return { result: await mine }
    } finally {
      if (sending.get(user.id) === mine) sending.delete(user.id)
    }
  })
  api('solana', async ({ method, params, network }, token, context) => {
    const user = await accounts.userOf(token, context)
    const solana = solanaNetworks.find((n) => n.caipNetworkId === network)
    if (!solana) throw new FrameError(FRAME_MESSAGES.unsupportedChain)
    logRpc(method)
    // A transaction signed for the dapp to send moves as much as one the service sends.
    if (method === 'solana_signTransaction') await requireStepUp(stepUpOf(user), () => solanaUsd(user, solana, params))
    // Sends one at a time per user, like EVM transactions.
    if (method !== 'solana_signAndSendTransaction') return { result: await answerSolana(user, solana, method, params) }
    const key = `${user.id}/solana`
    const previous = sending.get(key) ?? Promise.resolve()
    const mine = previous
      .catch(() => undefined)
      .then(async () => {
        await requireStepUp(stepUpOf(user), () => solanaUsd(user, solana, params))
        return answerSolana(user, solana, method, params)
      })
    sending.set(key, mine)
    try {
      return { result: await mine }
    } finally {
      if (sending.get(key) === mine) sending.delete(key)
    }
  })
  /** The service's Solana network by its CAIP-2 id, or the refusal. */
  const solanaNetwork = (network: string) => {
    const solana = solanaNetworks.find((n) => n.caipNetworkId === network)
    if (!solana) throw new FrameError(FRAME_MESSAGES.unsupportedChain)
    return solana
  }
  api('solanaLookupTables', async ({ network, addresses }, token, context) => {
    await accounts.userOf(token, context)
    const solana = solanaNetwork(network)
    // A network that does not answer in time reads no table: the approval says it cannot show those accounts.
    return { tables: await readLookupTables(solana, addresses, AbortSignal.timeout(SOLANA_LOOKUP_TIMEOUT_MS)).catch(() => ({})) }
  })
  api('solanaSimulate', async ({ network, from, transaction }, token, context) => {
    const user = await accounts.userOf(token, context)
    const solana = solanaNetwork(network)
    // Only for the user's own Solana account.
    if (from !== user.solana.address) throw new FrameError(FRAME_MESSAGES.unknownAccount.replace('{address}', from))
    const simulation = await simulateSolanaForAccount(solana, from, transaction)
    if (simulation.status !== 'simulated') return simulation
    return { status: 'simulated' as const, changes: simulation.changes.map((c) => ({ ...c, diff: c.diff.toString() })) }
  })
  api('simulate', async ({ chainId, from, calls }, token, context) => {
    const user = await accounts.userOf(token, context)
    const chain = chainOf(chainId, user.chainId)
    // Only for the user's own accounts: the EOA, or its smart account on this chain.
    const smart = await smartInfo(user, chain)
    const mine = [user.account.address, smart?.address].filter(Boolean).map((a) => a!.toLowerCase())
    if (!mine.includes(from.toLowerCase())) throw new FrameError(FRAME_MESSAGES.unknownAccount.replace('{address}', from))
    const simulation = await simulateForAccount(
      chain,
      from as Address,
      calls.map((c) => ({ to: c.to as Address | undefined, value: c.value === undefined ? undefined : BigInt(c.value), data: c.data as Hex | undefined })),
    )
    if (simulation.status !== 'simulated') return simulation
    return {
      status: 'simulated' as const,
      changes: simulation.changes.map((c) => ({ ...c, diff: c.diff.toString() })),
      approvals: simulation.approvals.map((a) => ({ ...a, amount: a.amount?.toString() })),
    }
  })
  api('preferredAccount', async ({ type }, token, context) => {
    const user = await accounts.userOf(token, context)
    if (type === 'eoa') {
      await accounts.setPreferredAccountType(user, type)
      return { type, address: user.account.address }
    }
    const info = await smartInfo(user, chainOf(undefined, user.chainId))
    if (!info) throw new FrameError(FRAME_MESSAGES.smartAccountsUnavailable)
    await accounts.setPreferredAccountType(user, type)
    return { type, address: info.address }
  })
  api('smartAccountNetworks', async () => {
    const all = [...chains.values()]
    const enabled = await Promise.all(all.map((c) => smartAccounts.available(c)))
    return { chainIds: all.filter((_, i) => enabled[i]).map((c) => c.id) }
  })
  /** The user's smart account on the chain, or the refusal: the user prefers the EOA, or the chain has none. */
  const smartUser = async (token: string | undefined, context: CallContext, chainId: number | string | undefined) => {
    const user = await accounts.userOf(token, context)
    const chain = chainOf(chainId, user.chainId)
    if (user.preferredAccountType !== 'smartAccount' || !(await smartAccounts.available(chain))) throw new FrameError(FRAME_MESSAGES.smartAccountsUnavailable)
    return { user, chain }
  }
  api('userOperationPrepare', async ({ chainId, calls }, token, context) => {
    const { user, chain } = await smartUser(token, context, chainId)
    logRpc('userOperationPrepare')
    return smartAccounts.prepare(
      user.account,
      chain,
      context.projectId,
      calls.map((c) => ({ to: c.to as `0x${string}`, value: BigInt(c.value), data: c.data as `0x${string}` })),
    )
  })
  api('userOperationSend', async ({ chainId, userOperation }, token, context) => {
    const { user, chain } = await smartUser(token, context, chainId)
    logRpc('eth_sendUserOperation')
    // One operation at a time per user, like transactions: each takes the next nonce.
    const previous = sending.get(user.id) ?? Promise.resolve()
    const mine = previous
      .catch(() => undefined)
      .then(async () => {
        // Its calls as the smart account makes them; calls it cannot read count as above any amount.
        await requireStepUp(stepUpOf(user), async () => {
          const calls = userOperationCalls(userOperation)
          return calls ? callsUsd(chain, userOperation.sender as Address, calls) : Number.POSITIVE_INFINITY
        })
        return smartAccounts.send(user.account, chain, context.projectId, userOperation)
      })
    sending.set(user.id, mine)
    try {
      return { hash: await mine }
    } finally {
      if (sending.get(user.id) === mine) sending.delete(user.id)
    }
  })
  api('updateEmail', async ({ email }, token, context) => ({ action: await accounts.startEmailUpdate(await accounts.userOf(token, context), email, context) }))
  api('updateEmailPrimary', async ({ otp }, token, context) => {
    await accounts.verifyPrimaryCode(await accounts.userOf(token, context), otp, context)
    return {}
  })
  api('updateEmailSecondary', async ({ otp }, token, context) => accounts.verifySecondaryCode(await accounts.userOf(token, context), otp, token, context))

  api('socialStart', async ({ provider, projectId, dappOrigin }, _token, context, binding) => {
    if (projectId !== context.projectId || dappOrigin !== context.origin) throw new FrameError(FRAME_MESSAGES.invalidAppConfiguration, 403)
    if (provider === 'farcaster' || !social.providers.includes(provider)) throw new FrameError(FRAME_MESSAGES.unsupportedSocialProvider.replace('{provider}', provider))
    if (binding === undefined) throw new FrameError(FRAME_MESSAGES.sessionBindingMissing)
    return { uri: await social.start(provider as OidcSocialProvider, { dappOrigin, projectId, binding }) }
  })
  api('socialFinish', async ({ uri }, _token, context, binding) => {
    const account = await social.finish(uri, { dappOrigin: context.origin, projectId: context.projectId, binding })
    return { token: await accounts.socialSession(account.provider, account.subject, account.userName, context, account.email) }
  })

  /** A Farcaster channel is kept (by its token's hash) with the browser session that opened it, for 10 minutes, and used once. */
  const liveChannel = async (channelToken: string, context: CallContext, binding: string | undefined) => {
    const row = await store.pending('farcaster', sha256Hex(channelToken))
    const nonce = row?.data['nonce']
    const ok =
      row &&
      row.expires_at >= now() &&
      binding !== undefined &&
      row.binding_hash === sha256Hex(binding) &&
      row.data['projectId'] === context.projectId &&
      row.data['origin'] === context.origin &&
      typeof nonce === 'string'
    if (!ok) throw new FrameError(FRAME_MESSAGES.socialStateUnknown)
    return nonce
  }
  const farcasterOffered = () => {
    if (!farcaster) throw new FrameError(FRAME_MESSAGES.unsupportedSocialProvider.replace('{provider}', 'farcaster'))
    return farcaster
  }
  api('farcasterStart', async (_body, _token, context, binding) => {
    const login = farcasterOffered()
    if (binding === undefined) throw new FrameError(FRAME_MESSAGES.sessionBindingMissing)
    const started = await login.start()
    await store.putPending({
      kind: 'farcaster',
      key_hash: sha256Hex(started.channelToken),
      binding_hash: sha256Hex(binding),
      data: { projectId: context.projectId, origin: context.origin, nonce: started.nonce },
      expires_at: now() + FARCASTER_CHANNEL_TTL_MS,
    })
    return { url: started.url, channelToken: started.channelToken }
  })
  api('farcasterFinish', async ({ channelToken }, _token, context, binding) => {
    const login = farcasterOffered()
    const nonce = await liveChannel(channelToken, context, binding)
    const signedIn = await login.finish(channelToken, nonce, FARCASTER_POLL_MS)
    if (!signedIn) return { pending: true as const }
    // Single use: of two requests that saw the wallet's approval, one takes the channel.
    if (!(await store.takePending('farcaster', sha256Hex(channelToken)))) throw new FrameError(FRAME_MESSAGES.socialStateUnknown)
    return { token: await accounts.socialSession('farcaster', String(signedIn.fid), signedIn.username, context) }
  })

  const passkeys = createPasskeys({ store, accounts, rpName: 'Portico Wallet', now })
  api('passkeyRegisterOptions', async (_body, token, context, binding) => ({ options: { ...(await passkeys.registrationOptions(await accounts.userOf(token, context), context, binding)) } }))
  api('passkeyRegister', async ({ response, userAgent }, token, context, binding) => ({
    passkey: await passkeys.register(await accounts.userOf(token, context), response, deviceLabel(userAgent) ?? 'Passkey', context, binding),
  }))
  api('passkeyLoginOptions', async (_body, _token, context, binding) => ({ options: { ...(await passkeys.loginOptions(context, binding)) } }))
  api('passkeyLogin', async ({ response }, _token, context, binding) => ({ token: await passkeys.login(response, context, binding) }))
  api('passkeys', async (_body, token, context) => ({ passkeys: await passkeys.list(await accounts.userOf(token, context)) }))
  api('passkeyRemove', async ({ id }, token, context) => ({ removed: await passkeys.remove(await accounts.userOf(token, context), id) }))

  api('stepUpOptions', async (_body, token, context, binding) => ({ options: { ...(await passkeys.stepUpOptions(await accounts.userOf(token, context), context, binding)) } }))
  api('stepUp', async ({ response }, token, context, binding) => {
    await passkeys.stepUp(await accounts.userOf(token, context), response, context, binding)
    return {}
  })
  api('exportKey', async ({ chain }, token, context) => ({ key: await accounts.exportKey(await accounts.userOf(token, context), chain, context) }))

  const totp = createTotp({ store, accounts, key, now })
  api('totpStatus', async (_body, token, context) => ({ enabled: await totp.enabled(await accounts.userOf(token, context)) }))
  api('totpSetup', async (_body, token, context) => totp.setup(await accounts.userOf(token, context)))
  api('totpEnable', async ({ code }, token, context) => ({ recoveryCodes: await totp.enable(await accounts.userOf(token, context), code) }))
  api('totpStepUp', async ({ code }, token, context) => {
    await totp.stepUp(await accounts.userOf(token, context), code)
    return {}
  })

  const server = createHttpServer(app, options.port, host)
  try {
    await server.start()
  } catch (err) {
    clearInterval(purgeTimer)
    mail.close()
    await store.close()
    throw err
  }
  return {
    url,
    stop: () => server.stop(),
    start: () => server.start(),
    isRunning: () => server.isRunning(),
    async shutdown() {
      clearInterval(purgeTimer)
      await server.stop()
      mail.close()
      await store.close()
    },
    accounts,
    store,
    socialCallbackUrl: social.callbackUrl,
    offered: { social: social.providers, farcaster: farcaster !== undefined },
    projects: {
      get: (id) => projects.get(id),
      set: (id, origins) =>
        void projects.set(
          id,
          origins.map((o) => originPatternSchema.parse(o)),
        ),
      remove: (id) => void projects.delete(id),
    },
    frameUrl: ({ projectId, chainId, version = 4, enableLogger = false }) =>
      `${url}/frame?${new URLSearchParams({ projectId, chainId: String(chainId), version: String(version), enableLogger: String(enableLogger) })}`,
    bundle: { fromCache: bundle.fromCache, ms: Math.round(bundle.ms), bytes: bundle.js.length },
    rpcMethods: () => [...rpcLog],
  }
}

export { originAllowed }
