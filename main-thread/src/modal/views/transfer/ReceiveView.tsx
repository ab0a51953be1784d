import { useState } from 'react'
import { splitCaipAddress } from '@portico/shared-types/light'
import { useAccount } from '../../../hooks/index.ts'
import { useConfig, useSnapshot } from '../../../context.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { Icon } from '../../icons.tsx'
import { QrCode } from '../../QrCode.tsx'
import { TRANSFER_MESSAGES } from './transfer.messages.ts'
import '../../../styles/transfer.css'

/**
 * The payment URI a wallet that scans it opens a transfer with: EIP-681 for an eip155 address (to it
 * on that chain), a Solana Pay transfer request for a solana one (`solana:<address>`), else the address.
 */
export function receiveUri(caipAddress: string): string {
  const { namespace, reference, address } = splitCaipAddress(caipAddress as `eip155:${string}:${string}`)
  if (namespace === 'eip155') return `ethereum:${address}@${reference}`
  if (namespace === 'solana') return `solana:${address}`
  return address
}

/** The account's address to receive on: a QR code, the address in full with copy, its name, its networks. Needs no network. */
export default function ReceiveView() {
  const t = useMessages(TRANSFER_MESSAGES)
  const { core } = useSnapshot()
  const { address, caipAddress } = useAccount()
  const [copied, setCopied] = useState(false)
  const config = useConfig()
  if (!address || !caipAddress || !core) return null
  const { namespace } = splitCaipAddress(caipAddress)
  const networks = config.networks.filter((n) => n.chainNamespace === namespace)
  const copy = async () => {
    await navigator.clipboard?.writeText(address).catch(() => undefined)
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }
  return (
    <div className="portico-receive">
      <p className="portico-muted">{t('receiveIntro')}</p>
      <QrCode value={receiveUri(caipAddress)} label={t('qrLabel', { address })} />
      {core.identity.name ? (
        <p className="portico-name" data-testid="receive-name">
          {core.identity.name}
        </p>
      ) : null}
      <p className="portico-receive-address" data-testid="receive-address">
        <span className="portico-visually-hidden">{t('fullAddress')}: </span>
        {address}
      </p>
      <button type="button" className="portico-button" onClick={() => void copy()}>
        <Icon name={copied ? 'check' : 'copy'} />
        {copied ? t('addressCopied') : t('copyAddress')}
      </button>
      <p className="portico-visually-hidden" role="status">
        {copied ? t('addressCopied') : ''}
      </p>
      <h3 className="portico-subtitle">{t('receiveNetworks')}</h3>
      <ul className="portico-receive-networks">
        {networks.map((n) => (
          <li key={n.caipNetworkId}>{n.name}</li>
        ))}
      </ul>
    </div>
  )
}
