import * as client from 'openid-client'
import { OIDC_SOCIAL_PROVIDERS } from '@portico/shared-types/embedded'
import * as z from 'zod'
import { isLoopbackUrl, type OidcProviderConfig } from './config.ts'
import { FRAME_MESSAGES, FrameError, FrameServiceError } from './messages.ts'
import { sha256Hex } from './store/keys.ts'
import type { FrameStore } from './store/store.ts'

/** A provider's email claim, kept only when the provider says it verified it. */
const verifiedEmailSchema = z.string().email().max(254)

export type OidcSocialProvider = (typeof OIDC_SOCIAL_PROVIDERS)[number]

/** How each provider is named to the visitor. */
export const SOCIAL_PROVIDER_NAMES: Record<OidcSocialProvider, string> = { google: 'Google', x: 'X', discord: 'Discord', github: 'GitHub', apple: 'Apple', facebook: 'Facebook' }
/** How long a started sign-in (its state, PKCE verifier and nonce) is kept. */
export const SOCIAL_STATE_TTL_MS = 10 * 60_000

const SCOPE = 'openid profile email'

/** A started sign-in, kept in the frame's database under the SHA-256 of its state, with the binding secret's hash. */
const pendingSchema = z.object({ provider: z.enum(OIDC_SOCIAL_PROVIDERS), verifier: z.string(), nonce: z.string(), dappOrigin: z.string(), projectId: z.string() })

export type SocialLogin = {
  /** The providers this service offers: those configured with an issuer, a client id and a secret. */
  providers: readonly OidcSocialProvider[]
  /**
   * GET_SOCIAL_REDIRECT_URI: the provider's authorization URL (code flow, PKCE S256, state, nonce).
   * The state is bound to the project, the dapp origin and the browser session's binding secret.
   */
  start(provider: OidcSocialProvider, bound: { dappOrigin: string; projectId: string; binding: string }): Promise<string>
  /**
   * CONNECT_SOCIAL: the code exchange for the redirect the popup ended on; the provider's account.
   * Only from the browser session, project and origin that started it, once, within 10 minutes.
   */
  finish(
    uri: string,
    bound: { dappOrigin: string; projectId: string; binding: string | undefined },
  ): Promise<{ provider: OidcSocialProvider; subject: string; userName: string; email: string | undefined }>
  /** The dapp origin a callback of `state` is posted to (undefined for an unknown or spent state). */
  callbackTarget(state: string): Promise<string | undefined>
  /** `{frameUrl}/social/callback`. */
  callbackUrl: string
}

/**
 * Social sign-in for the frame: each configured provider is an OpenID Connect issuer (found by
 * discovery), and the frame service its client (`openid-client`: authorization code with PKCE S256,
 * state and nonce; the verifier stays here, keyed by state with the dapp origin the callback page
 * posts to, all in the frame's database). A provider that is not configured is refused.
 */
export function createSocialLogin(frameUrl: string, store: FrameStore, configured: Partial<Record<OidcSocialProvider, OidcProviderConfig>>, now: () => number = Date.now): SocialLogin {
  const callbackUrl = `${frameUrl}/social/callback`
  const configs = new Map<OidcSocialProvider, Promise<client.Configuration>>()
  const livePending = async (state: string) => {
    const row = state === '' ? undefined : await store.pending('social', sha256Hex(state))
    const data = row && row.expires_at >= now() ? pendingSchema.safeParse(row.data) : undefined
    return row && data?.success ? { row, data: data.data } : undefined
  }
  const settingsOf = (name: OidcSocialProvider): OidcProviderConfig => {
    const settings = configured[name]
    if (!settings) throw new FrameError(FRAME_MESSAGES.unsupportedSocialProvider.replace('{provider}', name))
    return settings
  }

  function configOf(name: OidcSocialProvider): Promise<client.Configuration> {
    let config = configs.get(name)
    if (!config) {
      const settings = settingsOf(name)
      const issuer = new URL(settings.issuer)
      // Plain http only for an issuer on this machine (the configuration refuses it elsewhere).
      const insecure = issuer.protocol === 'http:' && isLoopbackUrl(issuer)
      config = client.discovery(issuer, settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), insecure ? { execute: [client.allowInsecureRequests] } : undefined)
      config.catch(() => configs.delete(name))
      configs.set(name, config)
    }
    return config
  }

  return {
    callbackUrl,
    providers: OIDC_SOCIAL_PROVIDERS.filter((p) => configured[p] !== undefined),
    async start(provider, { dappOrigin, projectId, binding }) {
      let config: client.Configuration
      try {
        config = await configOf(provider)
      } catch (err) {
        if (err instanceof FrameError) throw err
        console.error(`[frame social] ${provider}: discovery failed`, err)
        throw new FrameError(FRAME_MESSAGES.socialFailed.replace('{provider}', SOCIAL_PROVIDER_NAMES[provider]), 502)
      }
      const verifier = client.randomPKCECodeVerifier()
      const state = client.randomState()
      const nonce = client.randomNonce()
      await store.putPending({
        kind: 'social',
        key_hash: sha256Hex(state),
        binding_hash: sha256Hex(binding),
        data: { provider, verifier, nonce, dappOrigin, projectId },
        expires_at: now() + SOCIAL_STATE_TTL_MS,
      })
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'login',
      })
      return url.href
    },

    async finish(uri, bound) {
      let url: URL
      try {
        url = new URL(uri)
      } catch {
        throw new FrameError(FRAME_MESSAGES.socialStateUnknown)
      }
      const state = url.searchParams.get('state') ?? ''
      const found = `${url.origin}${url.pathname}` === callbackUrl ? await livePending(state) : undefined
      const boundHere =
        found && bound.binding !== undefined && found.row.binding_hash === sha256Hex(bound.binding) && found.data.projectId === bound.projectId && found.data.dappOrigin === bound.dappOrigin
      // Single use: of two requests with the same state, one takes it.
      if (!found || !boundHere || !(await store.takePending('social', sha256Hex(state)))) throw new FrameError(FRAME_MESSAGES.socialStateUnknown)
      const started = found.data
      const failed = FRAME_MESSAGES.socialFailed.replace('{provider}', SOCIAL_PROVIDER_NAMES[started.provider])
      try {
        const tokens = await client.authorizationCodeGrant(await configOf(started.provider), url, {
          pkceCodeVerifier: started.verifier,
          expectedState: state,
          expectedNonce: started.nonce,
          idTokenExpected: true,
        })
        const claims = tokens.claims()
        if (!claims) throw new FrameServiceError('no ID token')
        const userName = [claims['preferred_username'], claims['name'], claims.sub].find((v): v is string => typeof v === 'string' && v !== '') ?? claims.sub
        // The provider's email, only where it says it verified it: the service writes there (a key exported), nothing
        // more. Most providers give it at their userinfo endpoint, not in the ID token; without it the sign-in goes on.
        const verified = (c: Record<string, unknown>) => (c['email_verified'] === true ? verifiedEmailSchema.safeParse(c['email']).data : undefined)
        const email =
          verified(claims) ??
          (await client
            .fetchUserInfo(await configOf(started.provider), tokens.access_token, claims.sub)
            .then(verified)
            .catch(() => undefined))
        return { provider: started.provider, subject: claims.sub, userName, email }
      } catch {
        throw new FrameError(failed)
      }
    },

    async callbackTarget(state) {
      return (await livePending(state))?.data.dappOrigin
    },
  }
}
