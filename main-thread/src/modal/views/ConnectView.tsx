import { usePorticoClient, useSnapshot } from '../../context.ts'

/** Wallets discovered on the page (EIP-6963), each a button named after the wallet. */
export function ConnectView() {
  const client = usePorticoClient()
  const { wallets } = useSnapshot()
  if (wallets.length === 0) {
    return (
      <p className="portico-empty" role="status">
        No browser wallet was found on this page. Install a wallet extension, then reload.
      </p>
    )
  }
  return (
    <ul className="portico-list" aria-label="Wallets">
      {wallets.map(({ info }) => (
        <li key={info.rdns}>
          <button type="button" className="portico-wallet" aria-describedby={`portico-installed-${info.uuid}`} onClick={() => void client.connect(info.rdns)}>
            <img className="portico-wallet-icon" src={info.icon} alt="" width={40} height={40} />
            <span className="portico-wallet-name">{info.name}</span>
            <span className="portico-tag" id={`portico-installed-${info.uuid}`}>Installed</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
