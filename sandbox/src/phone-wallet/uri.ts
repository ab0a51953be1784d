/** A WalletConnect v2 pairing URI, read: `wc:{topic}@2?relay-protocol=irn&symKey={key}&expiryTimestamp={s}`. */
export type PairingUri = { topic: string; symKey: string; relayProtocol: string; expiresAt: number | undefined }

export type UriCheck = { ok: true; uri: string; pairing: PairingUri } | { ok: false; message: string }

export const URI_MESSAGES = {
  empty: 'Paste the WalletConnect link the dapp shows (its "Copy link" button), then press Connect.',
  notWalletConnect: 'This is not a WalletConnect link: it starts with "wc:". Copy the link from the dapp (its "Copy link" button) and paste it here.',
  version1: 'This is a WalletConnect v1 link. The wallet speaks WalletConnect v2 only: ask the dapp for a new link.',
  damaged: 'This WalletConnect link is incomplete or damaged. Copy it again from the dapp.',
  expired: 'This WalletConnect link has expired. Ask the dapp for a new one (close and reopen its QR code).',
  used: 'This WalletConnect link was already used. Ask the dapp for a new one.',
} as const

const HEX_32 = /^[0-9a-f]{64}$/i

/**
 * Reads what a person pasted or a deep link carried (`…/wc?uri=wc%3A…` arrives decoded) and says,
 * in words a person can act on, what is wrong with it; `now` is in milliseconds.
 */
export function checkPairingUri(input: string, now: number): UriCheck {
  const uri = input.trim()
  if (uri === '') return { ok: false, message: URI_MESSAGES.empty }
  if (!/^wc:/i.test(uri)) return { ok: false, message: URI_MESSAGES.notWalletConnect }
  const match = /^wc:(?:\/\/)?([^@?]+)@(\d+)(?:\?(.*))?$/i.exec(uri)
  if (!match) return { ok: false, message: URI_MESSAGES.damaged }
  const [, topic = '', version = '', query = ''] = match
  if (version === '1') return { ok: false, message: URI_MESSAGES.version1 }
  const params = new URLSearchParams(query)
  const symKey = params.get('symKey') ?? ''
  const relayProtocol = params.get('relay-protocol') ?? ''
  const expiry = params.get('expiryTimestamp')
  if (version !== '2' || !HEX_32.test(topic) || !HEX_32.test(symKey) || relayProtocol === '') return { ok: false, message: URI_MESSAGES.damaged }
  if (expiry !== null && !/^\d+$/.test(expiry)) return { ok: false, message: URI_MESSAGES.damaged }
  const expiresAt = expiry === null ? undefined : Number(expiry) * 1000
  if (expiresAt !== undefined && expiresAt <= now) return { ok: false, message: URI_MESSAGES.expired }
  return { ok: true, uri, pairing: { topic: topic.toLowerCase(), symKey, relayProtocol, expiresAt } }
}

/** The `uri` of a deep link (`/wc?uri=…`), if the page was opened through one. */
export function uriFromLocation(href: string): string | undefined {
  try {
    const value = new URL(href).searchParams.get('uri')
    return value === null || value.trim() === '' ? undefined : value
  } catch {
    return undefined
  }
}
