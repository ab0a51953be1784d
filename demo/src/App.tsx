import { ConnectButton, NetworkButton, PorticoProvider, useAccount, useNetwork, useTheme } from '@portico/react'
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

function ThemeToggle() {
  const { themeMode, setThemeMode } = useTheme()
  const next = themeMode === 'dark' ? 'light' : 'dark'
  return (
    <button type="button" className="demo-secondary" onClick={() => setThemeMode(next)}>
      {next === 'dark' ? 'Dark theme' : 'Light theme'}
    </button>
  )
}

export function App() {
  return (
    <PorticoProvider config={porticoConfig}>
      <main className="demo">
        <header className="demo-header">
          <h1>Portico demo</h1>
          <div className="demo-actions">
            <ThemeToggle />
            <NetworkButton className="demo-secondary" />
            <ConnectButton />
          </div>
        </header>
        <p>This page is a dapp that embeds Portico. Open the modal to connect a wallet.</p>
        <Status />
      </main>
    </PorticoProvider>
  )
}
