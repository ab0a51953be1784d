import { createServer, type Server } from 'node:http'
import type { OidcProviderConfig } from '@portico/frame-service'
import { SANDBOX_HOST } from '../options.ts'
import { createOidcProviders } from './oidc.ts'

export type PasswordIssuer = {
  /** The issuer as a frame service is configured with it (PORTICO_FRAME_GOOGLE_ISSUER, _CLIENT_ID, _CLIENT_SECRET). */
  client: OidcProviderConfig
  stop(): Promise<void>
}

/**
 * An OpenID Connect issuer with its own user store, on loopback: `oidc-provider` whose login page
 * asks for a username and a password and signs in only a known user with the right one. The tests
 * start it to sign in through a frame service configured as a deployer would, with a provider that
 * refuses a stranger who types someone else's name.
 */
export async function startPasswordIssuer(options: { port: number; redirectUri: string; users: Readonly<Record<string, string>> }): Promise<PasswordIssuer> {
  const baseUrl = `http://${SANDBOX_HOST}:${options.port}`
  const providers = createOidcProviders({ baseUrl, redirectUri: options.redirectUri, passwords: options.users })
  const server: Server = createServer((req, res) => {
    if (!providers.handle(req, res)) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('Not found')
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, SANDBOX_HOST, () => resolve())
  })
  return {
    client: providers.clients.google,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
