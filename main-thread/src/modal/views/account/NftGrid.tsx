import type { NftHolding } from '@portico/shared-types'
import { useAccount } from '../../../hooks/index.ts'
import { useNftHoldings } from '../../../hooks/queries/useNftHoldings.ts'
import { useT } from '../../../i18n/useT.ts'
import { SafeImage } from '../../../components/SafeImage.tsx'

/** One item per token: the same token id of the same contract on the same network. */
export const nftKey = (nft: NftHolding) => `${nft.chain}:${nft.contract.toLowerCase()}:${nft.tokenId}`

/**
 * The NFTs the account holds now, as the core reads them from the chain's state (not from Activity,
 * so every tab shows the same ones however far Activity was scrolled). Offline, the last ones read.
 */
export function NftGrid() {
  const t = useT()
  const { caipAddress } = useAccount()
  const { status, data, error, refetch } = useNftHoldings({ caipAddress })

  if (error?.name === 'UnsupportedChainError') return <p className="portico-empty">{t('nftsUnsupported')}</p>
  if (!data) {
    if (status === 'error') {
      return (
        <div className="portico-empty" role="alert">
          <p>{t('nftsFailed')}</p>
          <button type="button" className="portico-button portico-secondary" onClick={refetch}>
            {t('tryAgain')}
          </button>
        </div>
      )
    }
    return (
      <div className="portico-nft-grid" role="status" aria-busy="true" aria-label={t('loadingNfts')}>
        {[0, 1, 2].map((i) => (
          <span key={i} className="portico-skeleton portico-nft-placeholder" />
        ))}
      </div>
    )
  }
  const failedNote =
    status === 'error' ? (
      <p className="portico-note" role="status">
        {t('nftsFailed')}
      </p>
    ) : null
  if (data.data.length === 0) {
    return (
      <>
        {failedNote}
        <p className="portico-empty">{t('noNfts')}</p>
      </>
    )
  }
  return (
    <>
      {failedNote}
      <ul className="portico-nft-grid" aria-label={t('nfts')}>
        {data.data.map((nft) => (
          <li key={nftKey(nft)} className="portico-nft">
            <SafeImage src={nft.imageUrl} alt="" loading="lazy" fallback={<span className="portico-nft-placeholder" aria-hidden="true" />} />
            <span className="portico-nft-name">{nft.name}</span>
          </li>
        ))}
      </ul>
    </>
  )
}
