import type { Transaction } from '@portico/shared-types'
import { useT } from '../../i18n/useT.ts'

type Nft = { name: string; image: string | null }

/** NFTs the account holds, as its activity shows them: received and not sent on since, spam left out. */
export function ownedNfts(transactions: readonly Transaction[]): Nft[] {
  const held = new Map<string, Nft & { balance: number }>()
  for (const tx of [...transactions].reverse()) {
    for (const transfer of tx.transfers) {
      const nft = transfer.nft_info
      if (!nft || nft.flags.is_spam) continue
      const entry = held.get(nft.name) ?? { name: nft.name, image: nft.content.preview?.url ?? null, balance: 0 }
      entry.balance += transfer.direction === 'in' ? 1 : transfer.direction === 'out' ? -1 : 0
      held.set(nft.name, entry)
    }
  }
  return [...held.values()].filter((n) => n.balance > 0).map(({ name, image }) => ({ name, image }))
}

export function NftGrid({ transactions }: { transactions: readonly Transaction[] }) {
  const t = useT()
  const nfts = ownedNfts(transactions)
  if (nfts.length === 0) return <p className="portico-empty">{t('noNfts')}</p>
  return (
    <ul className="portico-nft-grid">
      {nfts.map((nft) => (
        <li key={nft.name} className="portico-nft">
          {nft.image ? <img src={nft.image} alt="" loading="lazy" /> : <span className="portico-nft-placeholder" aria-hidden="true" />}
          <span className="portico-nft-name">{nft.name}</span>
        </li>
      ))}
    </ul>
  )
}
