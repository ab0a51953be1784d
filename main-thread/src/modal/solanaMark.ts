import { siSolana } from 'simple-icons'

/**
 * Solana's mark (simple-icons), in a chunk of its own: only a dapp with a Solana network shows it,
 * so the modal's first chunk does not carry its path.
 */
export const SOLANA_MARK_PATH = siSolana.path
