import * as z from './zod-mini.ts'
import { caipNetworkIdSchema } from './caip.ts'
import { safeHref } from './safeUrl.ts'

/** The storage prefix of `@walletconnect/universal-provider`'s own keys (SPEC.md §9). */
export const UNIVERSAL_PROVIDER_STORAGE_PREFIX = 'wc@2:universal_provider:'

/** One namespace of an approved WalletConnect session (SPEC.md §3: chains, methods, events, accounts). */
export const walletConnectNamespaceSchema = z.object({
  chains: z.array(z.string()),
  accounts: z.array(z.string()),
  methods: z.array(z.string()),
  events: z.array(z.string()),
})

/** The wallet at the other end of a session, as it describes itself. */
export const walletConnectPeerSchema = z.object({ name: z.string(), url: z.string(), icons: z.array(z.string()) })

/** The longest wallet name kept from a peer's metadata (longer ones are cut). */
export const WALLET_CONNECT_PEER_NAME_MAX = 64
/** The longest wallet description kept from a peer's metadata. */
export const WALLET_CONNECT_PEER_DESCRIPTION_MAX = 256
/** The most icons kept from a peer's metadata. */
export const WALLET_CONNECT_PEER_ICONS_MAX = 4

/** Control characters and the bidirectional overrides that make a name read as another. */
// eslint-disable-next-line no-control-regex
const UNSHOWN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** A text field of the metadata: without control characters, trimmed, cut to `max`; '' when it is no string. */
const peerText = (value: unknown, max: number) => (typeof value === 'string' ? value.replace(UNSHOWN_CHARACTERS, '').trim().slice(0, max).trim() : '')

/**
 * The metadata a wallet sends about itself when it approves a session (name, description, url,
 * icons): outside data, parsed field by field so a bad field costs that field, never the session.
 * Names and descriptions lose control characters and are cut to length; the url must pass the web
 * gate (`toSafeUrl`, else ''); icons must pass the image gate (https, or http on a loopback host;
 * never a `data:` URI), the others are left out. Anything that is no object gives the empty metadata.
 *
 * @example
 * z.parse(walletConnectPeerMetadataSchema, { name: 'Wallet', url: 'javascript:alert(1)', icons: ['data:text/html,x'] })
 * // { name: 'Wallet', description: '', url: '', icons: [] }
 */
export const walletConnectPeerMetadataSchema = z.pipe(
  z.unknown(),
  z.transform((value: unknown) => {
    const metadata: Record<string, unknown> = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
    const icons = Array.isArray(metadata['icons']) ? (metadata['icons'] as unknown[]) : []
    return {
      name: peerText(metadata['name'], WALLET_CONNECT_PEER_NAME_MAX),
      description: peerText(metadata['description'], WALLET_CONNECT_PEER_DESCRIPTION_MAX),
      url: safeHref(metadata['url'], { kind: 'web', allowLoopbackHttp: true }) ?? '',
      icons: icons.flatMap((icon) => safeHref(icon, { kind: 'image', allowLoopbackHttp: true }) ?? []).slice(0, WALLET_CONNECT_PEER_ICONS_MAX),
    }
  }),
)
export type WalletConnectPeerMetadata = z.infer<typeof walletConnectPeerMetadataSchema>

export const walletConnectSessionSchema = z.object({
  topic: z.string(),
  peer: walletConnectPeerSchema,
  namespaces: z.record(z.string(), walletConnectNamespaceSchema),
  /** The chain requests go to (the universal provider's default chain). */
  defaultChain: z.nullable(caipNetworkIdSchema),
  /** Seconds since epoch, as the protocol counts. */
  expiry: z.number(),
})
export type WalletConnectSession = z.infer<typeof walletConnectSessionSchema>

/**
 * WalletConnect as every tab sees it (SPEC.md §4): the pending pairing's URI and when it expires, the
 * last pairing's failure, and the approved session. Kept by the core so a tab opened later shows the
 * same QR code, or is connected at once.
 */
export const walletConnectStateSchema = z.object({
  /** idle: nothing asked; loading: the client starts or a URI is being made; pairing: `uri` waits for a wallet; failed: the last pairing failed (`error`). */
  status: z.enum(['idle', 'loading', 'pairing', 'failed']),
  uri: z.nullable(z.string()),
  /** When the pending pairing expires (ms since epoch; SPEC.md §9: 4 minutes after it was made). */
  expiresAt: z.nullable(z.number()),
  error: z.nullable(z.string()),
  session: z.nullable(walletConnectSessionSchema),
  /**
   * The core has loaded its WalletConnect client (and opened the relay socket): making a pairing now
   * downloads nothing, so the Connect view opening may prepare one (a first visit waits for the
   * pointer to near the WalletConnect row).
   */
  clientLoaded: z.boolean(),
})
export type WalletConnectState = z.infer<typeof walletConnectStateSchema>

export const emptyWalletConnect: WalletConnectState = { status: 'idle', uri: null, expiresAt: null, error: null, session: null, clientLoaded: false }

/** The WalletConnect part of the dapp's configuration. */
export const walletConnectConfigSchema = z.object({
  /** The relay's websocket URL (the sandbox's: ws://127.0.0.1:8789). */
  relayUrl: z._default(z.string().check(z.regex(/^wss?:\/\//, 'Expected a ws:// or wss:// URL')), 'wss://relay.walletconnect.org'),
  /** How long a pairing URI lives (SPEC.md §9: 4 minutes); tests shorten it to see the refresh. */
  pairingExpiryMs: z.optional(z.int().check(z.positive())),
})
export type WalletConnectConfig = z.output<typeof walletConnectConfigSchema>

/** What a page asks the session for through the core (an EIP-1193 request, on the active chain unless `caipNetworkId` says otherwise). */
export type WalletConnectRequestParameters = { method: string; params?: unknown; caipNetworkId?: string | undefined }
