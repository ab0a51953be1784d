import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { frameQuerySchema } from '@portico/shared-types/embedded'
import type { Context } from 'hono'
import { z } from 'zod'
import type { FaultStore } from '../faults/store.ts'
import { createBaseApp } from '../http/base-app.ts'
import { buildBrowserBundle } from '../http/browser-bundle.ts'
import { RequestLog } from '../http/request-log.ts'
import { createHttpServer, type NodePreHandler } from '../http/server.ts'
import { serviceHandle, type ServiceHandle } from '../http/service-handle.ts'
import { SANDBOX_HOST } from '../options.ts'
import { FrameAccounts } from './accounts.ts'
import { DEFAULT_FRAME_PROJECTS, frameProjectsSchema, originAllowed, originPatternSchema, type FrameProjects } from './allow-list.ts'
import { FRAME_API, type FrameApi, type FrameApiName } from './api.ts'
import { startMailService, type MailboxMessage } from './mail.ts'
import { FRAME_MESSAGES, FrameError } from './messages.ts'
import { FRAME_SERVICE_NAME, PAGES_CSS, SOCIAL_CALLBACK_JS, deviceConfirmedPage, farcasterWalletPage, framePage, mailboxPage, socialCallbackPage } from './pages.ts'
import { createFarcasterLogin, type FarcasterAccount } from './farcaster.ts'
import { FARCASTER_RELAY_PATH, FARCASTER_WALLET_PATH } from './farcaster-accounts.ts'
import { createSocialLogin, type OidcSocialProvider } from './social.ts'
import { answerRpc, parseChainId, type FrameChain } from './rpc.ts'

const here = dirname(fileURLToPath(import.meta.url))

/** How long one Farcaster long poll waits before answering `{ pending: true }` (the page asks again). */
const FARCASTER_POLL_MS = 20_000
/** How long one device long poll waits before answering `{ confirmed: false }` (the page asks again). */
const DEVICE_POLL_MS = 20_000

export type FrameServiceOptions = {
  port: number
  chains: readonly FrameChain[]
  faults: FaultStore
  /** Project id -> allowed origins. Default: DEFAULT_FRAME_PROJECTS. */
  projects?: FrameProjects | undefined
  /** SMTP port of the mail server; 0 (default) lets the system choose. */
  smtpPort?: number | undefined
  cacheDir?: string | undefined
  /** Resolves once the chains are deployed and seeded (the Farcaster registry is placed after). */
  chainsReady?: Promise<unknown> | undefined
  /** Called once for each new embedded account (the sandbox funds it on its chains). */
  onNewAccount?: (address: `0x${string}`) => Promise<void>
}

export type FrameServiceHandle = ServiceHandle & {
  accounts: FrameAccounts
  /** `{url}/social/callback`, the redirect URI of every social provider. */
  socialCallbackUrl: string
  /** The Farcaster wallet's accounts (registered on first use), its page, the relay and the wallet's relay key. */
  farcaster: { accounts(): Promise<FarcasterAccount[]>; walletUrl: string; relayUrl: string; relayKey: string }
  mail: { url: string; messages(to?: string): MailboxMessage[]; clear(): void }
  /** The allow-list: project id -> origins (exact, or `http://host:*`). */
  projects: { get(projectId: string): readonly string[] | undefined; set(projectId: string, origins: readonly string[]): void; remove(projectId: string): void }
  /** `{url}/frame?projectId=…&chainId=…&version=4&enableLogger=false`. */
  frameUrl(query: { projectId: string; chainId: number | string; version?: number; enableLogger?: boolean }): string
  bundle: { fromCache: boolean; ms: number; bytes: number }
  /** The RPC methods the service answered for a signed-in user, oldest first (signing and reads alike). */
  rpcMethods(): { method: string; at: number }[]
  /** Stops the HTTP server and the mail server for good (stop() closes only the HTTP port, start() reopens it). */
  shutdown(): Promise<void>
}

export function frameServiceUrl(port: number): string {
  return `http://${SANDBOX_HOST}:${port}`
}

function bearer(c: Context): string | undefined {
  const header = c.req.header('authorization')
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined
}

/** The frame page's CSP: its own script, its own API, nothing else. Any page may embed it (it checks the embedder itself). */
const FRAME_CSP = ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "base-uri 'none'", "form-action 'none'"].join('; ')
const PAGES_CSP = ["default-src 'none'", "style-src 'self'", "script-src 'self'", "connect-src 'self'", "img-src 'self' data:", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"].join('; ')

/**
 * The embedded wallet's secure frame service: the frame page a dapp loads in a hidden iframe, the
 * JSON API behind it (users, keys, signing), the mail server and mailbox of the email login, and
 * the social and Farcaster sign-in pieces (see sandbox/README.md "Embedded-wallet frame").
 */
export async function startFrameService(options: FrameServiceOptions): Promise<FrameServiceHandle> {
  const url = frameServiceUrl(options.port)
  const projects = new Map(Object.entries(frameProjectsSchema.parse(options.projects ?? DEFAULT_FRAME_PROJECTS)))
  const chains = new Map(options.chains.map((c) => [c.id, c]))
  const defaultChain = options.chains[0]
  if (!defaultChain) throw new Error('The frame service needs at least one chain')
  const [bundle, mail] = await Promise.all([
    buildBrowserBundle(resolve(here, 'page/frame.ts'), 'frame', options.cacheDir),
    startMailService({ port: options.smtpPort ?? 0, from: 'Portico Wallet <wallet@portico.localhost>' }),
  ])
  const accounts = new FrameAccounts({ frameUrl: url, send: (m) => mail.send(m), defaultChainId: defaultChain.id, ...(options.onNewAccount ? { onNewAccount: options.onNewAccount } : {}) })

  const chainOf = (raw: number | string | undefined, fallback: number): FrameChain => {
    const id = raw === undefined ? fallback : parseChainId(raw)
    const chain = id === undefined ? undefined : chains.get(id)
    if (!chain) throw new FrameError(FRAME_MESSAGES.unsupportedChain)
    return chain
  }

  const social = createSocialLogin(url)
  const farcasterChain = options.chains.find((c) => !c.external)
  const farcaster = createFarcasterLogin({ frameUrl: url, chain: farcasterChain, cacheDir: options.cacheDir, chainReady: options.chainsReady })
  let walletBundle: ReturnType<typeof buildBrowserBundle> | undefined
  const checkOrigin = (projectId: string, origin: string) => {
    const allowed = projects.get(projectId)
    if (!allowed || !originAllowed(origin, allowed)) throw new FrameError(FRAME_MESSAGES.invalidAppConfiguration, 403)
  }

  const log = new RequestLog()
  const app = createBaseApp({ name: FRAME_SERVICE_NAME, log, faults: options.faults })
  app.get('/health', (c) => c.json({ ok: true }))
  app.get('/favicon.ico', (c) => c.body(null, 204))
  app.get('/assets/frame.js', (c) => c.body(bundle.js, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }))
  app.get('/assets/social-callback.js', (c) => c.body(SOCIAL_CALLBACK_JS, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }))
  app.get('/social/callback', (c) => {
    const target = social.callbackTarget(c.req.query('state') ?? '')
    return c.html(socialCallbackPage(target), target ? 200 : 400, { 'content-security-policy': PAGES_CSP, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
  })
  app.route(FARCASTER_RELAY_PATH, farcaster.relay)
  app.get(FARCASTER_WALLET_PATH, (c) => c.html(farcasterWalletPage(), 200, { 'content-security-policy': PAGES_CSP, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }))
  app.get(`${FARCASTER_WALLET_PATH}/config.json`, async (c) => {
    try {
      const accounts = await farcaster.accounts()
      return c.json({ relayUrl: `${url}${FARCASTER_RELAY_PATH}`, relayKey: farcaster.relayKey, rpcUrl: farcasterChain?.rpcUrl, accounts }, 200, { 'cache-control': 'no-store' })
    } catch (err) {
      return c.json({ error: err instanceof FrameError ? err.message : FRAME_MESSAGES.farcasterUnavailable }, 503)
    }
  })
  app.get('/assets/farcaster-wallet.js', async (c) => {
    // Bundled on first use: a sandbox whose Farcaster wallet is never opened never builds it.
    walletBundle ??= buildBrowserBundle(resolve(here, 'page/farcaster-wallet.ts'), 'farcaster-wallet', options.cacheDir)
    walletBundle.catch(() => (walletBundle = undefined))
    return c.body((await walletBundle).js, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' })
  })
  app.get('/assets/frame-pages.css', (c) => c.body(PAGES_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }))

  app.get('/frame', (c) => {
    const query = frameQuerySchema.safeParse(c.req.query())
    const chainId = query.success ? parseChainId(query.data.chainId) : undefined
    const allowed = query.success ? projects.get(query.data.projectId) : undefined
    const html = framePage({
      projectId: query.success ? query.data.projectId : '',
      allowedOrigins: allowed ? [...allowed] : null,
      chainId: chainId !== undefined && chains.has(chainId) ? chainId : null,
      chains: options.chains.map((ch) => ({ id: ch.id, name: ch.name })),
      logger: query.success && query.data.enableLogger === 'true',
    })
    return c.html(html, 200, { 'content-security-policy': FRAME_CSP, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
  })

  app.get('/mailbox', (c) => {
    const to = c.req.query('to') || undefined
    return c.html(mailboxPage(mail.messages(to), to), 200, { 'content-security-policy': PAGES_CSP, 'cache-control': 'no-store' })
  })
  app.get('/mailbox/messages', (c) => {
    const to = z.string().email().safeParse(c.req.query('to'))
    if (!to.success) return c.json({ error: 'Missing or invalid query parameter: to' }, 400)
    return c.json(mail.messages(to.data), 200, { 'cache-control': 'no-store' })
  })
  app.delete('/mailbox/messages', (c) => {
    mail.clear()
    return c.json({ ok: true })
  })
  app.get('/device/confirm', async (c) => {
    const token = c.req.query('token') ?? ''
    const ok = token !== '' && (await accounts.confirmDevice(token))
    return c.html(deviceConfirmedPage(ok, FRAME_MESSAGES.linkInvalid), ok ? 200 : 400, { 'content-security-policy': PAGES_CSP, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
  })

  /** One JSON API route: body parsed with its schema, FrameError -> `{ error }` with its status. */
  function api<N extends FrameApiName>(name: N, handler: (body: z.output<FrameApi[N]['request']>, token: string | undefined) => Promise<z.input<FrameApi[N]['response']>>) {
    const route = FRAME_API[name]
    app.post(route.path, async (c) => {
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
        const answer = await handler(body.data as z.output<FrameApi[N]['request']>, bearer(c))
        return c.json(route.response.parse(answer) as object, 200, { 'cache-control': 'no-store' })
      } catch (err) {
        if (err instanceof FrameError) return c.json({ error: err.message }, err.status)
        throw err
      }
    })
  }

  api('emailConnect', async ({ email, deviceId }, token) => ({ action: await accounts.connectEmail(email, deviceId, token) }))
  api('emailDevice', async ({ email, deviceId }) => ({ confirmed: await accounts.waitForDevice(email, deviceId, DEVICE_POLL_MS) }))
  api('emailOtp', async ({ email, deviceId, otp }) => ({ token: await accounts.verifyLoginCode(email, deviceId, otp) }))
  api('user', async ({ chainId }, token) => {
    const user = accounts.userOf(token)
    if (chainId !== undefined) {
      const id = parseChainId(chainId)
      if (id !== undefined && chains.has(id)) user.chainId = id
    }
    return accounts.describe(user)
  })
  api('switchChain', async ({ chainId }, token) => {
    const user = accounts.userOf(token)
    user.chainId = chainOf(chainId, user.chainId).id
    return { chainId: user.chainId }
  })
  api('signOut', async (_body, token) => {
    accounts.signOut(token)
    return {}
  })
  // One transaction at a time per user: each takes the next nonce only after the previous was sent.
  const sending = new Map<string, Promise<unknown>>()
  const rpcLog: { method: string; at: number }[] = []
  api('rpc', async ({ method, params, chainId }, token) => {
    const user = accounts.userOf(token)
    rpcLog.push({ method, at: Date.now() })
    const chain = chainOf(chainId, user.chainId)
    if (method !== 'eth_sendTransaction') return { result: await answerRpc(user, chain, method, params) }
    const previous = sending.get(user.id) ?? Promise.resolve()
    const mine = previous.catch(() => undefined).then(() => answerRpc(user, chain, method, params))
    sending.set(user.id, mine)
    try {
      return { result: await mine }
    } finally {
      if (sending.get(user.id) === mine) sending.delete(user.id)
    }
  })
  api('preferredAccount', async ({ type }, token) => {
    const user = accounts.userOf(token)
    if (type === 'smartAccount') throw new FrameError(FRAME_MESSAGES.smartAccountsUnavailable)
    user.preferredAccountType = type
    return { type, address: user.account.address }
  })
  api('updateEmail', async ({ email }, token) => ({ action: await accounts.startEmailUpdate(accounts.userOf(token), email) }))
  api('updateEmailPrimary', async ({ otp }, token) => {
    await accounts.verifyPrimaryCode(accounts.userOf(token), otp)
    return {}
  })
  api('updateEmailSecondary', async ({ otp }, token) => ({ newEmail: accounts.verifySecondaryCode(accounts.userOf(token), otp) }))

  api('socialStart', async ({ provider, projectId, dappOrigin }) => {
    checkOrigin(projectId, dappOrigin)
    if (provider === 'farcaster') throw new FrameError(FRAME_MESSAGES.unsupportedSocialProvider.replace('{provider}', provider))
    return { uri: await social.start(provider as OidcSocialProvider, dappOrigin) }
  })
  api('socialFinish', async ({ uri }) => {
    const account = await social.finish(uri)
    return { token: await accounts.socialSession(account.provider, account.subject, account.userName) }
  })

  api('farcasterStart', () => farcaster.start())
  api('farcasterFinish', async ({ channelToken }) => {
    const signedIn = await farcaster.finish(channelToken, FARCASTER_POLL_MS)
    if (!signedIn) return { pending: true as const }
    return { token: await accounts.socialSession('farcaster', String(signedIn.fid), signedIn.username) }
  })

  const before: NodePreHandler = (req, res) => social.handle(req, res)
  const server = createHttpServer(app, options.port, FRAME_SERVICE_NAME, before)
  try {
    await server.start()
  } catch (err) {
    await mail.stop()
    throw err
  }
  return {
    ...serviceHandle(server, log),
    async shutdown() {
      await server.stop()
      await mail.stop()
    },
    accounts,
    socialCallbackUrl: social.callbackUrl,
    farcaster: { accounts: () => farcaster.accounts(), walletUrl: `${url}${FARCASTER_WALLET_PATH}`, relayUrl: `${url}${FARCASTER_RELAY_PATH}`, relayKey: farcaster.relayKey },
    mail: { url: mail.url, messages: (to) => mail.messages(to), clear: () => mail.clear() },
    projects: {
      get: (id) => projects.get(id),
      set: (id, origins) => void projects.set(id, origins.map((o) => originPatternSchema.parse(o))),
      remove: (id) => void projects.delete(id),
    },
    frameUrl: ({ projectId, chainId, version = 4, enableLogger = false }) =>
      `${url}/frame?${new URLSearchParams({ projectId, chainId: String(chainId), version: String(version), enableLogger: String(enableLogger) })}`,
    bundle: { fromCache: bundle.fromCache, ms: Math.round(bundle.ms), bytes: bundle.js.length },
    rpcMethods: () => [...rpcLog],
  }
}

export { originAllowed }
