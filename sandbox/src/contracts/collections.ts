export type CollectionKey = 'PIONEER' | 'CLAIM'

/**
 * The ERC-721 collections the sandbox deploys (after the tokens). `spam` is the data API's verdict,
 * answered as `nft_info.flags.is_spam`: clients drop transactions that only move spam NFTs.
 */
export type CollectionDefinition = { key: CollectionKey; name: string; symbol: string; spam: boolean; colour: string }

export const COLLECTION_DEFINITIONS: readonly CollectionDefinition[] = [
  { key: 'PIONEER', name: 'Portico Pioneers', symbol: 'PIONEER', spam: false, colour: '#0f766e' },
  { key: 'CLAIM', name: 'Free Mint Pass', symbol: 'CLAIM', spam: true, colour: '#dc2626' },
]
