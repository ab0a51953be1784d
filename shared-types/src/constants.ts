/** Business constants and limits of SPEC.md §9, in milliseconds where they are durations. */
export const SECOND_MS = 1_000
export const MINUTE_MS = 60 * SECOND_MS
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS
export const WEEK_MS = 7 * DAY_MS
export const MONTH_MS = 30 * DAY_MS
export const YEAR_MS = 365 * DAY_MS

export const EMAIL_LOGIN_COOLDOWN_MS = 30 * SECOND_MS
/** Delay before the 'Action not allowed' message after a disallowed call of the embedded wallet (SPEC.md §6). */
export const EMBEDDED_NOT_ALLOWED_MESSAGE_DELAY_MS = 300
export const BALANCE_RETRY_BLOCK_MS = 30 * SECOND_MS
export const BALANCE_CACHE_MS = 30 * SECOND_MS
export const PORTFOLIO_CACHE_MS = 30 * SECOND_MS
export const IDENTITY_CACHE_MS = 5 * MINUTE_MS
export const NAME_CACHE_MS = 5 * MINUTE_MS

export const RECENT_WALLETS_KEPT = 2
/** Wallets connected at once (`multiWallet`): connecting one more lets the least recently used one not in use go. */
export const CONNECTED_WALLETS_LIMIT = 10
export const SWAP_SLIPPAGE_TOLERANCE = 1
export const PENDING_TRANSACTIONS_LIMIT = 99

/** Display decimals. SPEC.md gives balances 2 (3 in another view), token quantity 3, token balances 2. */
export const DISPLAY_DECIMALS = {
  balance: 2,
  balanceDetailed: 3,
  tokenQuantity: 3,
  tokenValue: 2,
} as const

export const WALLET_SEARCH_ENTRIES = 100
export const WALLET_SEARCH_MIN_WAIT_MS = 300
export const RECOMMENDED_WALLETS = 4
export const ALL_WALLETS_PAGE_ENTRIES = 40
export const ALL_WALLETS_IMAGES_PREFETCHED = 20
export const FEATURED_WALLETS_DEFAULT = 4

export const IMAGE_PRELOAD_TIMEOUT_MS = 2 * SECOND_MS
export const DEBOUNCE_DEFAULT_MS = 500
export const RETRY_GUARD_MS = 1 * SECOND_MS
export const RETRY_DEFAULT_COUNT = 3
export const RETRY_BASE_DELAY_MS = 150

export const HEARTBEAT_MS = 5 * SECOND_MS
export const HTTP_RPC_TIMEOUT_MS = 10 * SECOND_MS
export const HTTP_RPC_BATCH_SIZE = 1000
export const FALLBACK_TRANSPORT = {
  rankingIntervalMs: 4 * SECOND_MS,
  sampleCount: 10,
  weights: { stability: 0.7, latency: 0.3 },
  pingTimeoutMs: 1 * SECOND_MS,
} as const

export const REQUEST_MAP_CACHE_ENTRIES = 8192
/**
 * The version of the records the core keeps in IndexedDB (the `v` of each). Version 2 names the
 * record's kind in its envelope (so a full quota evicts caches by kind); version 1 records are
 * migrated on read (`STORED_RECORD_MIGRATIONS`, shared-types/src/storage.ts).
 */
export const STORAGE_VERSION = 2
/** The restore of the core's records gives up after this long and the core starts fresh. */
export const STORAGE_RESTORE_TIMEOUT_MS = 1 * SECOND_MS
/** One IndexedDB operation not answered within this long counts as failed (a blocked database). */
export const STORAGE_OPERATION_TIMEOUT_MS = 1 * SECOND_MS
/**
 * How long a restarted core looks on chain for the transaction of a write whose wallet request was
 * sent but whose answer never reached it; after that its outcome is reported unknown.
 */
export const WRITE_RECONCILE_MS = 5 * MINUTE_MS
/** In-flight writes the core keeps (persisted) at most. */
export const IN_FLIGHT_WRITES_LIMIT = 20

export const ANIMATION_MS = { short: 120, medium: 150 } as const
export const NOTIFICATION_SWAP_DELAY_MS = 150
export const SHAKE_MS = 500
export const MODAL_Z_INDEX = 999
export const MODAL_WIDTH_PX = 360
export const FONT_SIZE_MASTER_PX = 10
export const BORDER_RADIUS_MASTER_PX = 4
export const AVATAR_TINTS = 5

export const PAIRING_EXPIRY_MS = 4 * MINUTE_MS
export const PAIRING_EXPIRED_BELOW_MS = 10 * SECOND_MS
/**
 * How near the pointer must come to the WalletConnect row (px from its box, any side) for the
 * visitor's approach to count as intent: the core then loads its WalletConnect client and makes a
 * pairing ready. About two rows above or below it (a row is 56 px high) and a third of the modal's
 * width beside it: a pointer heading for the row crosses it in the slow, aiming end of its movement,
 * while one resting on the Connect Wallet button, or heading for another method, mostly stays out.
 */
export const WALLET_CONNECT_NEAR_PX = 120

/** Namespaces for which balances are offered (SPEC.md §9). */
export const BALANCE_NAMESPACES = ['eip155', 'solana'] as const
/** Namespaces with names and activity history (SPEC.md §9). */
export const HISTORY_NAMESPACES = ['eip155'] as const
export const NAME_NAMESPACES = ['eip155'] as const

export const SWAP_SUPPORTED_CHAIN_IDS = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554] as const

/** Default order of connection methods (SPEC.md §1). */
export const DEFAULT_METHOD_ORDER = ['email', 'social', 'wallet'] as const
/** Connector order (SPEC.md §1). */
export const CONNECTOR_ORDER = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
/** Wallet feature order (SPEC.md §1). */
export const WALLET_FEATURE_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const

/**
 * Analytics (SPEC.md §7): events wait in the core this long after the last one before they go (or go
 * at once when every tab is hidden); at most this many wait, the oldest dropped first (offline).
 */
export const ANALYTICS_FLUSH_MS = 1_000
export const ANALYTICS_QUEUE_MAX = 100

/** The SDK identity sent as `st` and `sv` on every data API and catalogue call. */
export const SDK_TYPE = 'portico'
export const SDK_VERSION = 'react-portico-0.1.0'

/** Preferred account type per namespace when none was chosen (SPEC.md §4). */
export const DEFAULT_ACCOUNT_TYPES = { eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' } as const

/**
 * Chains served by the project's hosted RPC (`{rpcUrl}/v1/?chainId=…&projectId=…`, SPEC.md §7). Other
 * chains use their own default RPC URLs; `rpcMap` wins over both. The core's options may replace this list.
 */
export const HOSTED_RPC_CHAINS = [
  'eip155:1',
  'eip155:10',
  'eip155:56',
  'eip155:97',
  'eip155:100',
  'eip155:137',
  'eip155:324',
  'eip155:8453',
  'eip155:42161',
  'eip155:42220',
  'eip155:43113',
  'eip155:43114',
  'eip155:80002',
  'eip155:84532',
  'eip155:421614',
  'eip155:7777777',
  'eip155:11155111',
  'eip155:11155420',
  'eip155:1313161554',
  'eip155:1313161555',
] as const

/** How long the core keeps a catalogue answer in memory (the service worker keeps the bytes longer). */
export const CATALOGUE_CACHE_MS = 10 * MINUTE_MS
/** How long the data API's supported-chains answer is trusted. */
export const SUPPORTED_CHAINS_CACHE_MS = HOUR_MS
/** Fungible prices and the first page of transactions are shared for the same window as balances. */
export const PRICE_CACHE_MS = 30 * SECOND_MS
export const TRANSACTIONS_CACHE_MS = 30 * SECOND_MS
/** The NFTs an account holds are shared for the same window as its balances. */
export const NFT_HOLDINGS_CACHE_MS = 30 * SECOND_MS
/** The EVM native coin's address in token APIs (convert, prices): SPEC.md §9's fixed per-namespace address. */
export const EIP155_NATIVE_TOKEN_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
/** The chain's swap tokens change rarely; a quote is asked again after 10 s while the Swap view is open. */
export const SWAP_TOKENS_CACHE_MS = 10 * MINUTE_MS
export const SWAP_QUOTE_CACHE_MS = 10 * SECOND_MS
/** The Send view's fee and Max: the gas price moves, so they are read again after 10 s. */
export const SEND_ESTIMATE_CACHE_MS = 10 * SECOND_MS
/** Namespaces whose NFT holdings the data API answers. */
export const NFT_NAMESPACES = ['eip155'] as const

/** Every state change reaches every open tab within this budget (measured and printed by `npm run bench`, "State push to 3 tabs"). */
export const STATE_PROPAGATION_BUDGET_MS = 100
/** Web Lock held by the tab whose dedicated worker runs the core when SharedWorker is missing. */
export const CORE_LEADER_LOCK = 'portico-core-leader'
/** BroadcastChannel over which dedicated-worker cores forward calls and share state. */
export const CORE_CHANNEL = 'portico-core'

/** SPEC.md §8 tracked events (zod-free, so the page's analytics reads the list without the schemas). */
export const TRACKED_EVENTS = [
  'MODAL_CREATED',
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'SELECT_WALLET',
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'SIWX_AUTH_ERROR',
  'SIWX_AUTH_SUCCESS',
  'CLICK_CANCEL_SIWX',
  'SEND_INITIATED',
  'SEND_SUCCESS',
  'SEND_ERROR',
  'SWITCH_NETWORK',
  'DISCONNECT_SUCCESS',
  'DISCONNECT_ERROR',
  'SEARCH_WALLET',
  'ERROR_FETCH_TRANSACTIONS',
] as const
export type TrackedEvent = (typeof TRACKED_EVENTS)[number]

/**
 * The EIP-1193 error code (JSON-RPC's implementation-defined range) of a wallet request cut off on the
 * way (the core it went through stopped answering): it may have been sent. The core then looks for
 * it on chain instead of asking again, and the write ends as WRITE_OUTCOME_UNKNOWN.
 */
export const WRITE_OUTCOME_UNKNOWN_CODE = -32050

/**
 * Characters that make text read other than it is: control characters, direction marks, overrides and
 * isolates (right-to-left), and invisible ones (zero-width spaces and joiners, the word joiner, the
 * byte-order mark, invisible operators, the Mongolian vowel separator, the Arabic letter mark). One rule
 * for every place a wallet's or a contract's text is shown (the frame's approvals, the simulated preview).
 */
export const DECEPTIVE_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/
