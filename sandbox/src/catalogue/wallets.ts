import type { CaipNetworkId, WalletListing } from '@portico/shared-types'
import { createHash } from 'node:crypto'
import { seededRandom } from '../seed/prng.ts'
import { FIRST_WORDS, SECOND_WORDS } from './words.ts'

/** A catalogue entry with what the image route needs to draw its logo. */
export type CatalogueWallet = WalletListing & { image: { kind: 'generated'; colour: string } | { kind: 'svg'; svg: string }; rank: number }

export const SOLANA_MAINNET: CaipNetworkId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const CHAIN_CHOICES: readonly CaipNetworkId[] = ['eip155:1', 'eip155:31337', 'eip155:31338', SOLANA_MAINNET]

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

/** A UUID-shaped id derived from `seed` (image ids look like the hosted catalogue's). */
export function uuidFrom(seed: string): string {
  const h = sha256(seed)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export function walletIdFor(name: string): string {
  return sha256(`portico-catalogue:${name}`)
}

/**
 * Every combination of the word lists (660 wallets), in a fixed pseudo-random ranking: ids,
 * images, chains, links and the few rdns are derived from the name, so the list is the same on
 * every start.
 */
export function generateWallets(): CatalogueWallet[] {
  const random = seededRandom(0x9071c0)
  const wallets: CatalogueWallet[] = []
  for (const first of FIRST_WORDS) {
    for (const second of SECOND_WORDS) {
      const name = `${first} ${second}`
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '')
      const chains = CHAIN_CHOICES.filter(() => random() < 0.5)
      const n = wallets.length
      wallets.push({
        id: walletIdFor(name),
        name,
        image_id: uuidFrom(`image:${name}`),
        rdns: n % 9 === 0 ? `io.${slug}` : null,
        chains: chains.length > 0 ? chains : ['eip155:1'],
        mobile_link: random() < 0.8 ? `${slug}://` : null,
        desktop_link: random() < 0.3 ? `${slug}-desktop://` : null,
        webapp_link: random() < 0.4 ? `https://app.${slug}.example` : null,
        homepage: `https://${slug}.example`,
        badge_type: random() < 0.15 ? 'certified' : 'none',
        image: { kind: 'generated', colour: `hsl(${Math.floor(random() * 360)}, 60%, 45%)` },
        rank: random(),
      })
    }
  }
  return wallets.sort((a, b) => Number(b.badge_type === 'certified') - Number(a.badge_type === 'certified') || a.rank - b.rank)
}

/** The public fields of an entry (what GET /getWallets answers). */
export function toListing({ image: _image, rank: _rank, ...listing }: CatalogueWallet): WalletListing {
  return listing
}
