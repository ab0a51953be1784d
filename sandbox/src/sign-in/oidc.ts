import { createHash, generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { OIDC_SOCIAL_PROVIDERS } from '@portico/shared-types/embedded'
import type { Adapter, AdapterPayload, Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider'
import { z } from 'zod'
import { FRAME_MESSAGES, SOCIAL_PROVIDER_NAMES, type OidcProviderConfig } from '@portico/frame-service'
import type { NodePreHandler } from '../http/server.ts'
import { escapeHtml, htmlPage } from './pages.ts'

export type OidcSocialProvider = (typeof OIDC_SOCIAL_PROVIDERS)[number]

/** The login page's username: what the provider then calls the visitor (`preferred_username`). */
export const socialUsernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,32}$/, 'Enter a username: letters, digits, dots, dashes or underscores, up to 32')

const CLIENT_ID = 'portico-frame'
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest()
const SCOPE = 'openid profile email'

/**
 * The providers' storage (sessions, interactions, codes, grants): in memory, per provider, entries
 * dropped once expired. A restart forgets the providers' own sessions (a visitor types the username
 * again); the frame's users and its started sign-ins are in its database.
 */
function memoryAdapterFactory(): (name: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number | undefined }>()
  return (model) => {
    const key = (id: string) => `${model}:${id}`
    const live = (entry: { payload: AdapterPayload; expiresAt: number | undefined } | undefined) =>
      entry && (entry.expiresAt === undefined || entry.expiresAt > Date.now()) ? entry.payload : undefined
    const byField = (field: 'uid' | 'userCode', value: string) => live([...store.entries()].find(([k, e]) => k.startsWith(`${model}:`) && e.payload[field] === value)?.[1])
    return {
      async upsert(id, payload, expiresIn) {
        store.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined })
      },
      find: async (id) => live(store.get(key(id))),
      findByUid: async (uid) => byField('uid', uid),
      findByUserCode: async (userCode) => byField('userCode', userCode),
      async consume(id) {
        const entry = store.get(key(id))
        if (entry) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) }
      },
      async destroy(id) {
        store.delete(key(id))
      },
      async revokeByGrantId(grantId) {
        for (const [k, e] of store) if (e.payload.grantId === grantId) store.delete(k)
      },
    }
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > 16_384) break
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/**
 * The login pages' CSP. Their forms post to the provider, which redirects to the client's callback
 * on the frame's origin: CSP's form-action covers those redirects too, so that origin is listed.
 */
const pageCsp = (callbackOrigin: string) => ["default-src 'none'", "style-src 'self'", `form-action 'self' ${callbackOrigin}`, "base-uri 'none'", "frame-ancestors 'none'"].join('; ')

function sendHtml(res: ServerResponse, status: number, html: string, csp: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': csp })
  res.end(html)
}

/** A provider's own login page: its name, a Username field, Sign in and Cancel. */
export function socialLoginPage(provider: OidcSocialProvider, uid: string, error?: string, username = '', withPassword = false): string {
  const name = SOCIAL_PROVIDER_NAMES[provider]
  const base = `/oidc/${provider}/interaction/${encodeURIComponent(uid)}`
  return htmlPage(
    `Sign in with ${name}`,
    [
      `<h1>${escapeHtml(name)}</h1>`,
      withPassword
        ? '<p>Sign in to continue to Portico Wallet.</p>'
        : `<p>Sign in to continue to Portico Wallet. This is the sandbox's ${escapeHtml(name)}: any username works, and the same username is the same account.</p>`,
      `<form method="post" action="${base}/login">`,
      '<label for="username">Username</label>',
      `<input id="username" name="username" autocomplete="username" required maxlength="32" value="${escapeHtml(username)}"${error ? ' aria-invalid="true" aria-describedby="login-error"' : ''} autofocus>`,
      withPassword ? '<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="128">' : '',
      error ? `<p id="login-error" role="alert">${escapeHtml(error)}</p>` : '',
      '<button type="submit">Sign in</button>',
      '</form>',
      `<form method="post" action="${base}/abort"><button type="submit" class="secondary">Cancel</button></form>`,
    ].join('\n'),
  )
}

export type OidcProviders = {
  /** Serves /oidc/{provider}/… (the providers and their login pages); false for any other path. */
  handle: NodePreHandler
  /** Each provider as the frame service is configured with it: issuer, client id and secret. */
  clients: Record<OidcSocialProvider, OidcProviderConfig>
}

/**
 * The sandbox's social providers: google, x, discord, github, apple and facebook, each a real OpenID
 * Connect provider (`oidc-provider`, one instance per provider mounted at {baseUrl}/oidc/{provider})
 * whose login page takes any username (the same username is the same account), with one client:
 * the frame service, redirected to `redirectUri`. Providers are made on first use.
 */
export function createOidcProviders(options: {
  baseUrl: string
  redirectUri: string
  /** Username -> password: with it, the login page asks for both and signs in only a known user with the right password. */
  passwords?: Readonly<Record<string, string>> | undefined
}): OidcProviders {
  const csp = pageCsp(new URL(options.redirectUri).origin)
  const send = (res: ServerResponse, status: number, html: string) => sendHtml(res, status, html, csp)
  const passwords = options.passwords ? new Map(Object.entries(options.passwords).map(([user, password]) => [user.toLowerCase(), sha256(password)])) : undefined
  /** True when `password` is the user's (compared in constant time). */
  const passwordMatches = (user: string, password: string) => {
    const known = passwords?.get(user)
    const given = sha256(password)
    return known !== undefined && timingSafeEqual(known, given)
  }
  const secrets = new Map<OidcSocialProvider, string>()
  type Made = { provider: Provider; callback: (req: IncomingMessage, res: ServerResponse) => void }
  const providers = new Map<OidcSocialProvider, Promise<Made>>()
  const issuerOf = (name: OidcSocialProvider) => `${options.baseUrl}/oidc/${name}`
  const secretOf = (name: OidcSocialProvider) => {
    let secret = secrets.get(name)
    if (!secret) secrets.set(name, (secret = randomBytes(32).toString('base64url')))
    return secret
  }
  const callbackUrl = options.redirectUri

  /** The provider, made on first use (oidc-provider is imported then, so a sandbox that never signs in socially never loads it). */
  function providerOf(name: OidcSocialProvider): Promise<Made> {
    let made = providers.get(name)
    if (!made) {
      made = makeProvider(name)
      providers.set(name, made)
    }
    return made
  }

  let signingKey: Record<string, unknown> | undefined

  async function makeProvider(name: OidcSocialProvider): Promise<Made> {
    const { default: ProviderClass } = await import('oidc-provider')
    signingKey ??= { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'sandbox-1', alg: 'RS256', use: 'sig' }
    const configuration: Configuration = {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: secretOf(name),
          redirect_uris: [callbackUrl],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [signingKey as never] },
      adapter: memoryAdapterFactory(),
      ttl: { Interaction: 600, Session: 86_400, Grant: 86_400, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/oidc/${name}/interaction/${interaction.uid}` },
      cookies: { keys: [randomBytes(32).toString('hex')], names: { session: `_${name}_session`, interaction: `_${name}_interaction`, resume: `_${name}_resume` } },
      claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
      findAccount: (_ctx, sub) => ({
        accountId: sub,
        claims: () => ({ sub, name: sub, preferred_username: sub, email: `${sub}@${name}.example`, email_verified: true }),
      }),
      // The frame is the provider's own first-party client: no consent screen.
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const accountId = ctx.oidc.session?.accountId
        const clientId = ctx.oidc.client?.clientId
        if (!accountId || !clientId) return undefined
        const grant = new ctx.oidc.provider.Grant({ accountId, clientId })
        grant.addOIDCScope(SCOPE)
        await grant.save()
        return grant
      },
      async renderError(ctx, out) {
        ctx.type = 'html'
        ctx.body = htmlPage('Sign-in failed', `<h1>Sign-in failed</h1><p role="alert">${escapeHtml(String(out.error_description ?? out.error ?? FRAME_MESSAGES.defaultError))}</p>`)
      },
    }
    const provider = new ProviderClass(issuerOf(name), configuration)
    return { provider, callback: provider.callback() }
  }

  async function interaction(name: OidcSocialProvider, rest: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { provider } = await providerOf(name)
    const match = /^\/interaction\/([^/]+)(\/login|\/abort)?$/.exec(rest)
    if (!match) return send(res, 404, htmlPage('Not found', '<h1>Not found</h1>'))
    const uid = decodeURIComponent(match[1] ?? '')
    let details
    try {
      details = await provider.interactionDetails(req, res)
    } catch {
      return send(res, 400, htmlPage('Sign-in expired', `<h1>Sign-in expired</h1><p role="alert">${escapeHtml(FRAME_MESSAGES.socialStateUnknown)}</p>`))
    }
    if (details.uid !== uid) return send(res, 400, htmlPage('Sign-in expired', `<h1>Sign-in expired</h1><p role="alert">${escapeHtml(FRAME_MESSAGES.socialStateUnknown)}</p>`))
    if (req.method === 'GET' && match[2] === undefined) return send(res, 200, socialLoginPage(name, uid, undefined, '', passwords !== undefined))
    if (req.method !== 'POST') return send(res, 405, htmlPage('Not allowed', '<h1>Not allowed</h1>'))
    if (match[2] === '/abort') {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The visitor cancelled the sign-in' }, { mergeWithLastSubmission: false })
    }
    const form = await readForm(req)
    const username = socialUsernameSchema.safeParse(form.get('username') ?? '')
    if (!username.success) return send(res, 400, socialLoginPage(name, uid, username.error.issues[0]?.message, form.get('username') ?? '', passwords !== undefined))
    if (passwords && !passwordMatches(username.data.toLowerCase(), form.get('password') ?? '')) return send(res, 400, socialLoginPage(name, uid, 'Wrong username or password', username.data, true))
    await provider.interactionFinished(req, res, { login: { accountId: username.data.toLowerCase() } }, { mergeWithLastSubmission: false })
  }

  const names = new Set<string>(OIDC_SOCIAL_PROVIDERS)
  return {
    clients: Object.fromEntries(OIDC_SOCIAL_PROVIDERS.map((name) => [name, { issuer: issuerOf(name), clientId: CLIENT_ID, clientSecret: secretOf(name) }])) as Record<
      OidcSocialProvider,
      OidcProviderConfig
    >,
    handle(req, res) {
      const url = req.url ?? '/'
      const match = /^\/oidc\/([a-z]+)(\/[^?]*)?(\?.*)?$/.exec(url)
      if (!match || !names.has(match[1] ?? '')) return false
      const name = match[1] as OidcSocialProvider
      const rest = match[2] ?? '/'
      if (rest.startsWith('/interaction/')) {
        interaction(name, rest, req, res).catch((err: unknown) => {
          console.error('[frame social]', err)
          if (!res.headersSent) send(res, 500, htmlPage('Sign-in failed', `<h1>Sign-in failed</h1><p role="alert">${escapeHtml(FRAME_MESSAGES.defaultError)}</p>`))
        })
        return true
      }
      // Mounted as Express would: the provider reads its mount path from originalUrl.
      const mounted = req as IncomingMessage & { originalUrl?: string }
      mounted.originalUrl = url
      req.url = `${rest}${match[3] ?? ''}`
      providerOf(name).then(
        (made) => made.callback(req, res),
        (err: unknown) => {
          console.error('[frame social]', err)
          if (!res.headersSent) send(res, 500, htmlPage('Sign-in failed', `<h1>Sign-in failed</h1><p role="alert">${escapeHtml(FRAME_MESSAGES.defaultError)}</p>`))
        },
      )
      return true
    },
  }
}
