/**
 * What the page and the core share about connectors: their types (SPEC.md §3), the SPEC.md §4 rule on
 * sessions that span namespaces, and where a catalogue wallet's image lives. Zod-free, so the page's
 * views and the core import it without pulling schemas.
 */
import { SDK_TYPE, SDK_VERSION } from './constants.ts'

/** The kinds of connector of SPEC.md §3. */
export const CONNECTOR_TYPES = ['WALLET_CONNECT', 'INJECTED', 'ANNOUNCED', 'EXTERNAL', 'AUTH', 'MULTI_CHAIN'] as const
export type ConnectorType = (typeof CONNECTOR_TYPES)[number]

/** The id of the WalletConnect connector (the id its connections are kept with). */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/** The id of the embedded wallet's connector (type AUTH), the id its connections are kept with. */
export const AUTH_CONNECTOR_ID = 'auth'

/** Connector types whose one session spans namespaces (SPEC.md §4: walletConnect and auth). */
export const SHARED_SESSION_CONNECTOR_TYPES: readonly ConnectorType[] = ['WALLET_CONNECT', 'AUTH']

/**
 * Whether disconnecting one namespace of a connector of this type ends its other namespaces too
 * (SPEC.md §4). A connection recorded without a type (before types were kept) shares nothing.
 *
 * @example
 * sharesSessionAcrossNamespaces('WALLET_CONNECT') // true
 */
export function sharesSessionAcrossNamespaces(type: ConnectorType | null | undefined): boolean {
  return !!type && SHARED_SESSION_CONNECTOR_TYPES.includes(type)
}

/** Path of a wallet's image on the catalogue (SPEC.md §7 GET /getWalletImage/{id}), relative to its base URL. */
export function walletImagePath(imageId: string): string {
  return `getWalletImage/${encodeURIComponent(imageId)}`
}

/**
 * URL of a wallet's image in the catalogue, with the project fields every catalogue call carries. The
 * core's HTTP layer adds the same fields to `walletImagePath`, so both name one cached resource.
 *
 * @example
 * walletImageUrl({ catalogueUrl: 'http://127.0.0.1:8788', projectId: 'p', imageId: 'a b' })
 * // 'http://127.0.0.1:8788/getWalletImage/a%20b?projectId=p&st=portico&sv=react-portico-0.1.0'
 */
export function walletImageUrl({ catalogueUrl, projectId, imageId }: { catalogueUrl: string; projectId: string; imageId: string }): string {
  const url = new URL(walletImagePath(imageId), catalogueUrl.endsWith('/') ? catalogueUrl : `${catalogueUrl}/`)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('st', SDK_TYPE)
  url.searchParams.set('sv', SDK_VERSION)
  return url.toString()
}
