import { ConnectButton, PorticoProvider, useAccount, useNetwork } from '@portico/react'
import { porticoConfig } from './config.ts'

function Status() {
  const { isConnected, address, status } = useAccount()
  const { network } = useNetwork()
  return (
    <p className="demo-status" data-testid="dapp-status">
      {isConnected ? `Connected ${address} on ${network?.name}` : status === 'connecting' ? 'Connecting…' : 'Not connected'}
    </p>
  )
}

export function App() {
  return (
    <PorticoProvider config={porticoConfig}>
      <main className="demo">
        <header className="demo-header">
          <h1>Portico demo</h1>
          <ConnectButton />
        </header>
        <p>This page is a dapp that embeds Portico. Open the modal to connect a wallet.</p>
        <Status />
      </main>
    </PorticoProvider>
  )
}
