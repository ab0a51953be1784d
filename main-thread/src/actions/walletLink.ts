import type { WalletListing } from '@portico/shared-types'
import { deepLinkScheme, pageSafeHref } from '@portico/shared-types/safeUrl'

/** A touch device opens a wallet app (its deep or universal link); elsewhere a wallet's desktop or web app. */
export function isTouchDevice(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches
}

/**
 * The link that opens `wallet` with the pairing URI: `{link}wc?uri=…` (WalletConnect's deep-link form;
 * a universal or web link gets the `/` it needs, a custom scheme keeps its `://`). Only a link Portico
 * may open (`pageSafeHref`): on a touch device the wallet's mobile link, with the scheme of that
 * mobile link; elsewhere its desktop or web app link, https only. Null when the wallet has no such link.
 */
export function walletLink(wallet: WalletListing | undefined, uri: string, touch: boolean): string | null {
  const candidates = touch ? [wallet?.mobile_link] : [wallet?.desktop_link, wallet?.webapp_link]
  for (const base of candidates) {
    if (!base) continue
    const isHttp = /^https?:\/\//i.test(base)
    const prefix = isHttp ? (base.endsWith('/') ? base : `${base}/`) : base.includes('://') ? base : `${base.replace(/[:/]+$/, '')}://`
    const link = pageSafeHref(`${prefix}wc?uri=${encodeURIComponent(uri)}`, touch ? { kind: 'walletDeepLink', allowedScheme: deepLinkScheme(wallet?.mobile_link) } : { kind: 'web' })
    if (link) return link
  }
  return null
}
