import { useT } from '../../../i18n/useT.ts'
import { NetworksView } from './NetworksView.tsx'

/** SPEC.md §2: the wallet is on a network the dapp does not list. */
export function UnsupportedChainView() {
  const t = useT()
  return (
    <div className="portico-unsupported">
      <p className="portico-lead">{t('unsupportedChain')}</p>
      <NetworksView />
    </div>
  )
}
