/**
 * The sandbox's Solana chain: one LiteSVM (a real Solana runtime, System and SPL Token programs
 * included) behind a JSON-RPC server. Everything a client can see of it is fixed here.
 */

/** The chain's genesis hash (base58 of SHA-256 of SOLANA_GENESIS_SEED): the same on every machine and run, so its CAIP-2 id is too. */
export const SOLANA_GENESIS_HASH = 'CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4sEoATNex9cKu'
/** What the genesis hash is the SHA-256 of (checked by the tests). */
export const SOLANA_GENESIS_SEED = 'portico-sandbox-solana-localnet'
/** CAIP-2 id of the local chain: `solana:` and the genesis hash's first 32 characters (CAIP-30). */
export const SOLANA_LOCALNET_CAIP_ID = `solana:${SOLANA_GENESIS_HASH.slice(0, 32)}` as const
export const SOLANA_LOCALNET_NAME = 'Solana Localnet'
export const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
export const LAMPORTS_PER_SOL = 1_000_000_000n

/** A slot every 400 ms, as on Solana's clusters. */
export const SLOT_MS = 400
/** A blockhash is valid for 150 blocks after its own (MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALID_BLOCKS = 150
/** What every signature costs. */
export const LAMPORTS_PER_SIGNATURE = 5000
/** The most one requestAirdrop may ask for. */
export const MAX_AIRDROP_LAMPORTS = 1_000n * LAMPORTS_PER_SOL
/** The version getVersion reports (the Agave line LiteSVM 1.5 executes). */
export const SOLANA_CORE_VERSION = '2.3.0'

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'

/**
 * The local chain's ports: `ports.solana`, else PORTICO_SOLANA_PORT, else the data API's port + 112
 * (8899, as a Solana test validator), and its websocket on `ports.solanaWs`, else
 * PORTICO_SOLANA_WS_PORT, else the RPC port + 1 (8900, where `@solana/web3.js` looks for it).
 */
export const SOLANA_PORT_FROM_DATA_API = 112
