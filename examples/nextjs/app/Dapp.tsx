'use client'
// Portico in a client component. It renders on the server too (the buttons, disconnected), and the
// session starts in the browser only.
import { AccountButton, ConnectButton, NetworkButton, PorticoProvider, useAccount } from '@portico/react'
import { config } from './config'

function Status() {
  const { address, status } = useAccount()
  return (
    <p>
      Status: <output data-testid="status">{status}</output>
      {address ? (
        <>
          {' '}
          as <output data-testid="address">{address}</output>
        </>
      ) : null}
    </p>
  )
}

export function Dapp() {
  return (
    <PorticoProvider config={config}>
      <main>
        <h1>My dapp</h1>
        <NetworkButton />
        <ConnectButton />
        <AccountButton />
        <Status />
      </main>
    </PorticoProvider>
  )
}
